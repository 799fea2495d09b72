import BuiltInValues
import CInt8Products
import Foundation

/// One decoded label sequence.
package struct TaggerDecoding: Sendable {
    /// A ``SlotLabels`` id per token.
    public var labels: [Int32]
    /// log P(labels | tokens, intent) under the CRF.
    public var logProbability: Double
    /// The marginal probability of each token's label.
    public var confidence: [Float]
    /// The decoding's buffers and the path, while the confidence waits to be computed
    /// (``SlotTagger/completeConfidence(_:graph:fromFirstSlot:)``).
    var pending: Pending? = nil

    struct Pending {
        var scratch: CRFScratch
        /// The path's local labels.
        var path: [Int32]
        /// Whether the forward pass has filled the scratch (the backward pass needs it).
        var forwardDone = true
        /// The best path's score (Viterbi's), from which the forward pass makes the path's
        /// probability.
        var bestScore = 0.0
    }
}

/// What ``SlotTagger/decode(_:intentKey:graph:mode:)`` computes beside the labels. The
/// confidence (forward and backward passes, each as costly as Viterbi) may wait for
/// ``SlotTagger/completeConfidence(_:graph:fromFirstSlot:)``: joint decoding reads several
/// intents and keeps the slots of one, and a caller may want no confidence at all.
package enum TaggerDecodingMode: Sendable {
    /// The labels, their probability and every token's confidence.
    case full
    /// The labels alone: `logProbability` 0, no confidence, nothing left to complete.
    case labels
    /// The labels and their probability now; the confidence when asked for.
    case deferredConfidence
    /// The labels now; the confidence, with the forward pass it needs, when asked for;
    /// `logProbability` stays 0 unless ``SlotTagger/completeProbability(_:graph:)`` fills it. A
    /// lone reading wins whatever its probability, and then only its labels are needed.
    case deferredConfidenceWithoutProbability
}

/// A linear-chain conditional random field over BIO slot labels.
///
/// Trained by stochastic gradient descent on the generated data; decoded by Viterbi over the
/// labels of the chosen intent's slots only (a BookHotel utterance can never get a `song`).
/// Weights exist only for (attribute, label) pairs seen in training, as in CRFsuite, which
/// keeps the model small: a SNIPS-sized tagger is a few hundred thousand floats.
public struct SlotTagger: Sendable {
    public let labelCount: Int
    let transitions: [Float]
    let startScores: [Float]
    /// The label pairs training allowed.
    package let permitted: PermittedTransitions
    /// The weights, one row per attribute (keyed by the upper 32 bits of its 64-bit hash),
    /// laid out for fast lookup while decoding; ``rows`` gives them back as a file stores them.
    let table: AttributeTable
    /// The ``TypeAgreement`` weights; empty for a tagger trained without them.
    let agreementWeights: [Float]
    /// The word clusters whose numbers the tagger reads as attributes
    /// (``TaggerFeatures/clusterAttributes(_:at:_:)``); nil for a tagger trained without
    /// them. A model file names them in a section of their own (``WordClustersSection``).
    package var wordClusters: WordClusters?

    /// Whether the tagger scores ``TypeAgreement`` features (its graphs then need the
    /// intent's slot types).
    public var usesTypeAgreement: Bool { !agreementWeights.isEmpty }

    /// The number of stored (attribute, label) weights.
    public var weightCount: Int { table.weightCount }

    /// The weight rows as a model file stores them (worked out from ``table``: a model keeps
    /// its weights once, in the form decoding reads).
    var rows: AttributeTable.Rows { table.rows() }

    package init(labelCount: Int, attributeIndex: [UInt32: Int32], rowStart: [Int32], rowLabel: [Int32],
         weights: [Float], transitions: [Float], startScores: [Float], agreementWeights: [Float],
         permitted: PermittedTransitions) {
        var keys = [UInt32](repeating: 0, count: rowStart.count - 1)
        for (key, row) in attributeIndex { keys[Int(row)] = key }
        self.init(labelCount: labelCount, table: AttributeTable(keys: keys, rowStart: rowStart, labels: rowLabel, weights: weights),
                  transitions: transitions, startScores: startScores, agreementWeights: agreementWeights, permitted: permitted)
    }

    init(labelCount: Int, table: AttributeTable, transitions: [Float], startScores: [Float], agreementWeights: [Float],
         permitted: PermittedTransitions) {
        self.agreementWeights = agreementWeights
        self.labelCount = labelCount
        self.transitions = transitions
        self.startScores = startScores
        self.permitted = permitted
        self.table = table
    }

