/// Our totals on one data set and interaction model, as `nlu-bench accuracy --json` writes them.
///
/// Only the totals are read: the report compares engines, and the per-intent breakdowns stay in
/// the JSON for whoever digs deeper.
public struct AccuracyResult: Sendable, Equatable, Decodable {
    public var dataset: String
    public var model: String
    public var intentAccuracy: Double?
    public var slotPrecision: Double?
    public var slotRecall: Double?
    public var slotF1: Double?
    /// Slot F1 counting only what Alexa's request carries: the first value of a slot that takes
    /// one value. `slotF1` scores every span, as the data sets' metric does; the two differ only
    /// where an utterance repeats such a slot (ATIS's "from boston or from denver").
    public var alexaSlotF1: Double?
    public var exactMatch: Double?
    public var inScopeAccuracy: Double?
    public var oosRecall: Double?
    /// Wall time of the whole training (generation, classifier and tagger) in this run.
    public var trainSeconds: Double?
    /// Whether the scored split has slots at all: without them the slot figures mean nothing
    /// (the JSON still holds zeros) and are shown as missing.
    public var hasSlots: Bool
    /// The classification tier these figures were scored in (fast, auto, accurate), when the
    /// run recorded it; results before the tiers have none.
    public var tier: String?
    /// The same trained model scored again in each tier `nlu-bench accuracy --tiers` named.
    public var tiers: [AccuracyResult]

    public init(dataset: String, model: String, intentAccuracy: Double? = nil, slotPrecision: Double? = nil,
                slotRecall: Double? = nil, slotF1: Double? = nil, alexaSlotF1: Double? = nil, exactMatch: Double? = nil,
                inScopeAccuracy: Double? = nil, oosRecall: Double? = nil, trainSeconds: Double? = nil,
                hasSlots: Bool, tier: String? = nil, tiers: [AccuracyResult] = []) {
        self.dataset = dataset
        self.model = model
        self.intentAccuracy = intentAccuracy
        self.slotPrecision = slotPrecision
        self.slotRecall = slotRecall
        self.slotF1 = slotF1
        self.alexaSlotF1 = alexaSlotF1
        self.exactMatch = exactMatch
        self.inScopeAccuracy = inScopeAccuracy
        self.oosRecall = oosRecall
        self.trainSeconds = trainSeconds
        self.hasSlots = hasSlots
        self.tier = tier
        self.tiers = tiers
    }

    /// The figures of `tier`: this result when it was scored in that tier, else the one of
    /// ``tiers`` that was.
    public func figures(inTier tier: String) -> AccuracyResult? {
        self.tier == tier ? self : tiers.first { $0.tier == tier }
    }

    enum CodingKeys: String, CodingKey {
        case dataset, model, tier, tiers
        case intentAccuracy = "intent_accuracy", slotPrecision = "slot_precision", slotRecall = "slot_recall"
        case slotF1 = "slot_f1", alexaSlotF1 = "alexa_slot_f1", exactMatch = "exact_match", inScopeAccuracy = "in_scope_accuracy"
        case oosRecall = "oos_recall", trainSeconds = "train_seconds", perSlot = "per_slot"
    }

    /// Keys of `per_slot`, whatever their values.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dataset = try c.decode(String.self, forKey: .dataset)
        model = try c.decode(String.self, forKey: .model)
        intentAccuracy = try c.decodeIfPresent(Double.self, forKey: .intentAccuracy)
        exactMatch = try c.decodeIfPresent(Double.self, forKey: .exactMatch)
        inScopeAccuracy = try c.decodeIfPresent(Double.self, forKey: .inScopeAccuracy)
        oosRecall = try c.decodeIfPresent(Double.self, forKey: .oosRecall)
        trainSeconds = try c.decodeIfPresent(Double.self, forKey: .trainSeconds)
        let perSlot = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: .perSlot)
        let precision = try c.decodeIfPresent(Double.self, forKey: .slotPrecision)
        let recall = try c.decodeIfPresent(Double.self, forKey: .slotRecall)
        // Older files have no per_slot: then any non-zero slot figure says there were slots.
        hasSlots = perSlot.map { !$0.allKeys.isEmpty } ?? ((precision ?? 0) > 0 || (recall ?? 0) > 0)
        slotPrecision = hasSlots ? precision : nil
        slotRecall = hasSlots ? recall : nil
        slotF1 = hasSlots ? try c.decodeIfPresent(Double.self, forKey: .slotF1) : nil
        alexaSlotF1 = hasSlots ? try c.decodeIfPresent(Double.self, forKey: .alexaSlotF1) : nil
        tier = try c.decodeIfPresent(String.self, forKey: .tier)
        tiers = try c.decodeIfPresent([AccuracyResult].self, forKey: .tiers) ?? []
    }
}
