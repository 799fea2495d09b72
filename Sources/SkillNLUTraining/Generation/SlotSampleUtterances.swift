import InteractionModel
import SkillNLU

extension TrainingDataGenerator {
    /// Utterances that carry a slot its intent declares but none of the intent's samples names,
    /// built from the slot's own samples (the answers the model lists for its elicitation).
    ///
    /// An intent such as "check availability", whose one sample has no slot while its date and
    /// time slots are said only in slot samples ("check {date}", "on {date}"), otherwise never
    /// shows the classifier a date: every utterance with a date then goes to the intent whose
    /// samples carry dates ("schedule an appointment on {date}"), and "is friday available"
    /// is scheduled. Each utterance is a slot sample, said after one of the intent's samples
    /// without slots ("check availability on {date}") or, when the slot sample has words of its
    /// own, alone as well ("check {date}", "she likes {preference} music"); a bare "{slot}"
    /// follows a sample only for parsed types, whose values show where they begin. Only slots with
    /// samples take part, so models without such slots (the public corpora's) train as before.
    public func slotSampleUtterances(of model: InteractionModel) -> [LabeledUtterance] {
        let target = options.slotSampleUtterances ?? GenerationOptions.defaultSlotSampleUtterances
        guard target > 0 else { return [] }
        var rng = SeededGenerator(seed: options.seed &+ 71)
        let fillers = Fillers(generator: self)
        var out: [LabeledUtterance] = []
        for declared in model.languageModel.intents where !declared.name.hasPrefix("AMAZON.") {
            guard let intent = schema.intents.first(where: { $0.name == declared.name }), !intent.samples.isEmpty else { continue }
            let named = Set(intent.samples.flatMap(\.slotNames))
            let plain = intent.samples.filter { $0.slotNames.isEmpty }.map(\.canonicalText)
            for slot in declared.slots {
                guard !named.contains(slot.name), let info = intent.slot(named: slot.name) else { continue }
                let texts = slot.samples.map(SampleTemplate.lenient).filter { template in
                    template.slotNames.contains(slot.name) && template.slotNames.allSatisfy { intent.slot(named: $0) != nil }
                }
                let standalone = texts.filter(Self.hasOwnWords).map(\.canonicalText)
                // A bare "{slot}" after a sample shows no word where the value begins; only a
                // parsed value (a date, a number) marks that by itself. Free text or a name
                // there would teach that whatever follows the sample is the slot.
                let parsed = schema.types[info.type].builtInKind != nil
                let composable = texts.filter { parsed || Self.hasOwnWords($0) }.map(\.canonicalText)
                guard !composable.isEmpty, !standalone.isEmpty || !plain.isEmpty else { continue }
                var seen: Set<String> = []
                var attempts = 0
                while seen.count < target, attempts < target * 4 {
                    attempts += 1
                    // After a plain sample when there is one, mostly; alone only with words of its own.
                    let compose = !plain.isEmpty && (standalone.isEmpty || rng.unit() < 0.6)
                    let text = compose
                        ? plain[rng.index(plain.count)] + " " + composable[rng.index(composable.count)]
                        : standalone[rng.index(standalone.count)]
                    let u = fill(SampleTemplate.lenient(text), intent: intent, rng: &rng, fillers: fillers.values)
                    if seen.insert(u.text).inserted { out.append(u) }
                }
            }
        }
        return out
    }

    /// Whether a sample says at least one word outside its slots.
    static func hasOwnWords(_ sample: SampleTemplate) -> Bool {
        sample.parts.contains { part in
            if case .text(let text) = part { return !text.allSatisfy(\.isWhitespace) }
            return false
        }
    }
}
