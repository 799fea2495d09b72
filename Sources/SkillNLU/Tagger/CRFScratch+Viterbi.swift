extension CRFScratch {
    /// The best label path under `emission`, `startLocal` and `transLocal` (local label
    /// indices, one per token, into `path`) and its score.
    ///
    /// Runs over the graph's permitted pairs on raw buffers kept in the scratch, so a decode
    /// allocates nothing here once the scratch has held a sentence as long. On equal scores
    /// the first predecessor in the graph's incoming order wins, and at the end the lowest
    /// label.
    mutating func viterbi(T: Int, graph: TransitionGraph, path: inout [Int32]) -> Float {
        let K = graph.labels.count
        // Every cell is written before it is read: these only size the buffers.
        if viterbiScore.count != T * K { viterbiScore = [Float](repeating: -.infinity, count: T * K) }
        if backPointer.count != T * K { backPointer = [Int32](repeating: 0, count: T * K) }
        if path.count != T { path = [Int32](repeating: 0, count: T) }
        let stored = storedIncoming.count == graph.pairCount
        if !stored { Self.gatherIncoming(transLocal, graph: graph, into: &incomingScores) }
        precondition(T > 0 && K > 0 && emission.count >= T * K && transLocal.count >= graph.pairCount && startLocal.count >= K,
                     "viterbi needs prepare(T:K:) and the graph's transitions first")
        return emission.withUnsafeBufferPointer { emission in
        (stored ? storedIncoming : incomingScores).withUnsafeBufferPointer { transitions in
        startLocal.withUnsafeBufferPointer { start in
        viterbiScore.withUnsafeMutableBufferPointer { score in
        backPointer.withUnsafeMutableBufferPointer { back in
        path.withUnsafeMutableBufferPointer { path in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        graph.withAdjacency { _, _, incomingStart, _, _, _ in
            for k in 0..<K { score[k] = start[k] + emission[k] }
            for t in 1..<T {
                // A pointer to the previous token's row: the innermost loop then adds no index
                // arithmetic (nor its overflow check) to each pair's two loads.
                let previous = UnsafePointer(score.baseAddress! + (t - 1) * K)
                for k in 0..<K {
                    var best: Float = -.infinity
                    var arg: Int32 = 0
                    for q in Int(incomingStart[k])..<Int(incomingStart[k + 1]) {
                        let kp = from[q]
                        let s = previous[Int(kp)] + transitions[q]
                        if s > best { best = s; arg = kp }
                    }
                    score[t * K + k] = best + emission[t * K + k]
                    back[t * K + k] = arg
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
