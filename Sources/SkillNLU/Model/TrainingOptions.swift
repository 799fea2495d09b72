/// Everything that shapes a trained model. The defaults are the settings chosen on the
/// benchmarks' dev splits; the same options and seed give the same model.
public struct TrainingOptions: Sendable, Codable, Equatable {
    /// One seed for the whole run; each stage derives its own from it.
    public var seed: UInt64 = 1
    public var generation = GenerationOptions()
    /// The intent classifier's settings; nil chooses them from the number of intents and
    /// utterances (``IntentClassifierOptions/recommended(labelCount:exampleCount:)``).
    public var classifier: IntentClassifierOptions?
    /// How many intent classifiers, trained from different seeds, are averaged into the one
    /// the model keeps (``IntentClassifier`` merges them into a single wider model, so
    /// classifying costs about what one classifier of that width costs); nil chooses by the
    /// number of intents (``recommendedClassifierMembers(intentCount:)``).
    public var classifierMembers: Int?
    /// Members of a second kind merged in beside ``classifierMembers``: a full-rank linear
    /// model over every feature, character n-grams included, normalised per kind
    /// (``IntentClassifierOptions/LinearFeatures/allPerKind``) and trained with label smoothing
    /// 0.2. It is smoother where the balanced training data leaves an intent open (ATIS's
    /// atis_flight utterances given to a small intent), while the default kind keeps its edge
    /// where slot values must not be learnt as carriers (SNIPS); the mean of the two kinds
    /// was better than either in Benchmarks/classifier-lab. nil uses
    /// ``recommendedLinearClassifierMembers(intentCount:)``.
    public var linearClassifierMembers: Int?
    /// Whether the model keeps a second intent classifier trained on the carrier phrases of
    /// the generated utterances (``CarrierPhrase``: slot values replaced by a placeholder),
    /// which joint decoding asks about each candidate intent's reading with its values taken
    /// out. nil: yes when some intent has slots (without slots the carriers are the
    /// utterances themselves). Intent accuracy on dev splits and held-out folds, seed 1
    /// without → with: SNIPS 98.14 → 98.14, SNIPS-70 96.43 → 96.71, snips-fold 97.71 → 98.09,
    /// snips-fold70 96.95 → 96.64, ATIS 97.40 → 97.40, ATIS-70 90.60 → 91.40, atis-fold 96.65 →
    /// 96.65, atis-fold70 93.40 → 93.82; seed 2: SNIPS 97.86 → 98.57, SNIPS-70 97.00 → 96.71,
    /// snips-fold 98.09 → 98.17, ATIS 97.00 → 96.80, ATIS-70 91.00 → 91.20, atis-fold 95.54 →
    /// 96.65 (Benchmarks/tools/SWEEPS.md).
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
    public var tagger = SlotTaggerOptions()
    /// Share of training utterances whose gazetteer features come from half of each value
    /// list, so the tagger learns carrier phrases and finds values no list contains (0.9
    /// chosen on SNIPS dev: 94.7 slot F1 against 93.4 at 0.5).
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

    /// One classifier for up to 32 intents, three beyond. With many intents and few samples
    /// each (CLINC150: 150 intents, 100 samples) single classifiers disagree often and their
    /// mean is clearly better on dev (in-scope accuracy +0.5, out-of-scope recall +6 points);
    /// with a few intents and thousands of samples the gain is within seed noise and would
    /// only add training time and latency.
    /// The share of negatives used when ``fallbackNegatives`` is nil: chosen on CLINC150's dev
    /// split, where 0, 0.5, 1, 1.5 and 3 gave in-scope accuracy 93.57, 93.23, 93.23, 93.27,
    /// 92.93 % and out-of-scope recall 43, 59, 61, 65, 65 % before draws that one intent could
    /// say were left out; with that rule, 1.5 gives 93.13 % / 64 % (and 93.50 % / 38 % for the
    /// model without out-of-scope samples, against 93.77 % / 35 % with no negatives).
    public static let defaultFallbackNegatives: Float = 1.5
    /// The pack scorer's weight when ``packInfluence`` is nil (how it was chosen:
    /// Benchmarks/tools/SWEEPS.md).
    public static let defaultPackInfluence: Float = 2

