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
    ///   - wordClusters: clusters whose numbers the tokens get as attributes; nil for none.
    package static func train(examples: [TrainingExample], spans: [[TypedSpan]], allowedLabels: [[Int32]],
                             intentKeys: [UInt64], labelCount: Int, options: SlotTaggerOptions = .init(),
                             slotTypes: [[SlotTypeKey]] = [],
                             labelParts: [[Int32]] = [],
                             wordClusters: WordClusters? = nil,
                             progress: ((Int, Double) -> Void)? = nil) -> SlotTagger {
        let L = labelCount
        let P = Int((labelParts.lazy.flatMap { $0 }.max() ?? -1) + 1)
        let useParts = P > 0 && labelParts.count == L
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
        // 1. Attributes of every token, and the (attribute, label) pairs seen.
        let agreement = options.typeAgreement != false && !slotTypes.isEmpty
        var data = TaggerTrainingData(examples: examples, spans: spans, intentKeys: intentKeys, labelCount: L,
                                      labelParts: useParts ? labelParts : [], partCount: P,
                                      slotTypes: agreement ? slotTypes : [], wordClusters: wordClusters)
        let A = data.hashOfId.count
        let labelLayout = sparseLayout(data.pairSet, attributes: A, width: L)
        // Label-part weights: the same sparse layout, keyed by part instead of label.
        let partLayout = sparseLayout(data.partPairSet, attributes: A, width: P)
        var weights = TaggerWeights(cells: labelLayout.cells, partCells: partLayout.cells,
                                    trans: [Float](repeating: 0, count: L * L), start: [Float](repeating: 0, count: L),
                                    shared: [Float](repeating: 0, count: agreement ? TypeAgreement.count : 0))
        let permitted = PermittedTransitions(labelCount: L, sequences: examples.map(\.labels))
        let layout = TaggerLayout(rowStart: labelLayout.rowStart, partRowStart: partLayout.rowStart, partCount: P,
                                  partMembers: useParts ? partMembers(allowedLabels: allowedLabels, labelParts: labelParts, partCount: P) : [],
                                  graphs: allowedLabels.map { TransitionGraph(labels: $0, labelCount: L, permitted: permitted) })

        // 2. SGD with L2 through a global scale (weights are scale * w), each example reading
        // only the cells its intent can use.
        let intentRows = TaggerIntentRows(examples: examples, data: data, layout: layout, allowedLabels: allowedLabels,
                                    labelCells: weights.cells, partCells: weights.partCells, labelCount: L)
        data.exAttrs = []
        let scale = runSGD(examples: examples, allowedLabels: allowedLabels, data: data, rows: intentRows, layout: layout, options: options,
                           cells: &weights.cells, partCells: &weights.partCells, trans: &weights.trans,
                           start: &weights.start, shared: &weights.shared, progress: progress)
        for r in weights.cells.indices { weights.cells[r].weight *= scale }
        for r in weights.partCells.indices { weights.partCells[r].weight *= scale }

        // 3. Part weights folded into their labels', near-zero weights pruned.
        let rows = prunedRows(data: data, layout: layout, weights: weights, labelParts: useParts ? labelParts : [],
                              labelCount: L, pruneBelow: options.pruneBelow)
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
        var tagger = SlotTagger(labelCount: L, attributeIndex: keptIndex, rowStart: newStart, rowLabel: newLabel,
                                weights: SlotTagger.quantizedWeights(newW, rowStart: newStart),
                                transitions: weights.trans, startScores: weights.start, agreementWeights: weights.shared,
                                permitted: permitted)
        tagger.wordClusters = wordClusters
        return tagger
    }

    /// Rows of (attribute, label or part) pairs in ascending order: `rowStart[a]..<rowStart[a + 1]`
    /// are attribute `a`'s cells, each weight beside its label, so a row costs one cache line
    /// rather than two.
    static func sparseLayout(_ pairSet: HashIndex, attributes A: Int, width: Int) -> (rowStart: [Int32], cells: [TrainingCell]) {
        let pairs = pairSet.keysPresent.map { Int64(bitPattern: $0) }.sorted()
        var rowStart = [Int32](repeating: 0, count: A + 1)
        for p in pairs { rowStart[Int(p / Int64(width)) + 1] += 1 }
        for a in 0..<A { rowStart[a + 1] += rowStart[a] }
        var cells = [TrainingCell](repeating: TrainingCell(label: 0, weight: 0), count: pairs.count)
        var fill = rowStart
        for p in pairs {
            let a = Int(p / Int64(width))
            cells[Int(fill[a])].label = Int32(p % Int64(width))
            fill[a] += 1
        }
        return (rowStart, cells)
    }

    /// Per intent: for each part, the local label indices carrying it.
    static func partMembers(allowedLabels: [[Int32]], labelParts: [[Int32]], partCount P: Int) -> [(start: [Int32], local: [Int32])] {
        allowedLabels.map { allowed in
            var lists = [[Int32]](repeating: [], count: P)
            for (k, l) in allowed.enumerated() { for part in labelParts[Int(l)] { lists[Int(part)].append(Int32(k)) } }
            var start: [Int32] = [0]
            var local: [Int32] = []
            for list in lists { local += list; start.append(Int32(local.count)) }
            return (start, local)
        }
    }

    /// Each attribute's row of (label, weight), part weights added into their labels' so the
    /// stored model scores exactly what training did, with no part table at decode time;
    /// weights below `pruneBelow` and attributes left with none dropped. Attributes are keyed
    /// by 32 bits of their hash; on the rare collision the row with the larger weights wins.
    static func prunedRows(data: TaggerTrainingData, layout: TaggerLayout, weights: TaggerWeights, labelParts: [[Int32]],
                           labelCount L: Int, pruneBelow: Float) -> [UInt32: (norm: Float, labels: [Int32], weights: [Float])] {
        let P = layout.partCount
        let useParts = !labelParts.isEmpty
        let rowStart = layout.rowStart, partRowStart = layout.partRowStart
        let cells = weights.cells, partCells = weights.partCells
        var labelsOfPart = [[Int32]](repeating: [], count: P)
        if useParts { for (l, parts) in labelParts.enumerated() { for part in parts { labelsOfPart[Int(part)].append(Int32(l)) } } }
        var foldRow = [Float](repeating: 0, count: useParts ? L : 0)
        var isTouched = [Bool](repeating: false, count: useParts ? L : 0)
        var touched: [Int] = []
        var rows: [UInt32: (norm: Float, labels: [Int32], weights: [Float])] = [:]
        for a in 0..<data.hashOfId.count {
            var labels: [Int32] = []
            var weights: [Float] = []
            if partRowStart[a] == partRowStart[a + 1] {
                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) where abs(cells[r].weight) >= pruneBelow {
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
                    if abs(foldRow[l]) >= pruneBelow {
                        labels.append(Int32(l))
                        weights.append(foldRow[l])
                    }
                    foldRow[l] = 0
                    isTouched[l] = false
                }
            }
            guard !labels.isEmpty else { continue }
            let key = UInt32(truncatingIfNeeded: data.hashOfId[a] >> 32)
            let norm = weights.reduce(0) { $0 + abs($1) }
            if let existing = rows[key], existing.norm >= norm { continue }
            rows[key] = (norm, labels, weights)
        }
        return rows
    }
}

