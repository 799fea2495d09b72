/// Why the engine answered an utterance the way it did: the utterance profiler of the Alexa
/// developer console, offline.
///
/// A skill developer reads it to learn whether a sample matched word for word or the
/// statistical model guessed, which intents came close, how each slot was found and which
/// words pulled the decision, so that they know which samples or values to add or reword.
public struct Explanation: Sendable, Codable, Equatable {
    /// An intent the statistical classifier weighed, with its probability.
    public struct Candidate: Sendable, Codable, Equatable {
        public var intent: String
        /// The classifier's calibrated probability, 0…1. For an exact sample match the answer's
        /// confidence is 1 whatever this says; the score shows how the model alone would judge.
        public var score: Double
        /// For an intent joint decoding weighed (the statistical layer's few best): log P(slots
        /// | intent), the tagger's probability of its reading of the utterance as this intent.
        public var slotLogProbability: Double?
        /// For an intent joint decoding weighed, in a model with a carrier classifier: the
        /// probability of the intent given its reading's carrier phrase (the words around the
        /// slot values, ``TrainingOptions/carrierClassifier``).
        public var carrierProbability: Double?
        /// For an intent joint decoding weighed: its joint score, log(score) +
        /// ``slotLogProbability`` + ½ log(``carrierProbability``). The highest one was chosen
        /// (before the fallback threshold), so it shows why the answer is not always the
        /// intent of the best ``score``.
        public var jointScore: Double?

        public init(intent: String, score: Double, slotLogProbability: Double? = nil, carrierProbability: Double? = nil,
                    jointScore: Double? = nil) {
            self.intent = intent
            self.score = score
            self.slotLogProbability = slotLogProbability
            self.carrierProbability = carrierProbability
            self.jointScore = jointScore
        }
    }

    /// How a slot value was found.
    public enum FoundBy: String, Sendable, Codable, Equatable, CaseIterable {
        /// The words are a listed value of the slot type.
        case value
        /// The words are a listed synonym of one of the slot type's values.
        case synonym
        /// A built-in type's parser read them (AMAZON.NUMBER, AMAZON.DATE …).
        case builtIn
        /// AMAZON.SearchQuery took the words as free text in a matching sample.
        case freeText
        /// The statistical tagger marked words the model does not list.
        case tagger
        /// An app's ``Matcher`` gave the words (their value and resolution are the model's).
        case matcher
    }

    /// One filled slot and how it got there.
    public struct Slot: Sendable, Codable, Equatable {
        public var name: String
        public var type: String
        /// The words of the input.
        public var rawValue: String
        /// Alexa's `value`.
        public var value: String
        public var foundBy: FoundBy
        /// Whether the slot came with an exact sample match (true) or the tagger's decoding.
        public var fromSample: Bool
        /// The entity-resolution status (`ER_SUCCESS_MATCH`, `ER_SUCCESS_NO_MATCH`), when resolved.
        public var resolution: String?
        /// The canonical value the words resolved to, and its id.
        public var resolvedName: String?
        public var resolvedId: String?

        public init(name: String, type: String, rawValue: String, value: String, foundBy: FoundBy,
                    fromSample: Bool, resolution: String? = nil, resolvedName: String? = nil, resolvedId: String? = nil) {
            self.name = name
            self.type = type
            self.rawValue = rawValue
            self.value = value
            self.foundBy = foundBy
            self.fromSample = fromSample
            self.resolution = resolution
            self.resolvedName = resolvedName
            self.resolvedId = resolvedId
        }
    }

    /// A word of the utterance and how much it pulls toward the chosen intent: the drop in the
    /// log-odds of that intent when the word is left out. Positive words support the
    /// intent, negative ones speak for another.
    public struct Feature: Sendable, Codable, Equatable {
        public var feature: String
        public var weight: Double

        public init(feature: String, weight: Double) {
            self.feature = feature
            self.weight = weight
        }
    }

    /// What the contextual tier's sentence encoder said, when it ran (``ClassificationContext/tier``).
    public struct Contextual: Sendable, Codable, Equatable {
        /// The encoder head's best intent, and its own probability of it.
        public var intent: String
        public var probability: Double
        /// The fast tier's best intent before the head's probabilities joined it.
        public var fastIntent: String
        /// The share of the utterance's words the n-gram classifier never saw, which gave the
        /// head more weight among the skill's intents (``ClassificationContext/unseenWordWeight``);
        /// 0 when none were unseen or none were looked for.
        public var unseenWordShare: Double

        public init(intent: String, probability: Double, fastIntent: String, unseenWordShare: Double = 0) {
            self.intent = intent
            self.probability = probability
            self.fastIntent = fastIntent
            self.unseenWordShare = unseenWordShare
        }

        private enum CodingKeys: String, CodingKey { case intent, probability, fastIntent, unseenWordShare }

        /// Reads an explanation written before the unseen share was recorded as 0.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(intent: try c.decode(String.self, forKey: .intent), probability: try c.decode(Double.self, forKey: .probability),
                      fastIntent: try c.decode(String.self, forKey: .fastIntent),
                      unseenWordShare: try c.decodeIfPresent(Double.self, forKey: .unseenWordShare) ?? 0)
        }
    }

    /// Which layer decided: an exact sample match, the statistical model, the fallback, or an
    /// app's matcher.
    public var decidedBy: DecisionLayer
    /// The contextual tier's reading; nil when the encoder did not run.
    public var contextual: Contextual?
    /// The rules that chose the answer, in the order they were applied, with the values they
    /// compared: the last one decided. Read from the classification itself, so they are the
    /// rules that were applied (a fallback's threshold only when the fallback policy checked it).
    public var rules: [DecisionRule]
    /// The sample that matched, when ``decidedBy`` is ``DecisionLayer/exact``.
    public var matchedSample: String?
    /// The app's matcher that decided, when ``decidedBy`` is ``DecisionLayer/matcher``.
    public var matcher: String?
    /// The intents the classifier weighed most, best first.
    public var considered: [Candidate]
    /// The confidence under which the model answers AMAZON.FallbackIntent instead of its best
    /// guess, when the model has that intent (the model's setting; ``rules`` say whether it was
    /// checked for this answer).
    public var fallbackThreshold: Double?
    /// The probability AMAZON.FallbackIntent must reach to take the answer, when the model
    /// taught that intent from generated negatives only (nil: whenever it ranks first).
    public var fallbackRequiredProbability: Double?
    /// The slots of the answer, in input order (a multiple-value slot once per value).
    public var slots: [Slot]
    /// The words that weigh most for ``featuresFor``, strongest first.
    public var features: [Feature]
    /// The intent the ``features`` weigh for: the answer's, or the classifier's best guess when
    /// the fallback overruled it.
    public var featuresFor: String?

    public init(decidedBy: DecisionLayer, matchedSample: String?, considered: [Candidate],
                fallbackThreshold: Double?, fallbackRequiredProbability: Double? = nil, slots: [Slot],
                features: [Feature], featuresFor: String? = nil, rules: [DecisionRule] = [], matcher: String? = nil) {
        self.decidedBy = decidedBy
        self.matcher = matcher
        self.rules = rules
        self.matchedSample = matchedSample
        self.considered = considered
        self.fallbackThreshold = fallbackThreshold
        self.fallbackRequiredProbability = fallbackRequiredProbability
        self.slots = slots
        self.features = features
        self.featuresFor = featuresFor
    }
}
