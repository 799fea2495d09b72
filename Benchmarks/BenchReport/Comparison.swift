/// SkillNLU beside the peers on one data set and interaction model: each peer's figures and how
/// ours compare — differences in percentage points (ours − theirs) and time ratios
/// (ours / theirs), so the reader need not do the arithmetic.
public struct Comparison: Sendable, Equatable {
    /// One peer's figures and our differences and ratios against it.
    public struct Row: Sendable, Equatable {
        public var peer: PeerRow
        /// Ours − theirs, in fractions (the report shows points).
        public var intentAccuracyDifference: Double?
        public var slotF1Difference: Double?
        public var exactMatchDifference: Double?
        public var inScopeAccuracyDifference: Double?
        public var oosRecallDifference: Double?
        /// Our training wall time / theirs.
        public var trainTimeRatio: Double?
        /// Our latency / theirs, the work matched to theirs (see ``Comparison/ourLatency(for:)``).
        public var p50Ratio: Double?
        public var p99Ratio: Double?
    }

    /// Which of our latency distributions a ratio used.
    public enum LatencyKind: String, Sendable, Equatable {
        /// Intent classification alone.
        case intentOnly = "intent only"
        /// Intent, slots, entity resolution and built-in values: a full classify.
        case withSlots = "with slots"
    }

    public var dataset: String
    public var model: String
    /// Our figures; nil when this data set and model ran only for the peers.
    public var ours: AccuracyResult?
    /// Our speed run on the same data set and model, if there was one (`make bench` measures
    /// speed with `interaction-model.json` only).
    public var speed: SpeedResult?
    /// The peers' run; nil when no peer result exists for this data set and model.
    public var peerRun: PeerRun?
    public var rows: [Row]

    /// Builds the comparison; rows keep the order of the peers' file.
    public init(dataset: String, model: String, ours: AccuracyResult?, speed: SpeedResult?, peerRun: PeerRun?) {
        self.dataset = dataset
        self.model = model
        self.ours = ours
        self.speed = speed
        self.peerRun = peerRun
        self.rows = []
        self.rows = (peerRun?.rows ?? []).map { row(against: $0) }
    }

    /// Whether any figure in the comparison is about slots: without slots exact match is intent
    /// accuracy again and the report leaves it out.
    public var hasSlots: Bool {
        (ours?.hasSlots ?? false) || rows.contains { $0.peer.slotF1 != nil }
    }

    /// Our latency in milliseconds for the work a peer row does: intent engines against our
    /// intent-only classify, slot taggers and joint parsers against a full classify with slots.
    /// The peers' way of measuring (best of three per utterance) is used when the speed run
    /// recorded it; otherwise every pooled call (``usesPooledLatency``).
    public func ourLatency(for task: PeerRow.Task?) -> (p50: Double, p99: Double, kind: LatencyKind)? {
        guard let speed else { return nil }
        let kind: LatencyKind = task == .intent ? .intentOnly : .withSlots
        let latency = kind == .intentOnly ? (speed.intentLatencyBestOf ?? speed.intentLatency)
                                          : (speed.slotsLatencyBestOf ?? speed.slotsLatency)
        guard let latency else { return nil }
        return (latency.p50 / 1000, latency.p99 / 1000, kind)
    }

    /// True when our latency comes from the pooled distribution, which is not how the peers
    /// were timed (older speed results): the report marks such ratios.
    public var usesPooledLatency: Bool {
        guard let speed else { return false }
        return speed.intentLatencyBestOf == nil || speed.slotsLatencyBestOf == nil
    }

    func row(against peer: PeerRow) -> Row {
        func difference(_ ours: Double?, _ theirs: Double?) -> Double? {
            guard let ours, let theirs else { return nil }
            return ours - theirs
        }
        func ratio(_ ours: Double?, _ theirs: Double?) -> Double? {
            guard let ours, let theirs, theirs > 0 else { return nil }
            return ours / theirs
        }
        guard peer.skipped == nil else { return Row(peer: peer) }
        let latency = ourLatency(for: peer.task)
        return Row(peer: peer,
                   intentAccuracyDifference: difference(ours?.intentAccuracy, peer.intentAccuracy),
                   slotF1Difference: difference(ours?.slotF1, peer.slotF1),
                   exactMatchDifference: difference(ours?.exactMatch, peer.exactMatch),
                   inScopeAccuracyDifference: difference(ours?.inScopeAccuracy, peer.inScopeAccuracy),
                   oosRecallDifference: difference(ours?.oosRecall, peer.oosRecall),
                   trainTimeRatio: ratio(ours?.trainSeconds, peer.trainSeconds),
                   p50Ratio: ratio(latency?.p50, peer.latencyP50Ms),
                   p99Ratio: ratio(latency?.p99, peer.latencyP99Ms))
    }

    /// One comparison per data set and model that either side measured: ours first in data set
    /// order with `interaction-model.json` before its variants, then runs only the peers have.
    public static func all(_ results: BenchResults) -> [Comparison] {
        var keys: [Key] = results.accuracy.map { Key(dataset: $0.dataset, model: $0.model) }
        for run in results.peers where !keys.contains(Key(dataset: run.dataset, model: run.model)) {
            keys.append(Key(dataset: run.dataset, model: run.model))
        }
        return keys.sorted().map { key in
            Comparison(dataset: key.dataset, model: key.model,
                       ours: results.accuracy.first { $0.dataset == key.dataset && $0.model == key.model },
                       speed: results.speed.first { $0.dataset == key.dataset && $0.model == key.model },
                       peerRun: results.peers.first { $0.dataset == key.dataset && $0.model == key.model })
        }
    }

    /// A data set and model, ordered by data set, then the full model before its variants.
    struct Key: Hashable, Comparable {
        var dataset: String
        var model: String
        static func < (a: Key, b: Key) -> Bool {
            if a.dataset != b.dataset { return a.dataset < b.dataset }
            let full = "interaction-model.json"
            if (a.model == full) != (b.model == full) { return a.model == full }
            return a.model < b.model
        }
    }
}

extension Comparison.Row {
    init(peer: PeerRow) {
        self.init(peer: peer, intentAccuracyDifference: nil, slotF1Difference: nil, exactMatchDifference: nil,
                  inScopeAccuracyDifference: nil, oosRecallDifference: nil, trainTimeRatio: nil, p50Ratio: nil,
                  p99Ratio: nil)
    }
}
