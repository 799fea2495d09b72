import BuiltInValues
import Foundation

/// One decoded label sequence.
package struct TaggerDecoding: Sendable {
    /// A ``SlotLabels`` id per token.
    public var labels: [Int32]
    /// log P(labels | tokens, intent) under the CRF.
    public var logProbability: Double
    /// The marginal probability of each token's label.
    public var confidence: [Float]
}

/// A linear-chain conditional random field over BIO slot labels.
///
/// Trained by stochastic gradient descent on the generated data; decoded by Viterbi over the
/// labels of the chosen intent's slots only (a BookHotel utterance can never get a `song`).
/// Weights exist only for (attribute, label) pairs seen in training, as in CRFsuite, which
/// keeps the model small: a SNIPS-sized tagger is a few hundred thousand floats.
public struct SlotTagger: Sendable {
    public let labelCount: Int
    /// The key (upper 32 bits of its 64-bit hash) of each row's attribute.
    let attributeKeys: [UInt32]
    let rowStart: [Int32]
    let rowLabel: [Int32]
    let weights: [Float]
    let transitions: [Float]
    let startScores: [Float]
    /// The label pairs training allowed.
    package let permitted: PermittedTransitions
    /// The same weights laid out for fast lookup while decoding.
    let table: AttributeTable
    /// The ``TypeAgreement`` weights; empty for a tagger trained without them.
    let agreementWeights: [Float]

    /// Whether the tagger scores ``TypeAgreement`` features (its graphs then need the
    /// intent's slot types).
    public var usesTypeAgreement: Bool { !agreementWeights.isEmpty }

    /// The number of stored (attribute, label) weights.
    public var weightCount: Int { weights.count }

    package init(labelCount: Int, attributeIndex: [UInt32: Int32], rowStart: [Int32], rowLabel: [Int32],
         weights: [Float], transitions: [Float], startScores: [Float], agreementWeights: [Float],
         permitted: PermittedTransitions) {
        var keys = [UInt32](repeating: 0, count: rowStart.count - 1)
        for (key, row) in attributeIndex { keys[Int(row)] = key }
        self.init(labelCount: labelCount, attributeKeys: keys, rowStart: rowStart, rowLabel: rowLabel, weights: weights,
                  transitions: transitions, startScores: startScores, agreementWeights: agreementWeights, permitted: permitted)
    }

    init(labelCount: Int, attributeKeys: [UInt32], rowStart: [Int32], rowLabel: [Int32],
         weights: [Float], transitions: [Float], startScores: [Float], agreementWeights: [Float],
         permitted: PermittedTransitions) {
        self.agreementWeights = agreementWeights
        self.labelCount = labelCount
        self.attributeKeys = attributeKeys
        self.rowStart = rowStart
        self.rowLabel = rowLabel
        self.weights = weights
        self.transitions = transitions
        self.startScores = startScores
        self.permitted = permitted
        self.table = AttributeTable(keys: attributeKeys, rowStart: rowStart, labels: rowLabel, weights: weights)
    }

    /// The transition structure over one intent's labels (`O` first), for ``decode``, with
    /// the types of the slots those labels belong to when the tagger uses ``TypeAgreement``.
    package func graph(for labels: [Int32], slotTypes: [SlotTypeKey] = []) -> TransitionGraph {
        var graph = TransitionGraph(labels: labels, labelCount: labelCount, permitted: permitted)
        if !slotTypes.isEmpty {
            let labelSet = Set(labels)
            graph.slotTypes = slotTypes.filter { labelSet.contains($0.begin) && labelSet.contains($0.begin + 1) }
        }
        var scratch = CRFScratch()
        scratch.loadTransitions(graph, transitions: transitions, start: startScores)
        scratch.computeExpTransitions(pairs: graph.pairCount)
        graph.scores = .init(transitions: scratch.transLocal, start: scratch.startLocal,
                             expTransitions: scratch.expTrans, maximum: scratch.transMaximum)
        return graph
    }

