import BuiltInValues
import Foundation

/// Settings of the slot tagger's training.
public struct SlotTaggerOptions: Sendable, Codable, Equatable {
    /// Passes over the training data.
    public var epochs: Int = 10
    /// Initial SGD step; it decays as 1 / (1 + epoch).
    public var learningRate: Float = 0.1
    /// L2 regularisation per example.
    public var l2: Float = 1e-5
    /// Weights smaller than this are dropped when training ends: on SNIPS dev 0.1 keeps the
    /// same slot F1 as 0.001 with a sixth of the weights (450 kB instead of 2.6 MB).
    public var pruneBelow: Float = 0.1
    public var seed: UInt64 = 7
    /// Whether the tagger learns ``TypeAgreement`` weights: one trust, shared by every slot,
    /// in a listed or parsed value of the slot's own type. nil decides from the model's size
    /// (``NLUModel/recommendedTypeAgreement(largestIntentSamples:)``); a trained model stores
    /// the choice made (nil in files from before this option, whose taggers have no such
    /// weights).
    public var typeAgreement: Bool?
    /// Whether slots named as a role and a kind of value, with values that agree, share weights
    /// per role and per kind (``SlotNameGrid``). nil (the default) and true: yes; false: each
    /// label learns alone. A trained model stores the choice made (nil in files from before
    /// this option, whose taggers shared nothing). Training only: the shared weights are folded
    /// into the labels' own, so decoding is the same either way.
    public var nameGrid: Bool?

    public init() {}
}

/// A tagger weight and its label, side by side while training.
struct TrainingCell {
    var label: Int32
    var weight: Float
}

/// One decoded label sequence.
public struct TaggerDecoding: Sendable {
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
    private let attributeKeys: [UInt32]
    private let rowStart: [Int32]
    private let rowLabel: [Int32]
    private let weights: [Float]
    private let transitions: [Float]
    private let startScores: [Float]
    /// The label pairs training allowed.
    public let permitted: PermittedTransitions
    /// The same weights laid out for fast lookup while decoding.
    private let table: AttributeTable
    /// The ``TypeAgreement`` weights; empty for a tagger trained without them.
    let agreementWeights: [Float]

    /// Whether the tagger scores ``TypeAgreement`` features (its graphs then need the
    /// intent's slot types).
    public var usesTypeAgreement: Bool { !agreementWeights.isEmpty }

    /// The number of stored (attribute, label) weights.
    public var weightCount: Int { weights.count }

    // MARK: Training

