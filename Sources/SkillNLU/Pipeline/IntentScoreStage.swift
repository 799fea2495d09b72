/// The intent classifier's probabilities (with the language pack's scorer mixed in), and the
/// leading intents ranked by them (as many as the later stages and the answer read).
struct IntentScoreStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil || trace.recordsScores else { return }
        let probabilities = model.intentProbabilities(trace.tokens)
        trace.probabilities = probabilities
        trace.ranking = IntentRanking.leading(probabilities, count: trace.rankedCount(context))
    }
}
