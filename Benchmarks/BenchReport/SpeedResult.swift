/// Our speed and size on one data set, as `nlu-bench speed --json` writes them.
public struct SpeedResult: Sendable, Equatable, Decodable {
    public struct MatrixProduct: Sendable, Equatable, Decodable {
        public var blasUs: Double
        public var loopUs: Double
        public init(blasUs: Double, loopUs: Double) {
            self.blasUs = blasUs
            self.loopUs = loopUs
        }
        enum CodingKeys: String, CodingKey { case blasUs = "blas_us", loopUs = "loop_us" }
    }

    public var dataset: String
    public var model: String
    public var trainSeconds: Double?
    public var trainCPUSeconds: Double?
    /// Wall and CPU time of training the fast tier alone (no contextual head), when the run's
    /// model has a head: the head's extra time is ``trainSeconds`` minus this.
    public var fastTierTrainSeconds: Double?
    public var fastTierTrainCPUSeconds: Double?
    public var modelBytes: Double?
    /// The bytes of each unit of the model file (its sections, and the headers), in file order.
    public var sectionBytes: [PartBytes]?
    /// Files the model reads beside its own (a language pack, a sentence encoder), shared by
    /// every model that uses them and so not counted in ``modelBytes``.
    public var sharedBytes: [PartBytes]?
    public var loadMs: Double?
    /// The first classification (with slots) of a model just loaded, in a process that has
    /// classified before: what loading left to be read on first use (a type's values, an
    /// intent's carrier phrases, a resolver) is paid here. Median of five loads, each asked
    /// another test utterance.
    public var firstAnswerMs: Double?
    /// Every call of every pass pooled (`--repeats` passes over the test split).
    public var intentLatency: Latency?
    public var slotsLatency: Latency?
    /// Measured as the peers measure theirs: the first 1,000 test utterances, each called three
    /// times after a warm-up, keeping each utterance's fastest call. The ratios use these.
    public var intentLatencyBestOf: Latency?
    public var slotsLatencyBestOf: Latency?
    public var throughputPerSecond: Double?
    public var peakResidentMB: Double?
    public var blas: MatrixProduct?
    /// Intent-only latency in each classification tier, for models with a contextual head.
    public var tierLatency: [TierLatency]

    /// One tier's latency (µs, one pass over the test split, warm): intent only, with slots when
    /// measured, and the share of utterances the sentence encoder ran on.
    public struct TierLatency: Sendable, Equatable, Decodable {
        public var tier: String
        public var latency: Latency
        public var withSlots: Latency?
        public var encoderShare: Double?
        public init(tier: String, latency: Latency, withSlots: Latency? = nil, encoderShare: Double? = nil) {
            self.tier = tier
            self.latency = latency
            self.withSlots = withSlots
            self.encoderShare = encoderShare
        }
        enum CodingKeys: String, CodingKey {
            case tier, p50, p99, max, encoderShare = "encoder_share"
            case slotsP50 = "slots_p50", slotsP99 = "slots_p99", slotsMax = "slots_max"
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tier = try c.decode(String.self, forKey: .tier)
            latency = Latency(p50: try c.decode(Double.self, forKey: .p50), p99: try c.decode(Double.self, forKey: .p99),
                              max: try c.decodeIfPresent(Double.self, forKey: .max))
            if let p50 = try c.decodeIfPresent(Double.self, forKey: .slotsP50),
               let p99 = try c.decodeIfPresent(Double.self, forKey: .slotsP99) {
                withSlots = Latency(p50: p50, p99: p99, max: try c.decodeIfPresent(Double.self, forKey: .slotsMax))
            }
            encoderShare = try c.decodeIfPresent(Double.self, forKey: .encoderShare)
        }
    }

    public init(dataset: String, model: String = "interaction-model.json", trainSeconds: Double? = nil,
                trainCPUSeconds: Double? = nil, fastTierTrainSeconds: Double? = nil, fastTierTrainCPUSeconds: Double? = nil,
                modelBytes: Double? = nil, sectionBytes: [PartBytes]? = nil,
                sharedBytes: [PartBytes]? = nil, loadMs: Double? = nil, firstAnswerMs: Double? = nil,
                intentLatency: Latency? = nil, slotsLatency: Latency? = nil, intentLatencyBestOf: Latency? = nil,
                slotsLatencyBestOf: Latency? = nil, throughputPerSecond: Double? = nil, peakResidentMB: Double? = nil,
                blas: MatrixProduct? = nil, tierLatency: [TierLatency] = []) {
        self.dataset = dataset
        self.model = model
        self.trainSeconds = trainSeconds
        self.trainCPUSeconds = trainCPUSeconds
        self.fastTierTrainSeconds = fastTierTrainSeconds
        self.fastTierTrainCPUSeconds = fastTierTrainCPUSeconds
        self.modelBytes = modelBytes
        self.sectionBytes = sectionBytes
        self.sharedBytes = sharedBytes
        self.loadMs = loadMs
        self.firstAnswerMs = firstAnswerMs
        self.intentLatency = intentLatency
        self.slotsLatency = slotsLatency
        self.intentLatencyBestOf = intentLatencyBestOf
        self.slotsLatencyBestOf = slotsLatencyBestOf
        self.throughputPerSecond = throughputPerSecond
        self.peakResidentMB = peakResidentMB
        self.blas = blas
        self.tierLatency = tierLatency
    }

