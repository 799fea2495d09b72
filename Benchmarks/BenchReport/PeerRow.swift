/// One peer engine's figures on one data set and model (a row of `peers` in a
/// `Benchmarks/peers/results/*.json` file written by `peers.py`).
public struct PeerRow: Sendable, Equatable, Decodable {
    /// What the engine predicts, which decides which of our figures it is compared with.
    public enum Task: String, Sendable, Equatable, Decodable {
        /// Intent only: compared with our intent-only latency.
        case intent
        /// Slots only, given an intent: compared with our latency with slots.
        case slots
        /// Intent and slots in one parse: compared with our latency with slots.
        case joint = "intent+slots"
    }

    public var engine: String
    public var task: Task?
    public var intentAccuracy: Double?
    public var slotPrecision: Double?
    public var slotRecall: Double?
    public var slotF1: Double?
    public var exactMatch: Double?
    public var inScopeAccuracy: Double?
    public var oosRecall: Double?
    public var trainSeconds: Double?
    public var latencyP50Ms: Double?
    public var latencyP99Ms: Double?
    public var modelBytes: Double?
    /// For slot rows: the intent engine whose predictions their exact match used.
    public var intentFrom: String?
    /// Why the engine has no figures (not installed, stopped after a time limit …).
    public var skipped: String?

    public init(engine: String, task: Task?, intentAccuracy: Double? = nil, slotPrecision: Double? = nil,
                slotRecall: Double? = nil, slotF1: Double? = nil, exactMatch: Double? = nil,
                inScopeAccuracy: Double? = nil, oosRecall: Double? = nil, trainSeconds: Double? = nil,
                latencyP50Ms: Double? = nil, latencyP99Ms: Double? = nil, modelBytes: Double? = nil,
                intentFrom: String? = nil, skipped: String? = nil) {
        self.engine = engine
        self.task = task
        self.intentAccuracy = intentAccuracy
        self.slotPrecision = slotPrecision
        self.slotRecall = slotRecall
        self.slotF1 = slotF1
        self.exactMatch = exactMatch
        self.inScopeAccuracy = inScopeAccuracy
        self.oosRecall = oosRecall
        self.trainSeconds = trainSeconds
        self.latencyP50Ms = latencyP50Ms
        self.latencyP99Ms = latencyP99Ms
        self.modelBytes = modelBytes
        self.intentFrom = intentFrom
        self.skipped = skipped
    }

    enum CodingKeys: String, CodingKey {
        case engine, task, skipped
        case intentAccuracy = "intent_accuracy", slotPrecision = "slot_precision", slotRecall = "slot_recall"
        case slotF1 = "slot_f1", exactMatch = "exact_match", inScopeAccuracy = "in_scope_accuracy"
        case oosRecall = "oos_recall", trainSeconds = "train_seconds", latencyP50Ms = "latency_p50_ms"
        case latencyP99Ms = "latency_p99_ms", modelBytes = "model_bytes", intentFrom = "intent_from"
    }
}
