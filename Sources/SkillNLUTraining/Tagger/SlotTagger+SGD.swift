import Foundation

extension SlotTagger {
    /// The SGD epochs of ``train(examples:spans:allowedLabels:intentKeys:labelCount:options:slotTypes:labelParts:progress:)``,
    /// with L2 through a global scale (weights are scale * w); returns that scale.
    ///
    /// The loops run over raw buffers: they are most of the training time, and bounds and
    /// uniqueness checks on every weight touched cost about as much as the arithmetic.
    static func runSGD(examples: [TrainingExample], allowedLabels: [[Int32]], data: TaggerTrainingData, layout: TaggerLayout,
                       options: SlotTaggerOptions, cells: inout [TrainingCell], partCells: inout [TrainingCell],
                       trans: inout [Float], start: inout [Float], shared: inout [Float],
                       progress: ((Int, Double) -> Void)?) -> Float {
        let L = start.count
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
        layout.rowStart.withUnsafeBufferPointer { rowStart in
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
                let graph = layout.graphs[ex.intent]
                data.exOffsets[e].withUnsafeBufferPointer { offs in
                data.exAttrs[e].withUnsafeBufferPointer { ids in
                ex.labels.withUnsafeBufferPointer { labels in
                    let view = TaggerExampleView(T: T, K: K, intent: ex.intent, offs: offs, ids: ids, labels: labels,
                                                 hits: data.exAgreement.isEmpty ? [] : data.exAgreement[e])
                    scratch.emission.withUnsafeMutableBufferPointer { emission in
                        addEmissions(view, rowStart: rowStart, cells: cells, localOf: localOf, scale: scale, layout: layout,
                                     partCells: partCells, partScratch: &partScratch, shared: shared, into: emission)
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
                        addGradient(view, b, step: step, scale: scale, rowStart: rowStart, cells: cells, localOf: localOf,
                                    layout: layout, partCells: &partCells, partScratch: &partScratch, shared: &shared)
                        addTransitionGradient(view, b, step: step, allowed: allowed, graph: graph, localOf: localOf,
                                              trans: trans, start: start)
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
        return scale
    }

    /// One example's emission scores into `emission`: its attributes' label weights, its
    /// parts' weights spread over their labels, and the type-agreement weights.
    @inline(__always)
    static func addEmissions(_ x: TaggerExampleView, rowStart: UnsafeBufferPointer<Int32>,
                             cells: UnsafeMutableBufferPointer<TrainingCell>, localOf: UnsafeMutableBufferPointer<Int32>,
                             scale: Float, layout: TaggerLayout, partCells: [TrainingCell], partScratch: inout [Float],
                             shared: [Float], into emission: UnsafeMutableBufferPointer<Float>) {
        let T = x.T, K = x.K, P = layout.partCount
        let offs = x.offs, ids = x.ids
        for t in 0..<T {
            for j in Int(offs[t])..<Int(offs[t + 1]) {
                let a = Int(ids[j])
                for r in Int(rowStart[a])..<Int(rowStart[a + 1]) {
                    let k = localOf[Int(cells[r].label)]
                    if k >= 0 { emission[t * K + Int(k)] += cells[r].weight * scale }
                }
            }
        }
        if !layout.partMembers.isEmpty {
            // Each part's score per token first, then into its labels: a part of a role
            // such as `depart` reaches a dozen labels.
            let members = layout.partMembers[x.intent]
            let partRowStart = layout.partRowStart
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
        if !shared.isEmpty {
            TypeAgreement.addScores(x.hits, weights: shared, localOf: UnsafeBufferPointer(localOf),
                                    labels: K, into: emission)
        }
    }

    /// The gradient step of one example's attribute, part and type-agreement weights.
    @inline(__always)
    static func addGradient(_ x: TaggerExampleView, _ b: CRFScratch.Buffers, step: Float, scale: Float,
                            rowStart: UnsafeBufferPointer<Int32>, cells: UnsafeMutableBufferPointer<TrainingCell>,
                            localOf: UnsafeMutableBufferPointer<Int32>, layout: TaggerLayout,
                            partCells: inout [TrainingCell], partScratch: inout [Float], shared: inout [Float]) {
        let T = x.T, K = x.K, P = layout.partCount
        let offs = x.offs, ids = x.ids, labels = x.labels
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
        if !layout.partMembers.isEmpty {
            // A part's gradient at a token is its labels' summed, the same for every
            // attribute of the token.
            let members = layout.partMembers[x.intent]
            let partRowStart = layout.partRowStart
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
        if !shared.isEmpty {
            let h = x.hits
            for q in stride(from: 0, to: h.count, by: 3) {
                let t = Int(h[q]), k = Int(localOf[Int(h[q + 1])])
                let g = (Int(localOf[Int(labels[t])]) == k ? 1 : 0) - b.marginal[t * K + k]
                shared[Int(h[q + 2])] += step * g
            }
        }
    }

    /// The gradient step of the start and transition scores.
    @inline(__always)
    static func addTransitionGradient(_ x: TaggerExampleView, _ b: CRFScratch.Buffers, step: Float, allowed: [Int32],
                                      graph: TransitionGraph, localOf: UnsafeMutableBufferPointer<Int32>,
                                      trans: UnsafeMutableBufferPointer<Float>, start: UnsafeMutableBufferPointer<Float>) {
        let T = x.T, K = x.K, labels = x.labels
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

/// One training example as the SGD loop reads it: raw views of its attributes and labels.
struct TaggerExampleView {
    let T: Int
    /// How many labels its intent allows.
    let K: Int
    let intent: Int
    let offs: UnsafeBufferPointer<Int32>
    let ids: UnsafeBufferPointer<Int32>
    let labels: UnsafeBufferPointer<Int32>
    /// Its ``TypeAgreement`` hits; empty without type agreement.
    let hits: [Int32]
}
