import BuiltInValues
import Foundation

/// A skill's contextual intent scorer: a softmax regression over the ``SentenceEncoder``'s
/// embedding of the utterance, trained on the skill's generated utterances like the
/// ``IntentClassifier`` (the same training examples, at most
/// ``TrainingOptions/contextualHeadUtterancesPerIntent`` per intent).
///
/// The encoder reads the words in context and knows words no sample uses ("are you free" near
/// "is there availability"), where the n-gram classifier sees only the samples' own words. Its
/// probabilities join the classifier's as a weighted geometric mean (``PackIntentScorer/mix``
/// with the head's ``influence``), so the samples' wording still counts where both agree.
/// Running the encoder costs milliseconds, so ``ClassificationContext/tier`` decides when it
/// runs (``runs(in:fastProbabilities:unseenWordShare:)``).
public struct EncoderIntentHead: Sendable {
    /// The name and digest of the encoder the head reads (a loaded model finds it again by them).
    let identity: EncoderIdentity
    /// The encoder, read the first time it runs.
    private let source: LazyEncoder
    /// The regression over the encoder's embedding, with the weight of its probabilities.
    let scorer: PackIntentScorer

    /// The encoder the head reads. A head of a loaded model reads the shipped encoder's weights
    /// the first time it runs (or this is asked for), not when the model is loaded.
    public var encoder: SentenceEncoder { source.encoder(identity) }
    /// The name of the encoder the head reads.
    public var encoderName: String { identity.name }
    /// Whether the encoder's weights have been read for this head (its tier has run).
    package var isEncoderRead: Bool { source.isRead }

    /// The classifier's top probability under which the *auto* tier asks the encoder, unless
    /// ``ClassificationContext/autoTierConfidence`` says otherwise.
    public static let defaultAutoConfidence: Float = 0.9

    package init(encoder: SentenceEncoder, scorer: PackIntentScorer) {
        self.identity = EncoderIdentity(name: encoder.name, digest: encoder.digest, dimension: encoder.dimension)
        self.source = LazyEncoder(encoder)
        self.scorer = scorer
    }

    /// A head over the shipped encoder `identity` names (checked by the caller), read when it
    /// first runs.
    init(bundled identity: EncoderIdentity, scorer: PackIntentScorer) {
        self.identity = identity
        self.source = LazyEncoder(nil)
        self.scorer = scorer
    }

    /// The weight of the head's probabilities in the mixture with the classifier's.
    public var influence: Float { scorer.influence }

    /// How much more the head's probabilities weigh per unit of the share of the utterance's
    /// words the classifier never saw, unless ``ClassificationContext/unseenWordWeight`` says
    /// otherwise.
    public static let defaultUnseenWordWeight: Float = 10

    /// Whether the encoder runs for an utterance the classifier scored as `fastProbabilities`,
    /// in `context`'s tier: never in *fast*, always in *accurate*; in *auto* when the classifier
    /// is unsure (top probability under ``ClassificationContext/autoTierConfidence``), or unsure
    /// between its two best intents once the words it never saw are counted
    /// (``temperedTopOdds(_:unseenWordShare:weight:)``) — a classifier sure of "delete jazz from
    /// my favorites" is sure on its other words — or, with
    /// ``ClassificationContext/autoTierOnUnseenWords``, when some words are unseen at all.
    /// `unseenWordShare` is asked only when the confidence alone does not decide.
    static func runs(in context: ClassificationContext, fastProbabilities: [Float], unseenWordShare: () -> Float) -> Bool {
        switch context.tier {
        case .fast: return false
        case .accurate: return true
        case .auto:
            let top = fastProbabilities.max() ?? 0
            if top < context.autoTierConfidence { return true }
            guard context.autoTierOnUnseenWords || context.unseenWordWeight > 0 else { return false }
            let share = unseenWordShare()
            guard share > 0 else { return false }
            if context.autoTierOnUnseenWords { return true }
            return temperedTopOdds(fastProbabilities, unseenWordShare: share, weight: context.unseenWordWeight)
                < context.autoTierConfidence
        }
    }