/// What the tagger's training reads of its examples: each token's attributes as ids, and the
/// (attribute, label) and (attribute, part) pairs seen.
struct TaggerTrainingData {
    /// The hash of each attribute id. Ids go in first-seen order; the tables are flat (the
    /// keys already are hashes), since a large run looks them up some ten million times.
    var hashOfId: [UInt64] = []
    /// Per example, where each token's attributes start in ``exAttrs``.
    var exOffsets: [[Int32]] = []
    /// Per example, the attribute ids of its tokens.
    var exAttrs: [[Int32]] = []
    var pairSet = HashIndex()
    var partPairSet = HashIndex()
    /// Per example, its ``TypeAgreement`` hits; empty without type agreement.
    var exAgreement: [[Int32]] = []

    /// `labelParts` empty: no parts; `slotTypes` empty: no type agreement; `wordClusters` nil: no
    /// cluster attributes.
    init(examples: [TrainingExample], spans: [[TypedSpan]], intentKeys: [UInt64], labelCount L: Int,
         labelParts: [[Int32]], partCount P: Int, slotTypes: [[SlotTypeKey]], wordClusters: WordClusters? = nil) {
        let useParts = !labelParts.isEmpty
        var attrIds = HashIndex()
        exOffsets.reserveCapacity(examples.count)
        exAttrs.reserveCapacity(examples.count)
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        var hits: [Int32] = []
        var clusters: [UInt16] = []
        for (e, ex) in examples.enumerated() {
            if let wordClusters { wordClusters.clusters(of: ex.tokens, into: &clusters) }
            TaggerFeatures.extract(tokens: ex.tokens, intentKey: intentKeys[ex.intent], spans: spans[e], clusters: clusters,
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
            if !slotTypes.isEmpty {
                TypeAgreement.hits(spans: spans[e], tokenCount: ex.tokens.count, slots: slotTypes[ex.intent], into: &hits)
                exAgreement.append(hits)
            }
        }
    }
}

/// The fixed layout of the weights being trained.
struct TaggerLayout {
    /// Attribute `a`'s label cells are `rowStart[a]..<rowStart[a + 1]`.
    let rowStart: [Int32]
    /// Attribute `a`'s part cells are `partRowStart[a]..<partRowStart[a + 1]`.
    let partRowStart: [Int32]
    let partCount: Int
    /// Per intent, for each part, the local label indices carrying it; empty without parts.
    let partMembers: [(start: [Int32], local: [Int32])]
    /// Per intent, the label transitions its utterances may take.
    let graphs: [TransitionGraph]
}

/// The weights being trained.
struct TaggerWeights {
    var cells: [TrainingCell]
    var partCells: [TrainingCell]
    /// Transition scores, `L × L`.
    var trans: [Float]
    var start: [Float]
    /// Type-agreement weights, like the transitions outside the L2 scale: each is learnt
    /// from thousands of tokens.
    var shared: [Float]
}