    /// The transition structure over one intent's labels (`O` first), for ``decode``, with
    /// the types of the slots those labels belong to when the tagger uses ``TypeAgreement``.
    package func graph(for labels: [Int32], slotTypes: [SlotTypeKey] = []) -> TransitionGraph {
        var graph = TransitionGraph(labels: labels, labelCount: labelCount, permitted: permitted)
        if !slotTypes.isEmpty {
            let labelSet = Set(labels)
            graph.slotTypes = slotTypes.filter { labelSet.contains($0.begin) && labelSet.contains($0.begin + 1) }
            graph.unlistedPenalties = UnlistedPenaltyColumns(slots: graph.slotTypes, labels: labels)
        }
        var scratch = CRFScratch()
        scratch.loadTransitions(graph, transitions: transitions, start: startScores)
        graph.scores = scratch.storedScores(for: graph)
        graph.localColumns = table.localColumns(for: labels)
        return graph
    }

    // MARK: Decoding

    /// The best labels for `tokens` among the graph's labels (0 and the intent's slots'), with
    /// what `mode` asks for beside them. `graph` must come from this tagger's ``graph(for:)``:
    /// it carries the tagger's transition scores, which decoding reads from it.
    package func decode(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, graph: TransitionGraph,
                       mode: TaggerDecodingMode = .full) -> TaggerDecoding {
        var input = input(tokens: tokens, spans: spans, intentKey: intentKey)
        return decode(&input, intentKey: intentKey, graph: graph, mode: mode)
    }

    /// The utterance's attributes, looked up once for ``decode(_:intentKey:graph:mode:)``
    /// as `intentKey` and any other intent; `tokenKeys`, the tokens' ``PhraseTrie/key(_:)``
    /// when the caller has them already.
    package func input(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, tokenKeys: [UInt64]? = nil) -> TaggerInput {
        TaggerInput(tokens: tokens, spans: spans, intentKey: intentKey, table: table, tokenKeys: tokenKeys,
                    clusters: wordClusters?.clusters(of: tokens) ?? [])
    }

    /// ``decode(tokens:spans:intentKey:graph:mode:)`` of an ``input(tokens:spans:intentKey:)``,
    /// which it re-keys to `intentKey` when made for another intent.
    package func decode(_ input: inout TaggerInput, intentKey: UInt64, graph: TransitionGraph,
                       mode: TaggerDecodingMode = .full) -> TaggerDecoding {
        input.rekey(intentKey, table: table)
        let allowed = graph.labels
        let T = input.tokens.count
        guard T > 0 else { return TaggerDecoding(labels: [], logProbability: 0, confidence: []) }
        let K = allowed.count
        var scratch = CRFScratch()
        scratch.polynomialExponentials = true
        scratch.prepare(T: T, K: K)
        addEmissions(&input, graph: graph, into: &scratch)
        if let scores = graph.scores {
            scratch.load(scores)
        } else {
            scratch.loadTransitions(graph, transitions: transitions, start: startScores)
        }
        var path: [Int32] = []
        let bestScore = Double(scratch.viterbi(T: T, graph: graph, path: &path))
        let labels = path.map { allowed[Int($0)] }
        if mode == .labels { return TaggerDecoding(labels: labels, logProbability: 0, confidence: []) }
        let forwardDone = mode != .deferredConfidenceWithoutProbability
        let logProbability = forwardDone ? bestScore - scratch.forward(T: T, graph: graph) : 0
        let pending = TaggerDecoding.Pending(scratch: consume scratch, path: consume path, forwardDone: forwardDone,
                                             bestScore: bestScore)
        // Made where it is returned: a decoding changed after it was made was returned as a
        // copy (each of its scratch arrays retained, then the original's released).
        guard mode == .full else {
            return TaggerDecoding(labels: labels, logProbability: logProbability, confidence: [], pending: pending)
        }
        var decoding = TaggerDecoding(labels: labels, logProbability: logProbability, confidence: [], pending: pending)
        completeConfidence(&decoding, graph: graph)
        return decoding
    }

    /// Fills the `logProbability` of a decoding made by
    /// ``TaggerDecodingMode/deferredConfidenceWithoutProbability`` (its forward pass), as
    /// ``TaggerDecodingMode/deferredConfidence`` would have: joint decoding asks for it only when
    /// the reading's other terms leave it a chance to win. `graph` is the one it was decoded with.
    package func completeProbability(_ decoding: inout TaggerDecoding, graph: TransitionGraph) {
        // The pending work is changed in place: taking it out and back copied its scratch twice.
        guard let done = decoding.pending?.forwardDone, !done, let T = decoding.pending?.path.count,
              let logZ = decoding.pending?.scratch.forward(T: T, graph: graph), let best = decoding.pending?.bestScore
        else { return }
        decoding.logProbability = best - logZ
        decoding.pending?.forwardDone = true
    }

