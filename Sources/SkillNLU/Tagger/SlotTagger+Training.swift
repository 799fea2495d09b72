import Foundation

/// A tagger weight and its label, side by side while training.
struct TrainingCell {
    var label: Int32
    var weight: Float
}

extension SlotTagger {

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
}
