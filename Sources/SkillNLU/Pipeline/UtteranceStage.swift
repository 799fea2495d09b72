/// One step of classification: reads what the stages before it recorded on the utterance's
/// trace and records what it finds. `NLUModel.classify` runs ``NLUModel/pipeline`` in order;
/// a stage that has nothing to do (an earlier layer decided, the context turns it off) leaves
/// the trace as it is.
protocol UtteranceStage: Sendable {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext)
}

extension NLUModel {
    /// The stages of classification, in order. Adding a unit (a language pack's scorer) is one
    /// more entry here and the unit's own file. The app's matchers are asked at their
    /// ``MatcherPlacement``; a model without matchers passes those stages by.
    static let pipeline: [any UtteranceStage] = [
        TokenizeStage(),
        ValueSpanStage(),
        MatcherStage(placement: .beforeExactMatch),
        ElicitedSampleStage(),
        IntentScoreStage(),
        ExactMatchStage(),
        MatcherStage(placement: .beforeModel),
        ContextualIntentStage(),
        ElicitedAnswerStage(),
        JointDecodingStage(),
        FallbackStage(),
        MatcherStage(placement: .afterModel),
        SlotValueStage(),
        AnswerStage(),
    ]

    /// Runs the pipeline on `text`: the trace of one classification, its ``UtteranceTrace/result``
    /// the answer. With `recordingScores`, the classifier's scores are recorded even when an
    /// earlier layer decides without them (for ``Explanation``); the answer is the same.
    package func trace(_ text: String, context: ClassificationContext, recordingScores: Bool = false) -> UtteranceTrace {
        var trace = UtteranceTrace(text: text, recordsScores: recordingScores)
        for stage in Self.pipeline where !trace.answered {
            stage.run(on: &trace, model: self, context: context)
        }
        return trace
    }
}