    /// Fills the confidence of a decoding made with a deferred confidence (its backward
    /// pass); `graph` is the one it was decoded with. A decoding that has its confidence, or
    /// was made without one, stays as it is.
    ///
    /// With `fromFirstSlot`, only the tokens from the first one labelled with a slot on get
    /// their confidence (the others 0, and all 0 when no token is): slot values read the
    /// confidence of their own tokens only, and the backward pass then stops at that token.
    package func completeConfidence(_ decoding: inout TaggerDecoding, graph: TransitionGraph, fromFirstSlot: Bool = false) {
        guard var pending = decoding.pending else { return }
        decoding.pending = nil
        let T = pending.path.count, K = graph.labels.count
        // Local label 0 is `O` (``TransitionGraph/labels``).
        let first = fromFirstSlot ? pending.path.firstIndex { $0 != 0 } ?? T : 0
        guard first < T else {
            decoding.confidence = [Float](repeating: 0, count: T)
            return
        }
        if !pending.forwardDone { _ = pending.scratch.forward(T: T, graph: graph) }
        pending.scratch.backward(T: T, graph: graph, from: first)
        decoding.confidence = (0..<T).map { $0 < first ? 0 : pending.scratch.marginal[$0 * K + Int(pending.path[$0])] }
    }

    /// The emission scores of the input's tokens over the graph's labels into
    /// `scratch.emission`: the attributes' weights, the ``TypeAgreement`` weights and the ``UnlistedValuePrior``.
    private func addEmissions(_ input: inout TaggerInput, graph: TransitionGraph, into scratch: inout CRFScratch) {
        let T = input.tokens.count, K = graph.labels.count, L = labelCount
        var hits: [Int32] = []
        if usesTypeAgreement, !input.spans.isEmpty {
            TypeAgreement.hits(spans: input.spans, tokenCount: T, slots: graph.slotTypes, into: &hits)
        }
        let penalises = graph.unlistedPenalties == nil && graph.slotTypes.contains { $0.unlistedPenalty > 0 }
        // The closures below read the input through a pointer: capturing it copied it, and so
        // did a pointer to a borrowed input.
        withUnsafeMutablePointer(to: &input) { input in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: L) { localOf in
            localOf.initialize(repeating: -1)
            for (k, l) in graph.labels.enumerated() where Int(l) < L { localOf[Int(l)] = Int32(k) }
            let localOf = UnsafeBufferPointer(localOf)
            scratch.emission.withUnsafeMutableBufferPointer { emission in
                addWeights(UnsafePointer(input), graph: graph, into: emission)
                TypeAgreement.addScores(hits, weights: agreementWeights, localOf: localOf, labels: K, into: emission)
                if let columns = graph.unlistedPenalties {
                    columns.add(tokenKeys: input.pointee.tokenKeys, into: emission) { input.pointee.heardWord($0) }
                } else if penalises {
                    UnlistedValuePrior.addPenalties(slots: graph.slotTypes, tokenKeys: input.pointee.tokenKeys, localOf: localOf,
                                                    labels: K, into: emission, heard: { input.pointee.heardWord($0) })
                }
            }
        }
        }
    }

    /// The attributes' weights of the input's tokens into a T × K emission table over the
    /// graph's labels, summed straight into the graph's columns (``AttributeTable/LocalColumns``;
    /// a graph made for training has none, and gets its columns here).
    /// The input is read through a pointer: passing it by value copied it (retaining each of
    /// its arrays).
    private func addWeights(_ input: UnsafePointer<TaggerInput>, graph: TransitionGraph,
                            into emission: UnsafeMutableBufferPointer<Float>) {
        let T = input.pointee.tokens.count, K = graph.labels.count
        precondition(emission.count >= T * K, "one emission row per token")
        let columns = graph.localColumns ?? table.localColumns(for: graph.labels)
        let width = columns.width
        withUnsafeTemporaryAllocation(of: Float.self, capacity: T * width) { scores in
            scores.initialize(repeating: 0)
            input.pointee.values.withUnsafeBufferPointer { values in
                table.addWeights(values, offsets: input.pointee.offsets, columns: columns, into: scores)
            }
            // The spare column (other intents' labels) is left behind.
            for t in 0..<T {
                (emission.baseAddress! + t * K).update(from: scores.baseAddress! + t * width, count: K)
            }
        }
    }
}
