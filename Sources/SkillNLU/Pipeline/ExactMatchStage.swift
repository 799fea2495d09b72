/// The exact layer: an utterance that spells one of the model's samples, its slots filled with
/// values of the right type, is that sample's intent with confidence 1, as on the speaker —
/// unless, while a slot is elicited, the sample is another intent's that is nothing but slots
/// (step 2 of ``ClassificationContext/elicitingSlot``), or its free text names no value
/// ("start {bookTitle}" of "start it over": ``NLUModel/takesValuelessFreeText(_:keys:)``).
struct ExactMatchStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil, context.exactMatching,
              let m = model.matcher.matches(keys: trace.keys, valueSpans: trace.valueSpans, limit: 1).first,
              !model.takesValuelessFreeText(m, keys: trace.keys),
              !model.isOnlyAValueOfAnotherIntent(m, tokenCount: trace.tokens.count, eliciting: context.elicitingSlot) else { return }
        let intent = model.schema.intents[m.intent]
        trace.decision = TraceDecision(intent: m.intent, confidence: 1, layer: .exact,
                                       rules: [DecisionRule(kind: .exactSample, intent: intent.name)],
                                       matchedSample: intent.canonicalText(ofSample: m.sample))
        trace.slotSpans = SlotSpans(intent: m.intent, assignments: m.slots.map { ($0.slot, $0.start, $0.end, 1) }, source: .sample)
    }
}
