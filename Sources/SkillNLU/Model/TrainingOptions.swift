/// Everything that shapes a trained model. The defaults suit hand-written skills and large
/// models alike; the same options and seed give the same model.
public struct TrainingOptions: Sendable, Codable, Equatable {
    /// One seed for the whole run; each stage derives its own from it.
    public var seed: UInt64 = 1
    public var generation = GenerationOptions()
    /// The intent classifier's settings; nil chooses them from the number of intents and
    /// utterances (``IntentClassifierOptions/recommended(labelCount:exampleCount:)``).
    public var classifier: IntentClassifierOptions?
    /// The precision of the classifier's stored tables, in place of the one ``classifier``
    /// (or the recommended options) chooses: for instance ``IntentClassifierOptions/Precision/int3``
    /// to trade a little accuracy for a file about 40 % the size of int8's on a skill of many
    /// intents. nil keeps the chosen one.
    public var classifierPrecision: IntentClassifierOptions.Precision?
    /// How many intent classifiers, trained from different seeds, are averaged into the one
    /// the model keeps (``IntentClassifier`` merges them into a single wider model, so
    /// classifying costs about what one classifier of that width costs); nil chooses by the
    /// number of intents (``recommendedClassifierMembers(intentCount:)``).
    public var classifierMembers: Int?
    /// Members of a second kind merged in beside ``classifierMembers``: a full-rank linear
    /// model over every feature, character n-grams included, normalised per kind
    /// (``IntentClassifierOptions/LinearFeatures/allPerKind``) and trained with label smoothing
    /// 0.2. It is smoother where the balanced training data leaves an intent open (a large
    /// intent's utterances given to a small one), while the default kind keeps its edge where
    /// slot values must not be learnt as carriers; the mean of the two kinds is better than
    /// either. nil uses ``recommendedLinearClassifierMembers(intentCount:)``.
    public var linearClassifierMembers: Int?
    /// Whether the model keeps a second intent classifier trained on the carrier phrases of
    /// the generated utterances (``CarrierPhrase``: slot values replaced by a placeholder),
    /// which joint decoding asks about each candidate intent's reading with its values taken
    /// out, so that a long value nobody listed cannot outvote the words that say what is asked.
    /// nil: yes when some intent has slots (without slots the carriers are the utterances
    /// themselves).
    public var carrierClassifier: Bool?
    /// Custom slot types of at most this many values and synonyms keep their words in carrier
    /// phrases (``CarrierPhrase``) instead of becoming the placeholder: a list that short is
    /// the intent's own wording ("times", "schedule" for a flight's times; "meal"), and taking
    /// it out left the carrier classifier sure that "show me times for coach flights between
    /// ⟨slot⟩ and ⟨slot⟩" asks for flights. nil: ``defaultCarrierKeptListLimit`` when training;
    /// a model file without it (format 4 and older) keeps none. 0 keeps none.
    public var carrierKeptListLimit: Int?
    /// Generated out-of-domain utterances (``NegativeUtterances``) that teach
    /// AMAZON.FallbackIntent, as a share of an average intent's samples; only
    /// for models that declare that intent. nil uses ``defaultFallbackNegatives``.
    public var fallbackNegatives: Float?
    /// Whether AMAZON.FallbackIntent also learns from requests of a voice assistant's everyday
    /// domains that share no content word with the skill (``EverydayRequests``; in the
    /// languages of the built-in intents' catalogues).
    /// nil: yes when training; a model file without it was trained without them.
    public var everydayNegatives: Bool?
    /// The language pack the model reads utterances through (``LanguagePack``, ``PackIntentScorer``):
    /// a shipped pack's name such as "en" (the model's language), "auto" (the locale's pack when one
    /// is shipped), or "none". nil: none (models train as without packs).
    public var languagePack: String?
    /// The exponent of the pack scorer's probabilities in the mixture with the classifier's
    /// (``PackIntentScorer/influence``); nil uses ``defaultPackInfluence``.
    public var packInfluence: Float?
    /// The sentence encoder whose embedding a contextual intent head is trained over
    /// (``EncoderIntentHead``, the *accurate* and *auto* tiers of ``ClassificationContext/tier``):
    /// a shipped encoder's name such as "en", "auto" (the locale's encoder when one is shipped),
    /// or "none". nil: the locale's encoder when one is shipped — the English locales train a
    /// head and classify in the *auto* tier by default — and none elsewhere, where models train
    /// byte for byte as without one. A model file keeps the name the choice resolved to.
    /// "none" keeps a model in the fast tier: microseconds per request and no encoder to load.
    public var contextualHead: String?
    /// At most this many training utterances per intent teach the contextual head (each costs
    /// an encoder pass while training); nil uses ``defaultContextualHeadUtterancesPerIntent``.
    public var contextualHeadUtterancesPerIntent: Int?
    /// The exponent of the contextual head's probabilities in the mixture with the classifier's;
    /// nil uses ``defaultContextualInfluence``.
    public var contextualInfluence: Float?
    public var tagger = SlotTaggerOptions()
    /// Share of training utterances whose gazetteer features come from half of each value
    /// list, so the tagger learns carrier phrases and finds values no list contains: most of
    /// the values people say are in no list, and a tagger that always saw the whole list
    /// learns to trust it.
    public var gazetteerDropout: Float = 0.9
    /// At most this many utterances per intent train the intent classifier (the first ones
    /// generated: every sample once, then fillings); the tagger learns from all of them. Many
    /// fillings teach the tagger values but drown the classifier's carrier phrases in them.
    public var classifierUtterancesPerIntent: Int = .max
    /// Share of generated utterances held out to calibrate confidences and the fallback
    /// threshold (never trained on).
    public var heldOutShare: Float = 0.1
    /// Annotated utterances (logged requests with their intent and slots) to learn from
    /// beside the samples.
    public var annotated: [LabeledUtterance] = []

