/// One rule the engine applied to choose an answer, with the values it compared: what
/// ``Explanation/rules`` lists, read from the classification itself rather than worked out
/// again.
///
/// A statistical answer is a short chain of them: the choice of joint decoding (or of the
/// classifier alone), then the fallback policy's check of that choice, which may hand the answer
/// to another intent and check that one in turn. The last rule decided.
public struct DecisionRule: Sendable, Codable, Equatable {
    /// Which rule.
    public enum Kind: String, Sendable, Codable, Equatable, CaseIterable {
        /// While a dialog asked for a slot, the answer spelled one of that slot's samples (or was
        /// a bare value) with values the model lists or parses.
        case elicitedSample
        /// The utterance spelled one of the intent's samples.
        case exactSample
        /// While a dialog asked for a slot, no other intent had evidence enough to take the turn:
        /// the answer is the elicited intent's; ``value`` is its confidence.
        case elicitedAnswer
        /// Slots were not asked for: the classifier's most probable intent; ``value`` is its probability.
        case classifierBest
        /// The intent read by joint decoding with the highest joint score (``value``).
        case jointBest
        /// AMAZON.FallbackIntent was the choice and sure enough: its probability (``value``)
        /// reached the one the sensitivity asks for (``threshold``), or, taught by the skill's
        /// own samples, it takes every answer it ranks first (no ``threshold``).
        case fallbackSure
        /// AMAZON.FallbackIntent was the choice, but its probability (``value``) stayed below
        /// the one the sensitivity asks for (``threshold``): the best other intent is checked.
        case fallbackUnsure
        /// The best intent other than AMAZON.FallbackIntent (``value``: its joint score, or its
        /// probability when slots were not asked for).
        case bestOther
        /// AMAZON.FallbackIntent was the choice but unsure, and the model has no other intent.
        case noOtherIntent
        /// The chosen intent's in-domain confidence (``value``) is below the fallback threshold
        /// (``threshold``): the answer is AMAZON.FallbackIntent.
        case belowThreshold
        /// The chosen intent's in-domain confidence (``value``) reaches the fallback threshold
        /// (``threshold``): the answer stays.
        case aboveThreshold
        /// An app's ``Matcher`` (``matcher``) answered ``intent`` with confidence ``value``, and
        /// its answer was taken (after the model, ``threshold`` is the model's confidence it beat).
        case matcherAnswer
        /// An app's ``Matcher`` (``matcher``) answered ``intent`` with confidence ``value``, but
        /// another answer was at least as sure: a matcher added before it, or after the model the
        /// model's answer (``threshold``, its confidence).
        case matcherOutranked
        /// An app's ``Matcher`` (``matcher``) threw, or answered an intent or slot the model
        /// does not have, or a slot span covering no word: it was passed over; ``reason`` says why.
        case matcherFailed
    }

    public var kind: Kind
    /// The intent the rule is about (for ``Kind/belowThreshold``, the guess it overruled).
    public var intent: String?
    /// The value the rule compared, or the score that chose.
    public var value: Double?
    /// What ``value`` was compared with.
    public var threshold: Double?
    /// For the matcher rules, the matcher's name.
    public var matcher: String?
    /// For ``Kind/matcherFailed``, what was wrong, in words.
    public var reason: String?

    public init(kind: Kind, intent: String? = nil, value: Double? = nil, threshold: Double? = nil,
                matcher: String? = nil, reason: String? = nil) {
        self.kind = kind
        self.intent = intent
        self.value = value
        self.threshold = threshold
        self.matcher = matcher
        self.reason = reason
    }
}
