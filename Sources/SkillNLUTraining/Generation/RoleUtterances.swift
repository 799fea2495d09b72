import InteractionModel

extension TrainingDataGenerator {
    /// Utterances that name slots of one type by their role phrases alone (``SlotRoles``):
    /// one or two slots of a group, in random order, sometimes after a sample of the intent
    /// that has no slot ("plan a trip from {fromCity} to {toCity}"). They teach the tagger
    /// which slot a role word chooses wherever it stands, which the samples, each slot after
    /// its own carrier, do not, and the classifier that "starting in denver" is a trip, not
    /// the weather of another intent's "in {city}".
    public func roleUtterances() -> [LabeledUtterance] {
        guard options.roleUtterances > 0 else { return [] }
        var rng = SeededGenerator(seed: options.seed &+ 53)
        let fillers = Fillers(generator: self)
        var out: [LabeledUtterance] = []
        for intent in schema.intents {
            let roles = SlotRoles(intent: intent, tokenizer: schema.tokenizer)
            guard !roles.groups.isEmpty else { continue }
            let plain = intent.samples.filter { $0.slotNames.isEmpty }.map(\.canonicalText)
            for group in roles.groups {
                var seen: Set<String> = []
                let target = options.roleUtterances * group.count
                var attempts = 0
                while seen.count < target, attempts < target * 4 {
                    attempts += 1
                    let named = Self.distinctDraws(from: group.count, count: 1 + rng.index(2), rng: &rng).map { group[$0] }
                    var text = named.map { s in
                        let phrases = roles.texts[s]
                        return "\(phrases[rng.index(phrases.count)]) {\(intent.slots[s].name)}"
                    }.joined(separator: " ")
                    if !plain.isEmpty, rng.unit() < 0.4 { text = plain[rng.index(plain.count)] + " " + text }
                    let u = fill(SampleTemplate.lenient(text), intent: intent, rng: &rng, fillers: fillers.values)
                    if seen.insert(u.text).inserted { out.append(u) }
                }
            }
        }
        return out
    }
}
