/// The contextual tier: when ``ClassificationContext/tier`` asks for it and the model has a
/// contextual head, the sentence encoder reads the utterance and its head's probabilities join
/// the fast tier's (``EncoderIntentHead/mixture(fast:own:unseenWordShare:weight:fallback:)``), and
/// the intents are ranked again. The more of the utterance's words the n-gram classifier never
/// saw, the more the head decides among the skill's intents. What the head
/// said is kept on the trace for ``Explanation``. It runs after the exact layer and only when
/// that layer did not decide: a sample said as written needs no milliseconds of encoder.
struct ContextualIntentStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard let head = model.contextualHead, trace.decision == nil, let fast = trace.probabilities else { return }
        let tokens = trace.tokens
        // Found once, and only when the tier's rule or the mixture needs it.
        var share: Float?
        let unseenWordShare = {
            if let share { return share }
            let found = model.classifier.unseenWordShare(tokens)
            share = found
            return found
        }
        guard EncoderIntentHead.runs(in: context, fastProbabilities: fast, unseenWordShare: unseenWordShare),
              let own = head.probabilities(trace.text) else { return }
        let weight = context.unseenWordWeight
        let mixture = head.mixture(fast: fast, own: own, unseenWordShare: weight > 0 ? unseenWordShare() : 0,
                                   weight: weight, fallback: model.fallback.intent)
        let best = own.indices.max { own[$0] < own[$1] } ?? 0
        trace.contextual = ContextualReading(intent: best, probability: own[best], fastTop: trace.ranking.first ?? best,
                                             fastProbabilities: fast, plainMixture: mixture.plain,
                                             unseenWordShare: share ?? 0)
        trace.probabilities = mixture.ranked
        trace.ranking = IntentRanking.leading(mixture.ranked, count: trace.rankedCount(context))
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
    /// The mixture at the head's own influence, before words the classifier never saw gave the
    /// head more say among the skill's intents: the fallback policy's review of the chosen
    /// intent reads these, so unseen words do not make an out-of-domain request look surer.
    package var plainMixture: [Float]
    /// The share of the utterance's words the classifier never saw (0 when not looked for).
    package var unseenWordShare: Float
}
