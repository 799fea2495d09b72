import InteractionModel

/// Understands the answer to "which city?" while a dialog elicits one slot: the slot's own
/// samples ("in {city}", "{city} please") and the bare value.
struct ElicitationMatcher: Sendable {
    struct Answer {
        var intent: Int
        /// Index within the intent's slots.
        var slot: Int
        var start: Int
        var end: Int
    }

    private var matchers: [ClassificationContext.ElicitedSlot: (intent: Int, slot: Int, matcher: ExactMatcher)] = [:]

    init(schema: SkillSchema, model: InteractionModel) {
        for (ii, intent) in schema.intents.enumerated() {
            let declared = model.intent(named: intent.name)
            for (si, slot) in intent.slots.enumerated() {
                let samples = ["{\(slot.name)}"] + (declared?.slot(named: slot.name)?.samples ?? [])
                let m = ExactMatcher(entries: [([slot], samples.map(SampleTemplate.lenient))], schema: schema)
                matchers[.init(intent: intent.name, slot: slot.name)] = (ii, si, m)
            }
        }
    }

    func match(_ eliciting: ClassificationContext.ElicitedSlot, keys: [UInt64],
               valueSpans: [[(end: Int, types: [Int32])]]) -> Answer? {
        guard let entry = matchers[eliciting],
              let m = entry.matcher.matches(keys: keys, valueSpans: valueSpans, limit: 1).first,
              let s = m.slots.first else { return nil }
        return Answer(intent: entry.intent, slot: entry.slot, start: s.start, end: s.end)
    }
}