    public init() {}

    /// The share of negatives used when ``fallbackNegatives`` is nil: enough that the fallback
    /// intent takes most requests of no intent, while the in-domain accuracy stays where it
    /// was without negatives; more gains little and starts to cost in-domain answers.
    public static let defaultFallbackNegatives: Float = 1.5
    /// The pack scorer's weight when ``packInfluence`` is nil: the pack speaks up for words
    /// the classifier never saw without overruling the samples' own wording.
    public static let defaultPackInfluence: Float = 2
    /// The contextual head's utterances per intent when ``contextualHeadUtterancesPerIntent`` is nil.
    public static let defaultContextualHeadUtterancesPerIntent = 60
    /// The contextual head's weight when ``contextualInfluence`` is nil.
    public static let defaultContextualInfluence: Float = 1

    /// The list size used when ``carrierKeptListLimit`` is nil: short lists of how an intent is
    /// said (a dozen ways of saying a flight's times) stay words of the carrier, while longer
    /// lists (airline codes, state names) are values again.
    public static let defaultCarrierKeptListLimit = 15

    /// One classifier for up to 32 intents, three beyond. With many intents and few samples
    /// each, single classifiers disagree often and their mean is clearly better, in-scope and
    /// out of scope; with a few intents and thousands of samples the gain is within seed noise
    /// and would only add training time and latency.
    public static func recommendedClassifierMembers(intentCount: Int) -> Int {
        intentCount > 32 ? 3 : 1
    }

    /// One for up to 32 intents, none beyond: a gain where one intent's utterances are easily
    /// given to another, and even elsewhere. With many intents a linear row for every character
    /// n-gram (a score per intent each) would multiply the model's size, so none is added there.
    public static func recommendedLinearClassifierMembers(intentCount: Int) -> Int {
        intentCount > 32 ? 0 : 1
    }

