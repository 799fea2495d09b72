/// The contextual tier: when ``ClassificationContext/tier`` asks for it and the model has a
/// contextual head, the sentence encoder reads the utterance and its head's probabilities join
/// the fast tier's (``PackIntentScorer/mix``), and the intents are ranked again. What the head
/// said is kept on the trace for ``Explanation``. It runs after the exact layer and only when
/// that layer did not decide: a sample said as written needs no milliseconds of encoder.
struct ContextualIntentStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard let head = model.contextualHead, trace.decision == nil, var probabilities = trace.probabilities else { return }
        let tokens = trace.tokens
        guard EncoderIntentHead.runs(in: context, fastProbabilities: probabilities,
                                     unseenWordShare: { model.classifier.unseenWordShare(tokens) }) else { return }
        guard let own = head.probabilities(trace.text) else { return }
        let fast = probabilities
        PackIntentScorer.mix(&probabilities, with: own, exponent: head.influence)
        let best = own.indices.max { own[$0] < own[$1] } ?? 0
        trace.contextual = ContextualReading(intent: best, probability: own[best], fastTop: trace.ranking.first ?? best,
                                             fastProbabilities: fast)
        trace.probabilities = probabilities
        trace.ranking = IntentRanking.leading(probabilities, count: trace.rankedCount(context))
    }
}

/// What the contextual head said about one utterance: its best intent with its own probability,
/// and the fast tier's best intent before the two were mixed.
package struct ContextualReading: Sendable, Equatable {
    package var intent: Int
    package var probability: Float
    package var fastTop: Int
    /// The fast tier's probabilities before the head's joined them: the fallback policy reads
    /// these (``FallbackStage``).
    package var fastProbabilities: [Float]
}