    enum CodingKeys: String, CodingKey {
        case dataset, model, blas
        case trainSeconds = "train_seconds", trainCPUSeconds = "train_cpu_seconds", modelBytes = "model_bytes"
        case fastTierTrainSeconds = "train_fast_seconds", fastTierTrainCPUSeconds = "train_fast_cpu_seconds"
        case sectionBytes = "model_section_bytes", sharedBytes = "shared_file_bytes"
        case loadMs = "load_ms", firstAnswerMs = "first_answer_ms", intentLatency = "latency_intent_us", slotsLatency = "latency_slots_us"
        case intentLatencyBestOf = "latency_intent_best_us", slotsLatencyBestOf = "latency_slots_best_us"
        case throughputPerSecond = "throughput_per_s", peakResidentMB = "peak_rss_mb"
        case tierLatency = "latency_tiers_us"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        dataset = try c.decode(String.self, forKey: .dataset)
        // Speed runs before the model was recorded measured the default model.
        model = try c.decodeIfPresent(String.self, forKey: .model) ?? "interaction-model.json"
        trainSeconds = try c.decodeIfPresent(Double.self, forKey: .trainSeconds)
        trainCPUSeconds = try c.decodeIfPresent(Double.self, forKey: .trainCPUSeconds)
        fastTierTrainSeconds = try c.decodeIfPresent(Double.self, forKey: .fastTierTrainSeconds)
        fastTierTrainCPUSeconds = try c.decodeIfPresent(Double.self, forKey: .fastTierTrainCPUSeconds)
        modelBytes = try c.decodeIfPresent(Double.self, forKey: .modelBytes)
        sectionBytes = try c.decodeIfPresent([PartBytes].self, forKey: .sectionBytes)
        sharedBytes = try c.decodeIfPresent([PartBytes].self, forKey: .sharedBytes)
        loadMs = try c.decodeIfPresent(Double.self, forKey: .loadMs)
        firstAnswerMs = try c.decodeIfPresent(Double.self, forKey: .firstAnswerMs)
        intentLatency = try c.decodeIfPresent(Latency.self, forKey: .intentLatency)
        slotsLatency = try c.decodeIfPresent(Latency.self, forKey: .slotsLatency)
        intentLatencyBestOf = try c.decodeIfPresent(Latency.self, forKey: .intentLatencyBestOf)
        slotsLatencyBestOf = try c.decodeIfPresent(Latency.self, forKey: .slotsLatencyBestOf)
        throughputPerSecond = try c.decodeIfPresent(Double.self, forKey: .throughputPerSecond)
        peakResidentMB = try c.decodeIfPresent(Double.self, forKey: .peakResidentMB)
        blas = try c.decodeIfPresent(MatrixProduct.self, forKey: .blas)
        tierLatency = try c.decodeIfPresent([TierLatency].self, forKey: .tierLatency) ?? []
    }

    /// The contextual head's share of the training's wall time: the whole training's minus the
    /// fast tier's alone; nil when the run trained no head.
    public var contextualHeadTrainSeconds: Double? {
        guard let trainSeconds, let fastTierTrainSeconds else { return nil }
        return trainSeconds - fastTierTrainSeconds
    }

    /// The latency of `tier`, when the run timed it.
    public func latency(inTier tier: String) -> TierLatency? { tierLatency.first { $0.tier == tier } }

    /// One part of a model file, or one shared file, and its size.
    public struct PartBytes: Sendable, Equatable, Decodable {
        public var part: String
        public var bytes: Double
        public init(part: String, bytes: Double) {
            self.part = part
            self.bytes = bytes
        }
    }

    /// How many times faster BLAS did the classifier's output product than a plain loop.
    public var blasGain: Double? {
        guard let blas, blas.blasUs > 0 else { return nil }
        return blas.loopUs / blas.blasUs
    }
}
