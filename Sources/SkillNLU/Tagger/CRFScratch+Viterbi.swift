import CInt8Products

extension CRFScratch {
    /// The best label path under `emission`, `startLocal` and `transLocal` (local label
    /// indices, one per token, into `path`) and its score.
    ///
    /// Runs over the graph's permitted pairs on raw buffers: the best score of each (token,
    /// label) and the label before it on that path live on the stack for the pass (no later
    /// pass reads them), so a decode allocates nothing here but the path. On equal scores the
    /// first predecessor in the graph's incoming order (the lowest label) wins, and at the end
    /// the lowest label.
    ///
    /// A trained graph of ``pruningLabels`` labels or more is decoded by
    /// ``boundedRows(_:_:_:_:score:back:)``: only the cells that can still be on the best path,
    /// bounded by a greedy path's score and what the later tokens can add, are kept and pushed
    /// on. Otherwise (or when its scores are not finite), with a trained graph's
    /// ``TransitionGraph/Scores/pruningMargins``, the labels a token's best predecessor leads to
    /// are scored from the predecessors within its margin only
    /// (``prunedRow(_:_:_:_:_:into:_:_:)``): no other can reach them as high. Other rows go
    /// through the C step, which reads long incoming lists eight pairs at a time. Each way the
    /// path and its score are the ones every pair gives.
    ///
    /// `cells`, when given, is shown the tables of best scores and back pointers (token by
    /// token, `T` × the graph's labels) before they go (for tests); the bounded rows leave −∞
    /// in the cells no best path goes through.
    mutating func viterbi(T: Int, graph: TransitionGraph, path: inout [Int32],
                          cells: ((_ score: UnsafeBufferPointer<Float>, _ back: UnsafeBufferPointer<Int32>) -> Void)? = nil) -> Float {
        let K = graph.labels.count
        if path.count != T { path = [Int32](repeating: 0, count: T) }
        let stored = storedIncoming.count == graph.pairCount
        if !stored { Self.gatherIncoming(transLocal, graph: graph, into: &incomingScores) }
        precondition(T > 0 && K > 0 && emission.count >= T * K && transLocal.count >= graph.pairCount && startLocal.count >= K,
                     "viterbi needs prepare(T:K:) and the graph's transitions first")
        let pruned = pruningMargins.count == K && K >= Self.pruningLabels
        let bounded = bestIncoming.count == K && K >= Self.pruningLabels
        // Every cell is written before it is read (the first token's back pointers, never
        // followed, are set too).
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: T * K) { score in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: T * K) { back in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: pruned ? K : 0) { reached in
        emission.withUnsafeBufferPointer { emission in
        (stored ? storedIncoming : incomingScores).withUnsafeBufferPointer { transitions in
        startLocal.withUnsafeBufferPointer { start in
        path.withUnsafeMutableBufferPointer { path in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        transLocal.withUnsafeBufferPointer { pairScores in
        pruningMargins.withUnsafeBufferPointer { margins in
        bestIncoming.withUnsafeBufferPointer { bestIncoming in
        graph.withAdjacency { _, to, incomingStart, _, outgoingStart, outgoing in
            let full = FullRows(transitions: transitions.baseAddress!, from: from.baseAddress!,
                                incomingStart: incomingStart.baseAddress!)
            let pruning = pruned ? PrunedRows(margins: margins.baseAddress!, pairScores: pairScores.baseAddress!,
                                              to: to.baseAddress!, outgoingStart: outgoingStart.baseAddress!,
                                              outgoing: outgoing.baseAddress!, reached: reached.baseAddress!) : nil
            // The bounded rows where a trained graph's bounds apply; else every row in turn.
            let filled = bounded && Self.boundedRows(
                T, K, BoundedRows(start: start.baseAddress!, bestIncoming: bestIncoming.baseAddress!,
                                  largestTransition: largestTransition, pairScores: pairScores.baseAddress!,
                                  to: to.baseAddress!, outgoingStart: outgoingStart.baseAddress!),
                emission.baseAddress!, score: score.baseAddress!, back: back.baseAddress!)
            if !filled {
                pruning?.reached.initialize(repeating: -1, count: K)
                for k in 0..<K {
                    score[k] = start[k] + emission[k]
                    back[k] = 0
                }
                for t in 1..<T {
                    let previous = UnsafePointer(score.baseAddress! + (t - 1) * K)
                    let row = score.baseAddress! + t * K, rowBack = back.baseAddress! + t * K
                    let rowEmission = emission.baseAddress! + t * K
                    if let pruning, Self.prunedRow(Int32(t), previous, K, pruning, full, into: row, rowBack, rowEmission) {
                        continue
                    }
                    snlu_viterbi_step(previous, full.transitions, full.from, full.incomingStart, K, rowEmission, row, rowBack)
                }
            }
            let last = (T - 1) * K
            var bestK = 0
            for k in 1..<K where score[last + k] > score[last + bestK] { bestK = k }
            var k = bestK
            for t in stride(from: T - 1, through: 0, by: -1) {
                path[t] = Int32(k)
                k = Int(back[t * K + k])
            }
            cells?(UnsafeBufferPointer(score), UnsafeBufferPointer(back))
            return score[last + bestK]
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
        }
        }
    }

    /// Graphs of fewer labels are decoded over every pair: their rows are short, and the
    /// pruned row's bookkeeping would cost about what it saves.
    static let pruningLabels = 12

    /// The incoming pairs of every label, for scoring a label from all its predecessors.
    struct FullRows {
        /// Transition scores in the graph's incoming order.
        let transitions: UnsafePointer<Float>
        /// The label each incoming pair comes from.
        let from: UnsafePointer<Int32>
        let incomingStart: UnsafePointer<Int32>

        /// The best score of a path into label `k` and the label it comes from; on equal
        /// scores the first in incoming order, and label 0 when no path reaches `k`.
        @inline(__always)
        func best(into k: Int, _ previous: UnsafePointer<Float>) -> (Float, Int32) {
            var best: Float = -.infinity
            var arg: Int32 = 0
            for q in Int(incomingStart[k])..<Int(incomingStart[k + 1]) {
                let kp = from[q]
                let s = previous[Int(kp)] + transitions[q]
                if s > best { best = s; arg = kp }
            }
            return (best, arg)
        }
    }

    /// What a pruned row reads besides the full rows: the margins, each pair's score by pair
    /// index, the outgoing lists, and a mark per label of the token it was last reached at.
    struct PrunedRows {
        let margins: UnsafePointer<Float>
        let pairScores: UnsafePointer<Float>
        let to: UnsafePointer<Int32>
        let outgoingStart: UnsafePointer<Int32>
        let outgoing: UnsafePointer<Int32>
        let reached: UnsafeMutablePointer<Int32>
    }

    /// Fills token `t`'s row as the full rows would, reading few pairs; false (the row left to
    /// the full rows) when the previous row's best score is not a finite number.
    ///
    /// Let `m` be the previous token's best label, with score `M`. A label `k` that `m` leads
    /// to is reached from `m` with `M + s(m → k)`; a predecessor scoring below
    /// `M − margin(m)` reaches `k` with less, since no pair into `k` scores more than
    /// `s(m → k) + margin(m)`. So `k`'s best comes from the predecessors at or above that
    /// bound (lowered a little against rounding), read in ascending label order so that ties go
    /// to the lowest label as in the full row. Labels `m` does not lead to read all their pairs.
    @inline(__always)
    static func prunedRow(_ t: Int32, _ previous: UnsafePointer<Float>, _ K: Int, _ p: PrunedRows, _ full: FullRows,
                          into row: UnsafeMutablePointer<Float>, _ rowBack: UnsafeMutablePointer<Int32>,
                          _ rowEmission: UnsafePointer<Float>) -> Bool {
        var m = 0
        for kp in 1..<K where previous[kp] > previous[m] { m = kp }
        let top = previous[m], margin = p.margins[m]
        guard top.isFinite, margin.isFinite else { return false }
        let bound = top - margin - (abs(top) + margin + 1) * 1e-4
        for o in Int(p.outgoingStart[m])..<Int(p.outgoingStart[m + 1]) {
            let k = Int(p.to[Int(p.outgoing[o])])
            p.reached[k] = t
            row[k] = -.infinity
            rowBack[k] = 0
        }
        for kp in 0..<K where previous[kp] >= bound {
            let from = previous[kp]
            for o in Int(p.outgoingStart[kp])..<Int(p.outgoingStart[kp + 1]) {
                let pair = Int(p.outgoing[o])
                let k = Int(p.to[pair])
                let s = from + p.pairScores[pair]
                if p.reached[k] == t && s > row[k] { row[k] = s; rowBack[k] = Int32(kp) }
            }
        }
        for k in 0..<K {
            if p.reached[k] == t {
                row[k] += rowEmission[k]
            } else {
                let (best, arg) = full.best(into: k, previous)
                row[k] = best + rowEmission[k]
                rowBack[k] = arg
            }
        }
        return true
    }

    /// `values` (one per pair) in the graph's incoming order, into `out`: the hot loops then
    /// read them in sequence.
    static func gatherIncoming(_ values: [Float], graph: TransitionGraph, into out: inout [Float]) {
        let P = graph.pairCount
        if out.count != P { out = [Float](repeating: 0, count: P) }
        precondition(values.count >= P && graph.incoming.count == P, "one value per pair")
        values.withUnsafeBufferPointer { values in
            graph.incoming.withUnsafeBufferPointer { incoming in
                out.withUnsafeMutableBufferPointer { out in
                    for q in 0..<P { out[q] = values[Int(incoming[q])] }
                }
            }
        }
    }
}