    /// The list size used when ``carrierKeptListLimit`` is nil. Chosen on dev splits and folds
    /// (Benchmarks/tools/SWEEPS.md), ATIS intent accuracy (dev, dev-70, fold, fold-70) at
    /// limits 0, 8, 15, 20, 30, 50: 97.40/90.60/96.65/93.95, 97.40/90.80/96.43/93.58,
    /// 97.80/91.20/96.88/93.66, 97.60/91.00/96.88/93.79, 97.60/90.80/96.88/93.74,
    /// 97.40/90.40/96.65/93.08; SNIPS's four sets move by −0.15 to +0.21 points at 15. The gain
    /// comes from ATIS's 14 ways of saying a flight's times, and longer lists (airline codes,
    /// state names) are values again.
    public static let defaultCarrierKeptListLimit = 15

    public static func recommendedClassifierMembers(intentCount: Int) -> Int {
        intentCount > 32 ? 3 : 1
    }

    /// One for up to 32 intents, none beyond. Chosen on dev splits and folds of train (intent
    /// accuracy without / with one member of dimension 1): ATIS dev 97.00 / 97.40, ATIS-70 dev
    /// 89.80 / 90.60, atis-fold 95.98 / 96.65, atis-fold70 91.66 / 93.40; SNIPS dev 98.14 /
    /// 98.14, SNIPS-70 dev 96.71 / 96.43, snips-fold 97.94 / 97.78, snips-fold70 96.90 / 96.85 —
    /// a gain where one intent's utterances are easily given to another, and SNIPS within a
    /// few utterances. With many intents a linear row for every character n-gram (150 scores
    /// each on CLINC150) would multiply the model's size, so none is added there.
    public static func recommendedLinearClassifierMembers(intentCount: Int) -> Int {
        intentCount > 32 ? 0 : 1
    }

    /// Whether the linear member (``linearClassifierMembers``) sees half its examples without
    /// their slot values, given the median number of samples of the skill's own intents: yes
    /// from 300. A full-rank model over character n-grams learns each intent's listed values,
    /// which the values people say do not share; hiding them makes it learn the carrier.
    /// Where every intent has many samples the carriers are plenty: SNIPS (median 960) gains
    /// 18 utterances of 9,157 on held-out folds 3–9 of train (every fold gains; `make-fold.py`)
    /// and 2 on fold 0. Where intents have few, the values are part of what little there is:
    /// at most 70 samples an intent SNIPS loses 1 to 7 utterances on each of four sets, ATIS 2
    /// to 16; with it, ATIS's full model (median 13, atis_flight 2,047) came out even (0 on
    /// folds 3–9, −2 on dev). The threshold lies between the sizes measured; 300 is where the
    /// tagger's type agreement (``NLUModel/recommendedTypeAgreement(largestIntentSamples:)``)
    /// already draws the line of a hand-written skill (Benchmarks/tools/SWEEPS.md).
    public static func recommendedValueDropout(medianIntentSamples: Int) -> Bool {
        medianIntentSamples >= 300
    }

    /// The options of a member of the second kind (``linearClassifierMembers``): its linear
    /// rows carry the model, so an embedding of dimension 1 keeps most of the gain (atis-fold
    /// 96.65 against 97.10 at dimension 16) at a tenth of the extra size (SNIPS's model file
    /// 3.39 → 3.53 MB, against 4.49 MB). With `hidingValues` it is shown half its examples
    /// without their slot values (``IntentClassifierOptions/valueDropout`` ½; see
    /// ``recommendedValueDropout(medianIntentSamples:)``).
    static func linearMemberOptions(from options: IntentClassifierOptions, hidingValues: Bool = false) -> IntentClassifierOptions {
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
        classifierMembers = try c.decode(.classifierMembers, or: d.classifierMembers)
        linearClassifierMembers = try c.decode(.linearClassifierMembers, or: d.linearClassifierMembers)
        carrierClassifier = try c.decode(.carrierClassifier, or: d.carrierClassifier)
        carrierKeptListLimit = try c.decode(.carrierKeptListLimit, or: d.carrierKeptListLimit)
        fallbackNegatives = try c.decode(.fallbackNegatives, or: d.fallbackNegatives)
        everydayNegatives = try c.decode(.everydayNegatives, or: d.everydayNegatives)
        languagePack = try c.decode(.languagePack, or: d.languagePack)
        packInfluence = try c.decode(.packInfluence, or: d.packInfluence)
        tagger = try c.decode(.tagger, or: d.tagger)
        gazetteerDropout = try c.decode(.gazetteerDropout, or: d.gazetteerDropout)
        classifierUtterancesPerIntent = try c.decode(.classifierUtterancesPerIntent, or: d.classifierUtterancesPerIntent)
        heldOutShare = try c.decode(.heldOutShare, or: d.heldOutShare)
        annotated = try c.decode(.annotated, or: d.annotated)
    }
}