    /// Whether the linear member (``linearClassifierMembers``) sees half its examples without
    /// their slot values, given the median number of samples of the skill's own intents: yes
    /// from 300. A full-rank model over character n-grams learns each intent's listed values,
    /// which the values people say do not share; hiding them makes it learn the carrier.
    /// Where every intent has many samples the carriers are plenty and hiding values helps;
    /// where intents have few, the values are part of what little there is, and hiding them
    /// costs. 300 is where the tagger's type agreement
    /// (``NLUModel/recommendedTypeAgreement(largestIntentSamples:)``) already draws the line
    /// of a hand-written skill.
    public static func recommendedValueDropout(medianIntentSamples: Int) -> Bool {
        medianIntentSamples >= 300
    }

    /// The options of a member of the second kind (``linearClassifierMembers``): its linear
    /// rows carry the model, so an embedding of dimension 1 keeps most of the gain at a tenth
    /// of the extra size of a full embedding. With `hidingValues` it is shown half its examples
    /// without their slot values (``IntentClassifierOptions/valueDropout`` ½; see
    /// ``recommendedValueDropout(medianIntentSamples:)``).
    package static func linearMemberOptions(from options: IntentClassifierOptions, hidingValues: Bool = false) -> IntentClassifierOptions {
        var o = options
        o.linearFeatures = .allPerKind
        o.labelSmoothing = 0.2
        o.dimension = 1
        o.valueDropout = hidingValues ? 0.5 : nil
        return o
    }
}

/// What training is doing, for progress reports.
public struct TrainingProgress: Sendable {
    public enum Stage: String, Sendable {
        case generating = "generating data"
        case classifier = "training intent classifier"
        case tagger = "training slot tagger"
        case calibrating = "calibrating"
        case done
    }
    public var stage: Stage
    /// Epoch within the stage (from 1), and how many there are; 0 when not applicable.
    public var epoch: Int
    public var epochs: Int
    public var loss: Double?
    /// A short human-readable detail ("23,492 utterances").
    public var detail: String

    public init(stage: Stage, epoch: Int = 0, epochs: Int = 0, loss: Double? = nil, detail: String = "") {
        self.stage = stage
        self.epoch = epoch
        self.epochs = epochs
        self.loss = loss
        self.detail = detail
    }
}

extension TrainingOptions {
    /// Decodes options stored in a model file; a field the file lacks (one added after the
    /// file was written) takes its default, so older model files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TrainingOptions()
        seed = try c.decode(.seed, or: d.seed)
        generation = try c.decode(.generation, or: d.generation)
        classifier = try c.decode(.classifier, or: d.classifier)
        classifierPrecision = try c.decode(.classifierPrecision, or: d.classifierPrecision)
        classifierMembers = try c.decode(.classifierMembers, or: d.classifierMembers)
        linearClassifierMembers = try c.decode(.linearClassifierMembers, or: d.linearClassifierMembers)
        carrierClassifier = try c.decode(.carrierClassifier, or: d.carrierClassifier)
        carrierKeptListLimit = try c.decode(.carrierKeptListLimit, or: d.carrierKeptListLimit)
        fallbackNegatives = try c.decode(.fallbackNegatives, or: d.fallbackNegatives)
        everydayNegatives = try c.decode(.everydayNegatives, or: d.everydayNegatives)
        languagePack = try c.decode(.languagePack, or: d.languagePack)
        packInfluence = try c.decode(.packInfluence, or: d.packInfluence)
        contextualHead = try c.decode(.contextualHead, or: d.contextualHead)
        contextualHeadUtterancesPerIntent = try c.decode(.contextualHeadUtterancesPerIntent, or: d.contextualHeadUtterancesPerIntent)
        contextualInfluence = try c.decode(.contextualInfluence, or: d.contextualInfluence)
        tagger = try c.decode(.tagger, or: d.tagger)
        gazetteerDropout = try c.decode(.gazetteerDropout, or: d.gazetteerDropout)
        classifierUtterancesPerIntent = try c.decode(.classifierUtterancesPerIntent, or: d.classifierUtterancesPerIntent)
        heldOutShare = try c.decode(.heldOutShare, or: d.heldOutShare)
        annotated = try c.decode(.annotated, or: d.annotated)
    }
}

