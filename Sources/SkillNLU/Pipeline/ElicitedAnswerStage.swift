/// Steps 3 to 5 of reading an answer while a dialog elicits a slot
/// (``ClassificationContext/elicitingSlot``): unless another intent has evidence enough to take
/// the turn, the answer is the elicited intent's, its words read as the slot's value.
struct ElicitedAnswerStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil, let eliciting = context.elicitingSlot, let probabilities = trace.probabilities else { return }
        _ = trace.typedSpans(model)  // the tagger reads them
        guard let answer = model.readElicitedAnswer(eliciting, utterance: trace, probabilities: probabilities,
                                                    ranking: trace.ranking, context: context) else { return }
        trace.decision = TraceDecision(intent: answer.intent, confidence: answer.confidence, layer: .elicitation,
                                       rules: [DecisionRule(kind: .elicitedAnswer, intent: model.schema.intents[answer.intent].name,
                                                            value: answer.confidence)])
        trace.slotSpans = SlotSpans(intent: answer.intent, assignments: answer.assignments, source: answer.source)
    }
}
