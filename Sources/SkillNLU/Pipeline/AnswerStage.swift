/// The answer: the decided intent and confidence, the slot values, and the classifier's other
/// intents as alternatives.
///
/// What a result shows is one decision, told once: the chosen intent is the most confident one
/// shown, and the chosen confidence and the alternatives' add up to at most 1. The classifier's
/// probabilities are that already when the answer is its best intent; when another layer
/// decided — an exact match (confidence 1), joint decoding preferring an intent the classifier
/// ranked lower, the fallback (one minus the guess's confidence), an elicited answer — each
/// alternative, best first, shows its probability only as far as it stays at or below the
/// chosen confidence and within what the alternatives before it left of 1.
struct AnswerStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        // The decision's fields read in place: a copy of it would retain its rules and names.
        guard let intent = trace.decision?.intent else {
            trace.answer(NLUResult(text: trace.text, intent: nil, truncated: trace.truncated))
            return
        }
        let confidence = trace.decision!.confidence
        let intents = model.schema.intents
        var alternatives: [IntentHypothesis] = []
        if trace.decision!.listsAlternatives {
            alternatives.reserveCapacity(max(0, min(context.topK, trace.ranking.count)))
            var left = max(0, 1 - confidence)
            for i in trace.ranking.lazy.filter({ $0 != intent }).prefix(context.topK) {
                let shown = min(trace.probability(i), confidence, left)
                left -= shown
                alternatives.append(IntentHypothesis(name: intents[i].name, confidence: shown))
            }
        }
        trace.answer(NLUResult(text: trace.text, intent: IntentHypothesis(name: intents[intent].name, confidence: confidence),
                               alternatives: alternatives, slots: trace.slots.slots, repeatedSlots: trace.slots.repeated,
                               decidedBy: trace.decision!.layer, matchedSample: trace.decision!.matchedSample,
                               matcher: trace.decision!.matcher, truncated: trace.truncated))
    }
}
