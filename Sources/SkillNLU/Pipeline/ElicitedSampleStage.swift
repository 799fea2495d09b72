/// While a dialog asks for a slot, its own samples with listed or parsed values come first
/// (step 1 of ``ClassificationContext/elicitingSlot``): the elicited intent, confidence 1.
struct ElicitedSampleStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil, let eliciting = context.elicitingSlot,
              let answer = model.elicitation.matchListed(eliciting, keys: trace.keys, valueSpans: trace.valueSpans) else { return }
        trace.decision = TraceDecision(intent: answer.intent, confidence: 1, layer: .exact,
                                       rules: [DecisionRule(kind: .elicitedSample, intent: model.schema.intents[answer.intent].name)],
                                       listsAlternatives: false)
        trace.slotSpans = SlotSpans(intent: answer.intent, assignments: answer.slots.map { ($0.slot, $0.start, $0.end, 1) },
                                    source: .sample)
    }
}