    // MARK: Decoding

    /// The best labels for `tokens` among the graph's labels (0 and the intent's slots').
    /// `graph` must come from this tagger's ``graph(for:)``: it carries the tagger's transition
    /// scores, which decoding reads from it.
    package func decode(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, graph: TransitionGraph,
                       withConfidence: Bool = true) -> TaggerDecoding {
        let allowed = graph.labels
        let T = tokens.count
        guard T > 0 else { return TaggerDecoding(labels: [], logProbability: 0, confidence: []) }
        let K = allowed.count
        let L = labelCount
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        offsets.reserveCapacity(T + 1)
        hashes.reserveCapacity(T * 24)
        TaggerFeatures.extract(tokens: tokens, intentKey: intentKey, spans: spans, offsets: &offsets, out: &hashes)
        var scratch = CRFScratch()
        scratch.prepare(T: T, K: K)
        var localOf = [Int32](repeating: -1, count: L)
        for (k, l) in allowed.enumerated() where Int(l) < L { localOf[Int(l)] = Int32(k) }
        var hits: [Int32] = []
        if usesTypeAgreement, !spans.isEmpty {
            TypeAgreement.hits(spans: spans, tokenCount: T, slots: graph.slotTypes, into: &hits)
        }
        let tokenKeys = graph.slotTypes.contains { $0.unlistedPenalty > 0 } ? tokens.map(PhraseTrie.key) : []
        scratch.emission.withUnsafeMutableBufferPointer { emission in
            localOf.withUnsafeBufferPointer { localOf in
                table.addEmissions(hashes: hashes, offsets: offsets, localOf: localOf, labels: K, into: emission)
                TypeAgreement.addScores(hits, weights: agreementWeights, localOf: localOf, labels: K, into: emission)
                if !tokenKeys.isEmpty {
                    UnlistedValuePrior.addPenalties(slots: graph.slotTypes, tokenKeys: tokenKeys, localOf: localOf,
                                                    labels: K, into: emission)
                }
            }
        }
        if let scores = graph.scores {
            scratch.load(scores)
        } else {
            scratch.loadTransitions(graph, transitions: transitions, start: startScores)
        }
        // Viterbi.
        var score = [Float](repeating: -.infinity, count: T * K)
        var back = [Int32](repeating: 0, count: T * K)
        for k in 0..<K { score[k] = scratch.startLocal[k] + scratch.emission[k] }
        for t in 1..<T {
            for k in 0..<K {
                var best: Float = -.infinity
                var arg: Int32 = 0
                for q in Int(graph.incomingStart[k])..<Int(graph.incomingStart[k + 1]) {
                    let p = Int(graph.incoming[q])
                    let kp = Int(graph.from[p])
                    let s = score[(t - 1) * K + kp] + scratch.transLocal[p]
                    if s > best { best = s; arg = Int32(kp) }
                }
                score[t * K + k] = best + scratch.emission[t * K + k]
                back[t * K + k] = arg
            }
        }
        var bestK = 0
        for k in 1..<K where score[(T - 1) * K + k] > score[(T - 1) * K + bestK] { bestK = k }
        var path = [Int32](repeating: 0, count: T)
        var k = bestK
        for t in stride(from: T - 1, through: 0, by: -1) {
            path[t] = Int32(k)
            k = Int(back[t * K + k])
        }
        let bestScore = Double(score[(T - 1) * K + bestK])
        var confidence: [Float] = []
        var logP = 0.0
        if withConfidence {
            let logZ = scratch.forwardBackward(T: T, graph: graph)
            logP = bestScore - logZ
            confidence = (0..<T).map { scratch.marginal[$0 * K + Int(path[$0])] }
        }
        return TaggerDecoding(labels: path.map { allowed[Int($0)] }, logProbability: logP, confidence: confidence)
    }
}
