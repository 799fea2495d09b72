import BuiltInValues
import InteractionModel
import SkillNLU

extension TrainingDataGenerator {
    /// Utterances that say an intent's all-slot samples with carrier words around them, the
    /// carrier words outside every slot: "how about {Product}", "{head} {action} the {target}
    /// please", "recommend a job {I_Like} {preferredSpecies}".
    ///
    /// A sample made only of slots (``PhraseListType``: "{feedback} {action} {target}") never
    /// shows the tagger a word outside a slot, so it learns that every word belongs to one,
    /// and a user's "show me" or "i think" ends up in a filler slot. These utterances, for the
    /// tagger only, show such words as no value. The carriers are the language's everyday
    /// ones (``EverydayCarriers``: before, after and, now and then, between two slots) and the
    /// intent's own samples without slots, said before; a carrier that
    /// a form of one of the intent's slot types says ("please" of a tail type, "I think" of a
    /// head type) is left out, since there it is a value. Only intents with a slot of a
    /// closed phrase list get them, so models without phrase lists train exactly as before.
    public func carrierUtterances() -> [LabeledUtterance] {
        let target = options.carrierUtterances ?? GenerationOptions.defaultCarrierUtterances
        guard target > 0 else { return [] }
        let closed = PhraseListType.closedTypes(schema: schema)
        guard closed.contains(true) else { return [] }
        let everyday = EverydayCarriers.forLocale(schema.tokenizer.localeIdentifier)
        var rng = SeededGenerator(seed: options.seed &+ 67)
        let fillers = Fillers(generator: self)
        var out: [LabeledUtterance] = []
        for intent in schema.intents where intent.slots.contains(where: { closed[$0.type] }) {
            let allSlot = intent.samples.filter(Self.isOnlySlots)
            guard !allSlot.isEmpty else { continue }
            let said = formTexts(of: intent)
            func usable(_ carrier: String) -> Bool {
                let text = " " + foldedText(carrier) + " "
                return !said.contains { $0.contains(text) }
            }
            let plain = intent.samples.filter { $0.slotNames.isEmpty }.map(\.canonicalText)
            let leading = ((everyday?.leading ?? []) + plain).filter(usable)
            let trailing = (everyday?.trailing ?? []).filter(usable)
            let between = (everyday?.between ?? []).filter(usable)
            guard !leading.isEmpty || !trailing.isEmpty else { continue }
            var seen: Set<String> = []
            var attempts = 0
            while seen.count < target, attempts < target * 4 {
                attempts += 1
                let names = allSlot[rng.index(allSlot.count)].slotNames
                // A leading carrier most of the time, a trailing one otherwise or as well, and
                // now and then a word between two slots.
                let lead = !leading.isEmpty && (trailing.isEmpty || rng.unit() < 0.7)
                let trail = !trailing.isEmpty && (!lead || rng.unit() < 0.3)
                var text = "{\(names[0])}"
                for name in names.dropFirst() {
                    if !between.isEmpty, rng.unit() < 0.3 { text += " " + between[rng.index(between.count)] }
                    text += " {\(name)}"
                }
                if lead { text = leading[rng.index(leading.count)] + " " + text }
                if trail { text += " " + trailing[rng.index(trailing.count)] }
                let u = fill(SampleTemplate.lenient(text), intent: intent, rng: &rng, fillers: fillers.values)
                if seen.insert(u.text).inserted { out.append(u) }
            }
        }
        return out
    }

    /// Whether a sample names at least one slot and says no word of its own.
    static func isOnlySlots(_ sample: SampleTemplate) -> Bool {
        !sample.slotNames.isEmpty && sample.parts.allSatisfy { part in
            if case .text(let text) = part { return text.allSatisfy(\.isWhitespace) }
            return true
        }
    }

    /// The folded forms of the custom types of `intent`'s slots, each padded with a space on
    /// either side so that a carrier is found inside one only at word boundaries.
    private func formTexts(of intent: SkillSchema.IntentInfo) -> [String] {
        Set(intent.slots.map(\.type)).flatMap { type in
            schema.types[type].surfaceForms.map { " " + foldedText($0.text) + " " }
        }
    }

    private func foldedText(_ text: String) -> String {
        schema.tokenizer.tokenize(text).map(\.folded).joined(separator: " ")
    }
}
