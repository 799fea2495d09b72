/// The intent classifier's probabilities (with the language pack's scorer mixed in), and the
/// intents ranked by them.
struct IntentScoreStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil || trace.recordsScores else { return }
        let probabilities = model.intentProbabilities(trace.tokens)
        trace.probabilities = probabilities
        trace.ranking = IntentRanking.ranked(probabilities)
    }
}
