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

    /// Whether the encoder runs for an utterance the classifier scored as `fastProbabilities`,
    /// in `context`'s tier: never in *fast*, always in *accurate*; in *auto* when the classifier
    /// is unsure (top probability under ``ClassificationContext/autoTierConfidence``) or, with
    /// ``ClassificationContext/autoTierOnUnseenWords``, some of the utterance's words are ones
    /// no training utterance had.
    static func runs(in context: ClassificationContext, fastProbabilities: [Float], unseenWordShare: () -> Float) -> Bool {
        switch context.tier {
        case .fast: return false
        case .accurate: return true
        case .auto:
            return (fastProbabilities.max() ?? 0) < context.autoTierConfidence
                || (context.autoTierOnUnseenWords && unseenWordShare() > 0)
        }
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
