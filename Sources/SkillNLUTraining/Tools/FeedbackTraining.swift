import InteractionModel

/// The annotated utterances a ``FeedbackLog``'s entries teach a skill as it is now, and what
/// was left out and why: what `nlu-train --annotated FEEDBACK.jsonl` trains on and reports.
///
/// A turn judged right is an utterance of the intent it was given; a turn judged wrong is one of
/// its correction. Left out: a wrong turn with no correction; an entry naming an intent or a slot
/// the skill no longer has (stale: the skill changed since the judgement); an entry with a slot
/// whose value was not found in the text (the tagger would learn its words as no slot at all).
public struct FeedbackTraining: Sendable, Equatable {
    /// Why an entry was left out.
    public enum Skip: Sendable, Equatable {
        /// The skill has no intent of that name.
        case staleIntent(String)
        /// The intent has no slot of that name.
        case staleSlot(intent: String, slot: String)
        /// Judged wrong without saying what was meant.
        case noCorrection
        /// A slot's value is not in the text, so its place is unknown.
        case slotWithoutSpan(slot: String, value: String)

        public var isStale: Bool {
            switch self {
            case .staleIntent, .staleSlot: true
            case .noCorrection, .slotWithoutSpan: false
            }
        }
    }

    /// An entry left out, and why.
    public struct Skipped: Sendable, Equatable {
        public var entry: FeedbackEntry
        public var reason: Skip
    }

    /// The utterances to train on, in log order.
    public var utterances: [LabeledUtterance]
    /// How many of them are corrections (the rest were judged right).
    public var corrected: Int
    /// Each entry left out, in log order.
    public var skipped: [Skipped]

    public var stale: Int { skipped.filter { $0.reason.isStale }.count }

    public init(entries: [FeedbackEntry], for model: InteractionModel) {
        utterances = []
        corrected = 0
        skipped = []
        for entry in entries {
            switch Self.utterance(of: entry, model: model) {
            case .success(let utterance):
                utterances.append(utterance)
                if entry.verdict == .wrong { corrected += 1 }
            case .failure(let skip):
                skipped.append(Skipped(entry: entry, reason: skip.reason))
            }
        }
    }

    private struct Failure: Error { var reason: Skip }

    private static func utterance(of entry: FeedbackEntry, model: InteractionModel) -> Result<LabeledUtterance, Failure> {
        guard let name = entry.intent else { return .failure(Failure(reason: .noCorrection)) }
        guard let intent = model.intent(named: name) else { return .failure(Failure(reason: .staleIntent(name))) }
        var spans: [LabeledUtterance.Span] = []
        for slot in entry.slots {
            guard intent.slots.contains(where: { $0.name == slot.slot }) else {
                return .failure(Failure(reason: .staleSlot(intent: name, slot: slot.slot)))
            }
            guard let start = slot.start, let end = slot.end else {
                return .failure(Failure(reason: .slotWithoutSpan(slot: slot.slot, value: slot.value)))
            }
            spans.append(LabeledUtterance.Span(slot: slot.slot, value: slot.value, start: start, end: end))
        }
        return .success(LabeledUtterance(text: entry.text, intent: name, slots: spans))
    }
}
