/// Options for turning sample templates into training utterances.
public struct GenerationOptions: Sendable, Codable, Equatable {
    /// Seed for every random choice: the same seed gives the same data.
    public var seed: UInt64 = 1
    /// How many times each sample with slots is filled with different values.
    public var fillingsPerSample: Int = 6
    /// Intents with few samples are filled more often, up to this many utterances: a skill
    /// with 70 samples an intent needs many fillings for the tagger to learn its carriers
    /// around varied values; more brings little and lengthens training.
    public var minimumPerIntent: Int = 2000
    /// Bounds the data (and the training time) for models with very many samples.
    public var maximumPerIntent: Int = 6000
    /// How many generated values of each built-in type to draw fillers from.
    public var builtInFillers: Int = 200
    /// Each slot of an intent appears in at least this many of the tagger's utterances (when its
    /// samples allow that many different fillings), through
    /// ``TrainingDataGenerator/slotSupplement(for:)``; 0 turns it off. Fillings shared
    /// round-robin among thousands of samples leave a slot that four samples use seen a dozen
    /// times, too few for the tagger to learn its carrier words. It lengthens training only
    /// for models with such rare slots.
    public var minimumPerSlot: Int = 100
    /// Share of the fillings of a `multipleValues` slot that say a list of two to four values
    /// ("pepperoni, mushrooms and olives", or without the commas, as a speech recogniser
    /// writes it), each value its own span, so the tagger learns where one item ends and the
    /// next begins. Samples name such a slot once; Alexa fills it from a list all the same.
    /// Models without such slots generate exactly what they did without it.
    public var listShare: Float = 0.3
    /// Per slot that shares its type with another slot of its intent and is told apart by role
    /// words (``SlotRoles``: "from {fromCity}", "to {toCity}"), how many utterances say such
    /// slots by their role phrases alone, one or two of them in either order ("to {toCity}
    /// from {fromCity}", "starting in {fromCity}"). Samples show
    /// each slot after its own carrier; people name the pair in any order, with other
    /// direction words. Models without such slots generate exactly what they did without it.
    public var roleUtterances: Int = 60
    /// Per intent with a slot of a closed phrase list (``PhraseListType``) and samples made only
    /// of slots, how many utterances say those samples with everyday carrier words around them
    /// (``TrainingDataGenerator/carrierUtterances()``), for the tagger only. Such samples never
    /// show a word outside a slot; these teach that "how about" or "show me" is no value.
    /// Models without phrase lists generate exactly what they did without it. nil (the
    /// default): ``defaultCarrierUtterances``; 0 turns it off. Left out of a model file while
    /// nil, so the files of models without phrase lists stay as they were.
    public var carrierUtterances: Int?
    /// What a nil ``carrierUtterances`` stands for.
    public static let defaultCarrierUtterances = 150
    /// Per slot that an intent declares and none of its samples names, how many utterances
    /// say the slot's own samples as the intent's (``TrainingDataGenerator/slotSampleUtterances(of:)``):
    /// after a sample of the intent without slots, or alone. Without them the classifier never
    /// sees such a slot's values in the intent, and gives every utterance that names one to
    /// another intent whose samples do. Only slots with slot samples take part, so models
    /// without them generate exactly what they did. nil (the default):
    /// ``defaultSlotSampleUtterances``; 0 turns it off. Left out of a model file while nil.
    public var slotSampleUtterances: Int?
    /// What a nil ``slotSampleUtterances`` stands for.
    public static let defaultSlotSampleUtterances = 30

    public init() {}
}

extension GenerationOptions {
    /// Decodes options stored in a model file; a field the file lacks (one added after the
    /// file was written) takes its default, so older model files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = GenerationOptions()
        seed = try c.decode(.seed, or: d.seed)
        fillingsPerSample = try c.decode(.fillingsPerSample, or: d.fillingsPerSample)
        minimumPerIntent = try c.decode(.minimumPerIntent, or: d.minimumPerIntent)
        maximumPerIntent = try c.decode(.maximumPerIntent, or: d.maximumPerIntent)
        builtInFillers = try c.decode(.builtInFillers, or: d.builtInFillers)
        // Files from before the supplement and the lists existed were trained without them.
        minimumPerSlot = try c.decode(.minimumPerSlot, or: 0)
        listShare = try c.decode(.listShare, or: 0)
        roleUtterances = try c.decode(.roleUtterances, or: 0)
        carrierUtterances = try c.decodeIfPresent(Int.self, forKey: .carrierUtterances)
        slotSampleUtterances = try c.decodeIfPresent(Int.self, forKey: .slotSampleUtterances)
    }
}