    /// Trains a tagger.
    /// - Parameters:
    ///   - examples: tokens with gold labels.
    ///   - spans: typed spans per example (gazetteer and built-in finds, after any dropout).
    ///   - allowedLabels: per intent, the labels its utterances may take (0 first).
    ///   - intentKeys: per intent, a stable hash of its name.
    ///   - slotTypes: per intent, its slots' types, for ``TypeAgreement`` weights; empty (or
    ///     `options.typeAgreement` false) trains none.
    ///   - labelParts: per label, the parts it shares weights through (``SlotNameGrid``); empty
    ///     for none. Part weights are learnt beside the labels' own and added into them at the
    ///     end, so the tagger returned has only (attribute, label) weights.
    public static func train(examples: [TrainingExample], spans: [[TypedSpan]], allowedLabels: [[Int32]],
                             intentKeys: [UInt64], labelCount: Int, options: SlotTaggerOptions = .init(),
                             slotTypes: [[SlotTypeKey]] = [],
                             labelParts: [[Int32]] = [],
                             progress: ((Int, Double) -> Void)? = nil) -> SlotTagger {
        let L = labelCount
        let P = Int((labelParts.lazy.flatMap { $0 }.max() ?? -1) + 1)
        let useParts = P > 0 && labelParts.count == L
        var partPairSet = HashIndex()
        // The training loops index raw buffers by these labels, so they are checked here.
        let allowedSets = allowedLabels.map(Set.init)
        precondition(examples.allSatisfy { ex in
            ex.intent >= 0 && ex.intent < allowedSets.count && ex.intent < intentKeys.count
                && ex.labels.count == ex.tokens.count
                && ex.labels.allSatisfy { $0 >= 0 && Int($0) < L && allowedSets[ex.intent].contains($0) }
        } && spans.count == examples.count && allowedLabels.allSatisfy { $0.allSatisfy { $0 >= 0 && Int($0) < L } }
          && (slotTypes.isEmpty || (slotTypes.count == allowedLabels.count && zip(slotTypes, allowedSets).allSatisfy { types, allowed in
                types.allSatisfy { allowed.contains($0.begin) && allowed.contains($0.begin + 1) } })),
        "SlotTagger.train: every example needs one label per token, each among its intent's allowed labels")
        // 1. Attributes of every token, and the (attribute, label) pairs seen. Attribute ids
        // go in first-seen order; both tables are flat (the keys already are hashes), since
        // a SNIPS-sized run looks them up some ten million times.
        var attrIds = HashIndex()
        var hashOfId: [UInt64] = []
        var exOffsets: [[Int32]] = []
        var exAttrs: [[Int32]] = []
        exOffsets.reserveCapacity(examples.count)
        exAttrs.reserveCapacity(examples.count)
        var pairSet = HashIndex()
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        let agreement = options.typeAgreement != false && !slotTypes.isEmpty
        var exAgreement: [[Int32]] = []
        var hits: [Int32] = []
        for (e, ex) in examples.enumerated() {
            TaggerFeatures.extract(tokens: ex.tokens, intentKey: intentKeys[ex.intent], spans: spans[e],
                                   offsets: &offsets, out: &hashes)
            var ids = [Int32](repeating: 0, count: hashes.count)
            for t in 0..<ex.tokens.count {
                let y = Int64(ex.labels[t])
                for j in Int(offsets[t])..<Int(offsets[t + 1]) {
                    let h = hashes[j]
                    let id: Int32
                    if let known = attrIds.value(h) {
                        id = known
                    } else {
                        id = Int32(hashOfId.count)
                        attrIds.set(h, id)
                        hashOfId.append(h)
                    }
                    ids[j] = id
                    pairSet.set(UInt64(Int64(id) * Int64(L) + y), 0)
                    if useParts {
                        for part in labelParts[Int(y)] { partPairSet.set(UInt64(Int64(id) * Int64(P) + Int64(part)), 0) }
                    }
                }
            }
            exOffsets.append(offsets)
            exAttrs.append(ids)
            if agreement {
                TypeAgreement.hits(spans: spans[e], tokenCount: ex.tokens.count, slots: slotTypes[ex.intent], into: &hits)
                exAgreement.append(hits)
            }
        }
        let A = hashOfId.count
        let pairs = pairSet.keysPresent.map { Int64(bitPattern: $0) }.sorted()
        var rowStart = [Int32](repeating: 0, count: A + 1)
        for p in pairs { rowStart[Int(p / Int64(L)) + 1] += 1 }
        for a in 0..<A { rowStart[a + 1] += rowStart[a] }
        // Each weight beside its label, so a row costs one cache line rather than two.
        var cells = [TrainingCell](repeating: TrainingCell(label: 0, weight: 0), count: pairs.count)
        var fill = rowStart
        for p in pairs {
            let a = Int(p / Int64(L))
            cells[Int(fill[a])].label = Int32(p % Int64(L))
            fill[a] += 1
        }
        // Label-part weights: the same sparse layout, keyed by part instead of label.
        let partPairs = partPairSet.keysPresent.map { Int64(bitPattern: $0) }.sorted()
        var partRowStart = [Int32](repeating: 0, count: A + 1)
        for p in partPairs { partRowStart[Int(p / Int64(P)) + 1] += 1 }
        for a in 0..<A { partRowStart[a + 1] += partRowStart[a] }
        var partCells = [TrainingCell](repeating: TrainingCell(label: 0, weight: 0), count: partPairs.count)
        do {
            var fill = partRowStart
            for p in partPairs {
                let a = Int(p / Int64(P))
                partCells[Int(fill[a])].label = Int32(p % Int64(P))
                fill[a] += 1
            }
        }
        // Per intent: for each part, the local label indices carrying it.
        let partMembers: [(start: [Int32], local: [Int32])] = useParts ? allowedLabels.map { allowed in
            var lists = [[Int32]](repeating: [], count: P)
            for (k, l) in allowed.enumerated() { for part in labelParts[Int(l)] { lists[Int(part)].append(Int32(k)) } }
            var start: [Int32] = [0]
            var local: [Int32] = []
            for list in lists { local += list; start.append(Int32(local.count)) }
            return (start, local)
        } : []
        let permitted = PermittedTransitions(labelCount: L, sequences: examples.map(\.labels))
        let graphs = allowedLabels.map { TransitionGraph(labels: $0, labelCount: L, permitted: permitted) }
        var trans = [Float](repeating: 0, count: L * L)
        var start = [Float](repeating: 0, count: L)
        // Shared weights, like the transitions outside the L2 scale: each is learnt from
        // thousands of tokens.
        var shared = [Float](repeating: 0, count: agreement ? TypeAgreement.count : 0)

        // 2. SGD with L2 through a global scale (weights are scale * w). The loops run over
        // raw buffers: they are most of the training time, and bounds and uniqueness checks
        // on every weight touched cost about as much as the arithmetic.
        var rng = SeededGenerator(seed: options.seed)
        var order = Array(0..<examples.count)
        var scale: Float = 1
        var scratch = CRFScratch()
        var localOf = [Int32](repeating: -1, count: L)
        var partScratch: [Float] = []
        cells.withUnsafeMutableBufferPointer { cells in
        trans.withUnsafeMutableBufferPointer { trans in
        start.withUnsafeMutableBufferPointer { start in
        localOf.withUnsafeMutableBufferPointer { localOf in
        rowStart.withUnsafeBufferPointer { rowStart in
        for epoch in 0..<options.epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.index(i + 1)) }
            let lr = options.learningRate / (1 + Float(epoch))
            var loss = 0.0
            for e in order {
                let ex = examples[e]
                let T = ex.tokens.count
                guard T > 0 else { continue }
                let allowed = allowedLabels[ex.intent]
                let K = allowed.count
                for (k, l) in allowed.enumerated() { localOf[Int(l)] = Int32(k) }
                defer { for l in allowed { localOf[Int(l)] = -1 } }
                scratch.prepare(T: T, K: K)
                let graph = graphs[ex.intent]
                exOffsets[e].withUnsafeBufferPointer { offs in
                exAttrs[e].withUnsafeBufferPointer { ids in
                ex.labels.withUnsafeBufferPointer { labels in
                    // Emissions.
                    scratch.emission.withUnsafeMutableBufferPointer { emission in
                        for t in 0..<T {
                            for j in Int(offs[t])..<Int(offs[t + 1]) {
                                let a = Int(ids[j])
                                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) {
                                    let k = localOf[Int(cells[r].label)]
                                    if k >= 0 { emission[t * K + Int(k)] += cells[r].weight * scale }
                                }
                            }
                        }
                        if useParts {
                            // Each part's score per token first, then into its labels: a part
                            // of ATIS's `depart` role reaches a dozen labels.
                            let members = partMembers[ex.intent]
                            partScratch.removeAll(keepingCapacity: true)
                            partScratch.append(contentsOf: repeatElement(0, count: T * P))
                            for t in 0..<T {
                                for j in Int(offs[t])..<Int(offs[t + 1]) {
                                    let a = Int(ids[j])
                                    for r in Int(partRowStart[a])..<Int(partRowStart[a + 1]) {
                                        partScratch[t * P + Int(partCells[r].label)] += partCells[r].weight
                                    }
                                }
                                for part in 0..<P where partScratch[t * P + part] != 0 {
                                    let v = partScratch[t * P + part] * scale
                                    for q in Int(members.start[part])..<Int(members.start[part + 1]) {
                                        emission[t * K + Int(members.local[q])] += v
                                    }
                                }
                            }
                        }
                        if agreement {
                            TypeAgreement.addScores(exAgreement[e], weights: shared, localOf: UnsafeBufferPointer(localOf),
                                                    labels: K, into: emission)
                        }
                    }
                    scratch.loadTransitions(graph, transitions: trans, start: start)
                    let logZ = scratch.forwardBackward(T: T, graph: graph)
                    // Gold score for the loss.
                    var gold = Double(start[Int(labels[0])]) + Double(scratch.emission[Int(localOf[Int(labels[0])])])
                    for t in 1..<max(T, 1) {
                        let yp = Int(labels[t - 1]), y = Int(labels[t])
                        gold += Double(trans[yp * L + y]) + Double(scratch.emission[t * K + Int(localOf[y])])
                    }
                    loss += (logZ - gold) * Double(ex.weight)
                    // Gradient: observed minus expected.
                    let step = lr * ex.weight
                    scratch.withBuffers { b in
                        for t in 0..<T {
                            let yk = Int(localOf[Int(labels[t])])
                            for j in Int(offs[t])..<Int(offs[t + 1]) {
                                let a = Int(ids[j])
                                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) {
                                    let k = Int(localOf[Int(cells[r].label)])
                                    if k < 0 { continue }
                                    let g = (k == yk ? 1 : 0) - b.marginal[t * K + k]
                                    if g != 0 { cells[r].weight += step * g / scale }
                                }
                            }
                        }
                        if useParts {
                            // A part's gradient at a token is its labels' summed, the same for
                            // every attribute of the token.
                            let members = partMembers[ex.intent]
                            for t in 0..<T {
                                let yk = Int(localOf[Int(labels[t])])
                                for part in 0..<P {
                                    var g: Float = 0
                                    for q in Int(members.start[part])..<Int(members.start[part + 1]) {
                                        let k = Int(members.local[q])
                                        g += (k == yk ? 1 : 0) - b.marginal[t * K + k]
                                    }
                                    partScratch[t * P + part] = step * g / scale
                                }
                                for j in Int(offs[t])..<Int(offs[t + 1]) {
                                    let a = Int(ids[j])
                                    for r in Int(partRowStart[a])..<Int(partRowStart[a + 1]) {
                                        partCells[r].weight += partScratch[t * P + Int(partCells[r].label)]
                                    }
                                }
                            }
                        }
                        if agreement {
                            let h = exAgreement[e]
                            for q in stride(from: 0, to: h.count, by: 3) {
                                let t = Int(h[q]), k = Int(localOf[Int(h[q + 1])])
                                let g = (Int(localOf[Int(labels[t])]) == k ? 1 : 0) - b.marginal[t * K + k]
                                shared[Int(h[q + 2])] += step * g
                            }
                        }
                        for k in 0..<K {
                            let l = Int(allowed[k])
                            let g = (Int(localOf[Int(labels[0])]) == k ? 1 : 0) - b.marginal[k]
                            start[l] += step * g
                        }
                        graph.withPairs { from, to, global in
                            for t in 1..<max(T, 1) {
                                let yp = Int32(localOf[Int(labels[t - 1])]), y = Int32(localOf[Int(labels[t])])
                                let norm = b.norm[t]
                                for p in 0..<from.count {
                                    let kp = Int(from[p]), k = Int(to[p])
                                    let pm = b.alpha[(t - 1) * K + kp] * b.expTrans[p] * b.expEmission[t * K + k] * b.beta[t * K + k] / norm
                                    let g = (from[p] == yp && to[p] == y ? 1 : 0) - pm
                                    trans[Int(global[p])] += step * g
                                }
                            }
                        }
                    }
                }
                }
                }
                scale *= (1 - lr * options.l2)
                if scale < 1e-6 {
                    for r in 0..<cells.count { cells[r].weight *= scale }
                    for r in 0..<partCells.count { partCells[r].weight *= scale }
                    scale = 1
                }
            }
            progress?(epoch + 1, loss / Double(max(1, examples.count)))
        }
        }
        }
        }
        }
        }
        for r in cells.indices { cells[r].weight *= scale }
        for r in partCells.indices { partCells[r].weight *= scale }
        // Labels per part, to fold each part weight into its labels' weights: the stored model
        // scores exactly what training did, with no part table at decode time.
        var labelsOfPart = [[Int32]](repeating: [], count: P)
        if useParts { for (l, parts) in labelParts.enumerated() { for part in parts { labelsOfPart[Int(part)].append(Int32(l)) } } }
        var foldRow = [Float](repeating: 0, count: useParts ? L : 0)
        var isTouched = [Bool](repeating: false, count: useParts ? L : 0)
        var touched: [Int] = []

        // 3. Prune near-zero weights and attributes left with none; keep weights at the half
        // precision the file stores, so a loaded model answers exactly like the trained one.
        // Attributes are keyed by 32 bits of their hash; on the rare collision the row with
        // the larger weights wins.
        let idToHash = hashOfId
        var rows: [UInt32: (norm: Float, labels: [Int32], weights: [Float])] = [:]
        for a in 0..<A {
            var labels: [Int32] = []
            var weights: [Float] = []
            if partRowStart[a] == partRowStart[a + 1] {
                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) where abs(cells[r].weight) >= options.pruneBelow {
                    labels.append(cells[r].label)
                    weights.append(cells[r].weight)
                }
            } else {
                // One dense row reused, and only the labels touched read back: a model with
                // hundreds of labels and a million attributes would otherwise clear and scan
                // the whole row for each.
                touched.removeAll(keepingCapacity: true)
                func add(_ l: Int, _ w: Float) {
                    if !isTouched[l] { isTouched[l] = true; touched.append(l) }
                    foldRow[l] += w
                }
                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) { add(Int(cells[r].label), cells[r].weight) }
                for r in Int(partRowStart[a])..<Int(partRowStart[a + 1]) {
                    for l in labelsOfPart[Int(partCells[r].label)] { add(Int(l), partCells[r].weight) }
                }
                touched.sort()
                for l in touched {
                    if abs(foldRow[l]) >= options.pruneBelow {
                        labels.append(Int32(l))
                        weights.append(foldRow[l])
                    }
                    foldRow[l] = 0
                    isTouched[l] = false
                }
            }
            guard !labels.isEmpty else { continue }
            let key = UInt32(truncatingIfNeeded: idToHash[a] >> 32)
            let norm = weights.reduce(0) { $0 + abs($1) }
            if let existing = rows[key], existing.norm >= norm { continue }
            rows[key] = (norm, labels, weights)
        }
        var keptIndex: [UInt32: Int32] = [:]
        var newStart: [Int32] = [0]
        var newLabel: [Int32] = []
        var newW: [Float] = []
        for (key, row) in rows.sorted(by: { $0.key < $1.key }) {
            keptIndex[key] = Int32(newStart.count - 1)
            newLabel += row.labels
            newW += row.weights
            newStart.append(Int32(newW.count))
        }
        return SlotTagger(labelCount: L, attributeIndex: keptIndex, rowStart: newStart, rowLabel: newLabel,
                          weights: WeightCoding.rounded(newW, precision: .float16),
                          transitions: trans, startScores: start, agreementWeights: shared, permitted: permitted)
    }

    private init(labelCount: Int, attributeIndex: [UInt32: Int32], rowStart: [Int32], rowLabel: [Int32],
                 weights: [Float], transitions: [Float], startScores: [Float], agreementWeights: [Float],
                 permitted: PermittedTransitions) {
        var keys = [UInt32](repeating: 0, count: rowStart.count - 1)
        for (key, row) in attributeIndex { keys[Int(row)] = key }
        self.init(labelCount: labelCount, attributeKeys: keys, rowStart: rowStart, rowLabel: rowLabel, weights: weights,
                  transitions: transitions, startScores: startScores, agreementWeights: agreementWeights, permitted: permitted)
    }

    private init(labelCount: Int, attributeKeys: [UInt32], rowStart: [Int32], rowLabel: [Int32],
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
    public func graph(for labels: [Int32], slotTypes: [SlotTypeKey] = []) -> TransitionGraph {
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
    public func decode(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, graph: TransitionGraph,
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

    // MARK: Persistence

    /// Compact layout: per attribute its 32-bit key and label count (2 bytes), per weight its
    /// label (2 bytes) and half-precision value (2 bytes); rows in ascending key order; then the
    /// transitions, start scores, permitted pairs and the ``TypeAgreement`` weights (empty or
    /// ``TypeAgreement/count`` of them; model file format 3 and later).
    public func write(to w: inout BinaryWriter) {
        w.write(labelCount)
        let keys = attributeKeys
        var header: [UInt8] = []
        header.reserveCapacity(keys.count * 6)
        for (a, k) in keys.enumerated() {
            withUnsafeBytes(of: k.littleEndian) { header.append(contentsOf: $0) }
            let n = UInt16(rowStart[a + 1] - rowStart[a])
            withUnsafeBytes(of: n.littleEndian) { header.append(contentsOf: $0) }
        }
        w.write(keys.count)
        w.write(bytes: header)
        var labels: [UInt8] = []
        labels.reserveCapacity(rowLabel.count * 2)
        for l in rowLabel { withUnsafeBytes(of: UInt16(l).littleEndian) { labels.append(contentsOf: $0) } }
        w.write(bytes: labels)
        WeightCoding.write(weights, precision: .float16, to: &w)
        w.write(transitions)
        w.write(startScores)
        w.write(permitted.bits.map { Int($0 >> 32) } + permitted.bits.map { Int($0 & 0xFFFF_FFFF) })
        w.write(agreementWeights)
    }

    /// Reads what ``write(to:)`` wrote; `agreementWeights` is false for the layout of model
    /// files before format 3, which has no ``TypeAgreement`` weights.
    public init(reading r: inout BinaryReader, agreementWeights hasAgreement: Bool = true) throws {
        r.part = "the slot tagger"
        let L = try r.readInt()
        guard L >= 1, L < 1 << 16 else { throw ModelFileError.corrupt("slot tagger label count \(L)") }
        let A = try r.readCount(minimumBytesEach: 6)
        let header = try r.readByteRange()
        guard header.count == A * 6 else { throw ModelFileError.corrupt("slot tagger attribute table size") }
        var keys = [UInt32](repeating: 0, count: A)
        var rowStart = [Int32](repeating: 0, count: A + 1)
        r.withBytes(in: header) { h in
            for a in 0..<A {
                let o = a * 6
                keys[a] = UInt32(h[o]) | UInt32(h[o + 1]) << 8 | UInt32(h[o + 2]) << 16 | UInt32(h[o + 3]) << 24
                rowStart[a + 1] = rowStart[a] + Int32(UInt16(h[o + 4]) | UInt16(h[o + 5]) << 8)
            }
        }
        let labelBytes = try r.readByteRange()
        let weights = try WeightCoding.read(precision: .float16, from: &r)
        let transitions = try r.readFloats()
        let start = try r.readFloats()
        let bitHalves = try r.readInts()
        let words = (L * L + 63) / 64
        guard bitHalves.count == 2 * words, bitHalves.allSatisfy({ $0 >= 0 && $0 <= 0xFFFF_FFFF }) else {
            throw ModelFileError.corrupt("slot tagger transition set")
        }
        let bits = (0..<words).map { UInt64(bitHalves[$0]) << 32 | UInt64(bitHalves[words + $0]) }
        let total = Int(rowStart[A])
        guard labelBytes.count == total * 2, weights.count == total, transitions.count == L * L, start.count == L else {
            throw ModelFileError.corrupt("slot tagger tables do not fit together")
        }
        var rowLabel = [Int32](repeating: 0, count: total)
        var largest: Int32 = 0
        r.withBytes(in: labelBytes) { b in
            for i in 0..<total {
                let l = Int32(UInt16(b[2 * i]) | UInt16(b[2 * i + 1]) << 8)
                largest = max(largest, l)
                rowLabel[i] = l
            }
        }
        guard largest < L else { throw ModelFileError.corrupt("slot tagger label \(largest) of \(L)") }
        let agreement = hasAgreement ? try r.readFloats() : []
        guard agreement.isEmpty || agreement.count == TypeAgreement.count else {
            throw ModelFileError.corrupt("slot tagger type agreement weights")
        }
        try checkWeights([("weights", weights), ("transitions", transitions), ("start scores", start),
                          ("type agreement weights", agreement)], in: "the slot tagger")
        self.init(labelCount: L, attributeKeys: keys, rowStart: rowStart, rowLabel: rowLabel,
                  weights: weights, transitions: transitions, startScores: start, agreementWeights: agreement,
                  permitted: PermittedTransitions(labelCount: L, bits: bits))
        guard !table.hasRepeatedKeys else { throw ModelFileError.corrupt("a repeated slot tagger attribute") }
    }
}

/// Working memory of one forward-backward or Viterbi pass over a sentence.
struct CRFScratch {
    var emission: [Float] = []
    var expEmission: [Float] = []
    var transLocal: [Float] = []
    var expTrans: [Float] = []
    var startLocal: [Float] = []
    /// The maximum `expTrans` is taken against; valid while `expTransReady`.
    var transMaximum: Float = 0
    /// Whether `expTrans` already holds the exponentials of `transLocal`.
    var expTransReady = false
    var alpha: [Float] = []
    var beta: [Float] = []
    var norm: [Float] = []
    var marginal: [Float] = []

    /// Sizes the buffers for a sentence of `T` tokens over `K` labels, reusing their storage.
    mutating func prepare(T: Int, K: Int) {
        Self.reset(&emission, T * K)
        Self.reset(&marginal, T * K)
    }

    @inline(__always)
    static func reset(_ a: inout [Float], _ n: Int, to value: Float = 0) {
        if a.count == n {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            a = [Float](repeating: value, count: n)
        }
    }

    /// Copies the graph's transition scores and which labels may start.
    mutating func loadTransitions<C: RandomAccessCollection>(_ graph: TransitionGraph, transitions: C, start: C)
        where C.Element == Float, C.Index == Int {
        let K = graph.labels.count
        expTransReady = false
        Self.reset(&transLocal, graph.pairCount)
        for p in 0..<graph.pairCount { transLocal[p] = transitions[Int(graph.global[p])] }
        Self.reset(&startLocal, K, to: -.infinity)
        for (k, l) in graph.labels.enumerated() where graph.canStart[k] { startLocal[k] = start[Int(l)] }
    }

    /// Takes a graph's stored scores (shared, not copied).
    mutating func load(_ scores: TransitionGraph.Scores) {
        transLocal = scores.transitions
        startLocal = scores.start
        expTrans = scores.expTransitions
        transMaximum = scores.maximum
        expTransReady = true
    }

    /// `expTrans` from `transLocal`, against their maximum (0 when there is none).
    mutating func computeExpTransitions(pairs P: Int) {
        Self.reset(&expTrans, P)
        var tmax: Float = -.infinity
        for p in 0..<P { tmax = max(tmax, transLocal[p]) }
        if tmax == -.infinity { tmax = 0 }
        for p in 0..<P { expTrans[p] = expf(transLocal[p] - tmax) }
        transMaximum = tmax
        expTransReady = true
    }

    /// Fills `marginal` and returns log Z. Scaled forward-backward: each step's `alpha` is
    /// normalised to sum 1 and its norm kept, so no logarithms are taken inside the recursion.
    mutating func forwardBackward(T: Int, graph: TransitionGraph) -> Double {
        let K = graph.labels.count
        let P = graph.pairCount
        Self.reset(&expEmission, T * K)
        if !expTransReady { computeExpTransitions(pairs: P) }
        let tmax = transMaximum
        Self.reset(&alpha, T * K)
        Self.reset(&beta, T * K)
        Self.reset(&norm, T, to: 1)
        if marginal.count != T * K { Self.reset(&marginal, T * K) }
        // The loops below index raw buffers: these sizes are what keeps them in bounds.
        precondition(emission.count >= T * K && transLocal.count >= P && expTrans.count >= P && startLocal.count >= K,
                     "forwardBackward needs prepare(T:K:) and loadTransitions first")
        return emission.withUnsafeBufferPointer { emission in
        expEmission.withUnsafeMutableBufferPointer { expEmission in
        expTrans.withUnsafeBufferPointer { expTrans in
        startLocal.withUnsafeBufferPointer { startLocal in
        alpha.withUnsafeMutableBufferPointer { alpha in
        beta.withUnsafeMutableBufferPointer { beta in
        norm.withUnsafeMutableBufferPointer { norm in
        marginal.withUnsafeMutableBufferPointer { marginal in
        graph.withAdjacency { from, to, incomingStart, incoming, outgoingStart, outgoing in
            var logOffset = 0.0
            for t in 0..<T {
                var m: Float = -.infinity
                for k in 0..<K { m = max(m, emission[t * K + k]) }
                for k in 0..<K { expEmission[t * K + k] = expf(emission[t * K + k] - m) }
                logOffset += Double(m)
            }
            var smax: Float = -.infinity
            for k in 0..<K { smax = max(smax, startLocal[k]) }
            var c: Float = 0
            for k in 0..<K {
                let v = startLocal[k] == -.infinity ? 0 : expf(startLocal[k] - smax) * expEmission[k]
                alpha[k] = v
                c += v
            }
            c = max(c, .leastNormalMagnitude)
            norm[0] = c
            for k in 0..<K { alpha[k] /= c }
            var logZ = Double(smax) + log(Double(c))
            for t in 1..<max(T, 1) {
                c = 0
                for k in 0..<K {
                    var s: Float = 0
                    for q in Int(incomingStart[k])..<Int(incomingStart[k + 1]) {
                        let p = Int(incoming[q])
                        s += alpha[(t - 1) * K + Int(from[p])] * expTrans[p]
                    }
                    let v = s * expEmission[t * K + k]
                    alpha[t * K + k] = v
                    c += v
                }
                c = max(c, .leastNormalMagnitude)
                norm[t] = c
                for k in 0..<K { alpha[t * K + k] /= c }
                logZ += log(Double(c)) + Double(tmax)
            }
            for k in 0..<K { beta[(T - 1) * K + k] = 1 }
            if T >= 2 {
                for t in stride(from: T - 2, through: 0, by: -1) {
                    for k in 0..<K {
                        var s: Float = 0
                        for q in Int(outgoingStart[k])..<Int(outgoingStart[k + 1]) {
                            let p = Int(outgoing[q])
                            let kn = Int(to[p])
                            s += expTrans[p] * expEmission[(t + 1) * K + kn] * beta[(t + 1) * K + kn]
                        }
                        beta[t * K + k] = s / norm[t + 1]
                    }
                }
            }
            for i in 0..<(T * K) { marginal[i] = alpha[i] * beta[i] }
            return logZ + logOffset
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// Read-only views of the buffers ``forwardBackward(T:graph:)`` filled.
    struct Buffers {
        var marginal: UnsafeBufferPointer<Float>
        var alpha: UnsafeBufferPointer<Float>
        var beta: UnsafeBufferPointer<Float>
        var norm: UnsafeBufferPointer<Float>
        var expTrans: UnsafeBufferPointer<Float>
        var expEmission: UnsafeBufferPointer<Float>
    }

    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        marginal.withUnsafeBufferPointer { m in
            alpha.withUnsafeBufferPointer { a in
                beta.withUnsafeBufferPointer { b in
                    norm.withUnsafeBufferPointer { n in
                        expTrans.withUnsafeBufferPointer { t in
                            expEmission.withUnsafeBufferPointer { e in
                                body(Buffers(marginal: m, alpha: a, beta: b, norm: n, expTrans: t, expEmission: e))
                            }
                        }
                    }
                }
            }
        }
    }
}

extension SlotTaggerOptions {
    /// Decodes options stored in a model file; a field the file lacks (one added after the
    /// file was written) takes its default, so older model files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SlotTaggerOptions()
        epochs = try c.decode(.epochs, or: d.epochs)
        learningRate = try c.decode(.learningRate, or: d.learningRate)
        l2 = try c.decode(.l2, or: d.l2)
        pruneBelow = try c.decode(.pruneBelow, or: d.pruneBelow)
        seed = try c.decode(.seed, or: d.seed)
        typeAgreement = try c.decodeIfPresent(Bool.self, forKey: .typeAgreement)
        nameGrid = try c.decodeIfPresent(Bool.self, forKey: .nameGrid)
    }
}
