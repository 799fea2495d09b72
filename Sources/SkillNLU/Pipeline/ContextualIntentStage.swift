import Foundation

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
                                             fastProbabilities: fast, influence: head.influence)
        trace.probabilities = probabilities
        trace.ranking = IntentRanking.ranked(probabilities)
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
    /// The head's weight w in the mixture p · q^w.
    package var influence: Float
}

extension ContextualReading {
    /// The mixture `mixed` (p · q^w normalised, w the head's `influence`) as joint decoding
    /// weighs intents against the tagger's readings: the logarithmic pool p^(1/(1+w)) ·
    /// q^(w/(1+w)), normalised, whose exponents sum to 1. The two experts read much of the same
    /// evidence (both see "meal" in "does flight ua 270 … have a meal"), and their plain product
    /// counts it twice: a mixture that sure outvotes any slot the tagger finds, so an utterance
    /// moved to an intent without one of its slots loses the slot. The pool keeps the
    /// mixture's order of intents (a power of it) at one expert's scale, the scale the tagger's
    /// log-probabilities were balanced against in the fast tier.
    static func pooled(_ mixed: [Float], influence: Float) -> [Float] {
        let exponent = 1 / (1 + max(0, influence))
        var pooled = mixed.map { Float(Foundation.pow(Double(Float.maximum($0, 1e-30)), Double(exponent))) }
        let total = pooled.reduce(0, +)
        guard total > 0 else { return mixed }
        for i in pooled.indices { pooled[i] /= total }
        return pooled
    }
}