    /// The best intent's share of the best two once both probabilities are raised to
    /// 1 / (1 + `weight` × `unseenWordShare`): how sure the classifier is of its answer against
    /// the runner-up as far as that rests on words it knows. Only the two count: tempering every
    /// intent would lift a long tail of near-zero ones, so a skill of 150 intents would send most
    /// utterances with any new word to the encoder.
    static func temperedTopOdds(_ probabilities: [Float], unseenWordShare share: Float, weight: Float) -> Float {
        var first: Float = 0, second: Float = 0
        for p in probabilities {
            if p > first { (first, second) = (p, first) } else if p > second { second = p }
        }
        guard first > 0 else { return 0 }
        let exponent = 1 / (1 + weight * share)
        let top = Foundation.pow(first, exponent), runnerUp = Foundation.pow(second, exponent)
        return top / (top + runnerUp)
    }

    /// The fast tier's `fast` probabilities joined with the head's `own`. `plain` is the mixture at
    /// the head's ``influence``; in `ranked` the head weighs (1 + `weight` × `unseenWordShare`)
    /// times that among the skill's own intents, while the `fallback` intent keeps its `plain`
    /// probability: words the n-grams never saw make the encoder the better judge of *which*
    /// intent was meant, not of whether the request belongs to the skill at all (the fallback
    /// policy reads `plain` for that).
    func mixture(fast: [Float], own: [Float], unseenWordShare share: Float, weight: Float,
                 fallback: Int?) -> (ranked: [Float], plain: [Float]) {
        var plain = fast
        PackIntentScorer.mix(&plain, with: own, exponent: influence)
        let boost = 1 + weight * share
        guard boost > 1 else { return (plain, plain) }
        var ranked = fast
        PackIntentScorer.mix(&ranked, with: own, exponent: influence * boost)
        if let f = fallback {
            let rest = 1 - ranked[f]
            guard rest > 0 else { return (plain, plain) }
            let scale = (1 - plain[f]) / rest
            for j in ranked.indices where j != f { ranked[j] *= scale }
            ranked[f] = plain[f]
        }
        return (ranked, plain)
    }

    /// The head's own probability of each intent for `text`; nil when the shipped encoder the
    /// model was loaded with has since changed or gone (the caller then answers from the fast
    /// tier rather than stop the process).
    func probabilities(_ text: String) -> [Float]? {
        guard let encoder = source.encoderIfPresent(identity) else { return nil }
        return scorer.probabilities(vector: encoder.embedding(text))
    }

    /// The text the encoder reads for a training utterance: its tokens as written, spaced.
    package static func text(of tokens: [Token]) -> String {
        tokens.map(\.text).joined(separator: " ")
    }
}

/// The encoder of a head, read once when first asked for; shared by copies of the head.
private final class LazyEncoder: @unchecked Sendable {
    private let lock = NSLock()
    private var read: SentenceEncoder?

    init(_ encoder: SentenceEncoder?) { read = encoder }

    var isRead: Bool { lock.withLock { read != nil } }

    /// The shipped encoder `identity` names. Loading the model found it with this digest; a
    /// file changed or removed since cannot answer as the model was trained, so asking for it
    /// directly stops (classification uses ``encoderIfPresent(_:)`` and keeps the fast tier).
    func encoder(_ identity: EncoderIdentity) -> SentenceEncoder {
        guard let encoder = encoderIfPresent(identity) else {
            preconditionFailure("the sentence encoder '\(identity.name)' changed or vanished after the model was loaded")
        }
        return encoder
    }

    /// The shipped encoder `identity` names, or nil when it has changed or gone since loading.
    func encoderIfPresent(_ identity: EncoderIdentity) -> SentenceEncoder? {
        lock.withLock {
            if let read { return read }
            guard let shipped = SentenceEncoder.bundled(named: identity.name), shipped.digest == identity.digest else {
                return nil
            }
            read = shipped
            return shipped
        }
    }
}
