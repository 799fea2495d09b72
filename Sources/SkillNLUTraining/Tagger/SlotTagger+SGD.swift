import Foundation

extension SlotTagger {
    /// The SGD epochs of ``train(examples:spans:allowedLabels:intentKeys:labelCount:options:slotTypes:labelParts:progress:)``,
    /// with L2 through a global scale (weights are scale * w); returns that scale.
    ///
    /// The loops run over raw buffers: they are most of the training time, and bounds and
    /// uniqueness checks on every weight touched cost about as much as the arithmetic. Each
    /// example reads its attributes' cells through ``TaggerIntentRows``, so only the cells its
    /// intent can use are visited.
    static func runSGD(examples: [TrainingExample], allowedLabels: [[Int32]], data: TaggerTrainingData, rows: TaggerIntentRows,
                       layout: TaggerLayout, options: SlotTaggerOptions, cells: inout [TrainingCell], partCells: inout [TrainingCell],
                       trans: inout [Float], start: inout [Float], shared: inout [Float],
                       progress: ((Int, Double) -> Void)?) -> Float {
        let L = start.count
        var rng = SeededGenerator(seed: options.seed)
        var order = Array(0..<examples.count)
        var scale: Float = 1
        var scratch = CRFScratch()
        var localOf = [Int32](repeating: -1, count: L)
        let longest = examples.lazy.map(\.tokens.count).max() ?? 0
        var partScratch = [Float](repeating: 0, count: longest * layout.partCount)
        var goldLocal = [Int32](repeating: 0, count: longest)
        // The weights alone while training: the rows give each cell's label, and a weight
        // read at random costs half the cache it would beside its label.
        var labelWeights = cells.map(\.weight), partWeights = partCells.map(\.weight)
        defer {
            for r in cells.indices { cells[r].weight = labelWeights[r] }
            for r in partCells.indices { partCells[r].weight = partWeights[r] }
        }
        var labelStep = [Float](repeating: 0, count: L)
        labelWeights.withUnsafeMutableBufferPointer { cells in
        partWeights.withUnsafeMutableBufferPointer { partCells in
        shared.withUnsafeMutableBufferPointer { shared in
        partScratch.withUnsafeMutableBufferPointer { partScratch in
        goldLocal.withUnsafeMutableBufferPointer { goldLocal in
        labelStep.withUnsafeMutableBufferPointer { labelStep in
        trans.withUnsafeMutableBufferPointer { trans in
        start.withUnsafeMutableBufferPointer { start in
        localOf.withUnsafeMutableBufferPointer { localOf in
        rows.withBuffers { rowBuffers in
        let tables = [cells, partCells, trans, start, shared]
        let averagedFrom = options.epochs - max(0, min(options.epochs, options.averagedEpochs ?? 0))
        let average = averagedFrom < options.epochs ? SGDAverage(sizes: tables.map(\.count)) : nil
        for epoch in 0..<options.epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.index(i + 1)) }
            let lr = options.learningRate / (1 + Float(epoch))
            let averaging = epoch >= averagedFrom ? average : nil
            var loss = 0.0
            for i in order.indices {
                prefetchAhead(order: order, position: i, rows: rows, buffers: rowBuffers, cells: cells, partCells: partCells,
                              twins: averaging?.view)
                let e = order[i]
                guard let exampleLoss = sgdStep(example: e, examples: examples, allowedLabels: allowedLabels, data: data, rows: rows,
                                rowBuffers: rowBuffers, layout: layout, scratch: &scratch,
                                weights: SGDWeights(cells: cells, partCells: partCells, shared: shared, trans: trans, start: start),
                                work: SGDWork(partScratch: partScratch, goldLocal: goldLocal, labelStep: labelStep, localOf: localOf),
                                average: averaging?.view, lr: lr, scale: scale) else { continue }
                loss += exampleLoss
                scale *= (1 - lr * options.l2)
                averaging?.count(scale: scale)
                if scale < 1e-6 {
                    averaging?.close(tables)
                    for r in 0..<cells.count { cells[r] *= scale }
                    for r in 0..<partCells.count { partCells[r] *= scale }
                    scale = 1
                }
            }
            averaging?.close(tables)
            progress?(epoch + 1, loss / Double(max(1, examples.count)))
        }
        if let average, average.writeMeans(into: tables) { scale = 1 }
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
        return scale
    }

    /// The tables SGD updates, as buffers for the length of the epochs.
    struct SGDWeights {
        var cells: UnsafeMutableBufferPointer<Float>
        var partCells: UnsafeMutableBufferPointer<Float>
        var shared: UnsafeMutableBufferPointer<Float>
        var trans: UnsafeMutableBufferPointer<Float>
        var start: UnsafeMutableBufferPointer<Float>
    }

    /// Scratch buffers of one example's step, reused from example to example.
    struct SGDWork {
        var partScratch: UnsafeMutableBufferPointer<Float>
        var goldLocal: UnsafeMutableBufferPointer<Int32>
        var labelStep: UnsafeMutableBufferPointer<Float>
        var localOf: UnsafeMutableBufferPointer<Int32>
    }

    /// One example's SGD step of ``runSGD``: its emissions, forward-backward, and the gradient
    /// (observed minus expected) applied to the weights at learning rate `lr`; returns the
    /// example's weighted loss (log Z minus the gold path's score), or nil for an example
    /// without tokens, which takes no step (and no decay of the scale).
    @inline(__always)
    static func sgdStep(example e: Int, examples: [TrainingExample], allowedLabels: [[Int32]], data: TaggerTrainingData,
                        rows: TaggerIntentRows, rowBuffers: TaggerIntentRows.Buffers, layout: TaggerLayout,
                        scratch: inout CRFScratch, weights w: SGDWeights, work: SGDWork, average: SGDAverage.View? = nil,
                        lr: Float, scale: Float) -> Double? {
        let ex = examples[e]
        let T = ex.tokens.count
        guard T > 0 else { return nil }
        let L = w.start.count
        let localOf = work.localOf, goldLocal = work.goldLocal
        let allowed = allowedLabels[ex.intent]
        let K = allowed.count
        for (k, l) in allowed.enumerated() { localOf[Int(l)] = Int32(k) }
        defer { for l in allowed { localOf[Int(l)] = -1 } }
        scratch.prepare(T: T, K: K)
        let graph = layout.graphs[ex.intent]
        var loss = 0.0
        data.exOffsets[e].withUnsafeBufferPointer { offs in
        rows.exRows[e].withUnsafeBufferPointer { exRows in
        ex.labels.withUnsafeBufferPointer { labels in
            for t in 0..<T { goldLocal[t] = localOf[Int(labels[t])] }
            let view = TaggerExampleView(T: T, K: K, intent: ex.intent, offs: offs, rows: exRows, labels: labels,
                                         goldLocal: UnsafeBufferPointer(rebasing: goldLocal[0..<T]),
                                         hits: data.exAgreement.isEmpty ? [] : data.exAgreement[e])
            let parts = rows.intentParts.isEmpty ? [] : rows.intentParts[ex.intent]
            scratch.emission.withUnsafeMutableBufferPointer { emission in
                addEmissions(view, rowBuffers, cells: w.cells, scale: scale, layout: layout, parts: parts,
                             partCells: w.partCells, partScratch: work.partScratch, shared: w.shared, localOf: localOf,
                             into: emission)
            }
            scratch.loadTransitions(graph, transitions: w.trans, start: w.start)
            let logZ = scratch.forwardBackward(T: T, graph: graph)
            // Gold score for the loss.
            var gold = Double(w.start[Int(labels[0])]) + Double(scratch.emission[Int(localOf[Int(labels[0])])])
            for t in 1..<max(T, 1) {
                let yp = Int(labels[t - 1]), y = Int(labels[t])
                gold += Double(w.trans[yp * L + y]) + Double(scratch.emission[t * K + Int(localOf[y])])
            }
            loss = (logZ - gold) * Double(ex.weight)
            // Gradient: observed minus expected.
            let step = lr * ex.weight
            scratch.withBuffers { b in
                addGradient(view, b, rowBuffers, step: step, scale: scale, cells: w.cells, layout: layout, parts: parts,
                            partCells: w.partCells, partScratch: work.partScratch, shared: w.shared, localOf: localOf,
                            labelStep: work.labelStep, average: average)
                addTransitionGradient(view, b, step: step, allowed: allowed, graph: graph,
                                      trans: w.trans, start: w.start, average: average)
            }
        }
        }
        }
        return loss
    }

    /// One example's emission scores into `emission`: its attributes' label weights, its
    /// parts' weights spread over their labels, and the type-agreement weights.
    @inline(__always)
    static func addEmissions(_ x: TaggerExampleView, _ rows: TaggerIntentRows.Buffers,
                             cells: UnsafeMutableBufferPointer<Float>, scale: Float, layout: TaggerLayout,
                             parts: [Int32], partCells: UnsafeMutableBufferPointer<Float>,
                             partScratch: UnsafeMutableBufferPointer<Float>, shared: UnsafeMutableBufferPointer<Float>,
                             localOf: UnsafeMutableBufferPointer<Int32>, into emission: UnsafeMutableBufferPointer<Float>) {
        let T = x.T, K = x.K, P = layout.partCount
        let offs = x.offs, ids = x.rows
        for t in 0..<T {
            for j in Int(offs[t])..<Int(offs[t + 1]) {
                let s = Int(ids[j])
                let row = cells.baseAddress! + rows.labelBase(s)
                for q in rows.labelRange(s) {
                    emission[t * K + rows.local(q)] += row[rows.cell(q)] * scale
                }
            }
        }
        if !layout.partMembers.isEmpty {
            // Each part's score per token first, then into its labels: a part of a role
            // such as `depart` reaches a dozen labels.
            let members = layout.partMembers[x.intent]
            for t in 0..<T {
                for part in parts { partScratch[t * P + Int(part)] = 0 }
                for j in Int(offs[t])..<Int(offs[t + 1]) {
                    let s = Int(ids[j])
                    let row = partCells.baseAddress! + rows.partBase(s)
                    for q in rows.partRange(s) {
                        partScratch[t * P + rows.part(q)] += row[rows.partCell(q)]
                    }
                }
                for part in parts where partScratch[t * P + Int(part)] != 0 {
                    let v = partScratch[t * P + Int(part)] * scale
                    for q in Int(members.start[Int(part)])..<Int(members.start[Int(part) + 1]) {
                        emission[t * K + Int(members.local[q])] += v
                    }
                }
            }
        }
        if !shared.isEmpty {
            let h = x.hits
            for q in stride(from: 0, to: h.count, by: 3) {
                let k = localOf[Int(h[q + 1])]
                if k >= 0 { emission[Int(h[q]) * K + Int(k)] += shared[Int(h[q + 2])] }
            }
        }
    }

    /// The gradient step of one example's attribute, part and type-agreement weights.
    @inline(__always)
    static func addGradient(_ x: TaggerExampleView, _ b: CRFScratch.Buffers, _ rows: TaggerIntentRows.Buffers, step: Float,
                            scale: Float, cells: UnsafeMutableBufferPointer<Float>, layout: TaggerLayout, parts: [Int32],
                            partCells: UnsafeMutableBufferPointer<Float>, partScratch: UnsafeMutableBufferPointer<Float>,
                            shared: UnsafeMutableBufferPointer<Float>, localOf: UnsafeMutableBufferPointer<Int32>,
                            labelStep: UnsafeMutableBufferPointer<Float>, average: SGDAverage.View?) {
        let T = x.T, K = x.K, P = layout.partCount
        let offs = x.offs, ids = x.rows, gold = x.goldLocal
        for t in 0..<T {
            // A cell's step depends on its token and label only: taken once per label here,
            // not once per attribute. A zero step leaves a weight as it was (only a -0 would
            // become +0, which reads the same everywhere).
            let yk = Int(gold[t])
            for k in 0..<K {
                let g = (k == yk ? 1 : 0) - b.marginal[t * K + k]
                labelStep[k] = g != 0 ? step * g / scale : 0
            }
            if let average {
                // The same additions, each also into its twin times the scales so far.
                let factor = average.scaled
                for j in Int(offs[t])..<Int(offs[t + 1]) {
                    let s = Int(ids[j]), base = rows.labelBase(s)
                    for q in rows.labelRange(s) {
                        let c = base &+ rows.cell(q), d = labelStep[rows.local(q)]
                        cells[c] += d
                        average.cells[c] += d * factor
                    }
                }
                continue
            }
            for j in Int(offs[t])..<Int(offs[t + 1]) {
                let s = Int(ids[j])
                let row = cells.baseAddress! + rows.labelBase(s)
                for q in rows.labelRange(s) {
                    row[rows.cell(q)] += labelStep[rows.local(q)]
                }
            }
        }
        if !layout.partMembers.isEmpty {
            // A part's gradient at a token is its labels' summed, the same for every
            // attribute of the token.
            let members = layout.partMembers[x.intent]
            for t in 0..<T {
                let yk = Int(gold[t])
                for part in parts {
                    var g: Float = 0
                    for q in Int(members.start[Int(part)])..<Int(members.start[Int(part) + 1]) {
                        let k = Int(members.local[q])
                        g += (k == yk ? 1 : 0) - b.marginal[t * K + k]
                    }
                    partScratch[t * P + Int(part)] = step * g / scale
                }
                for j in Int(offs[t])..<Int(offs[t + 1]) {
                    let s = Int(ids[j]), base = rows.partBase(s)
                    for q in rows.partRange(s) {
                        let c = base &+ rows.partCell(q), d = partScratch[t * P + rows.part(q)]
                        partCells[c] += d
                        if let average { average.partCells[c] += d * average.scaled }
                    }
                }
            }
        }
        if !shared.isEmpty {
            let h = x.hits
            for q in stride(from: 0, to: h.count, by: 3) {
                let t = Int(h[q]), k = Int(localOf[Int(h[q + 1])])
                let g = (Int(gold[t]) == k ? 1 : 0) - b.marginal[t * K + k]
                shared[Int(h[q + 2])] += step * g
                if let average { average.shared[Int(h[q + 2])] += step * g * average.plain }
            }
        }
    }
}

/// One training example as the SGD loop reads it: raw views of its attributes and labels.
struct TaggerExampleView {
    let T: Int
    /// How many labels its intent allows.
    let K: Int
    let intent: Int
    let offs: UnsafeBufferPointer<Int32>
    /// The ``TaggerIntentRows`` row of each attribute occurrence.
    let rows: UnsafeBufferPointer<Int32>
    let labels: UnsafeBufferPointer<Int32>
    /// Each token's gold label as a place among the intent's labels.
    let goldLocal: UnsafeBufferPointer<Int32>
    /// Its ``TypeAgreement`` hits; empty without type agreement.
    let hits: [Int32]
}
