import CInt8Products

extension CRFScratch {
    /// The best label path under `emission`, `startLocal` and `transLocal` (local label
    /// indices, one per token, into `path`) and its score.
    ///
    /// Runs over the graph's permitted pairs on raw buffers: the best score of each (token,
    /// label) and the label before it on that path live on the stack for the pass (no later
    /// pass reads them), so a decode allocates nothing here but the path. On equal scores the
    /// first predecessor in the graph's incoming order wins, and at the end the lowest label.
    ///
    /// `cells`, when given, is shown the tables of best scores and back pointers (token by
    /// token, `T` × the graph's labels) before they go (for tests).
    mutating func viterbi(T: Int, graph: TransitionGraph, path: inout [Int32],
                          cells: ((_ score: UnsafeBufferPointer<Float>, _ back: UnsafeBufferPointer<Int32>) -> Void)? = nil) -> Float {
        let K = graph.labels.count
        if path.count != T { path = [Int32](repeating: 0, count: T) }
        let stored = storedIncoming.count == graph.pairCount
        if !stored { Self.gatherIncoming(transLocal, graph: graph, into: &incomingScores) }
        precondition(T > 0 && K > 0 && emission.count >= T * K && transLocal.count >= graph.pairCount && startLocal.count >= K,
                     "viterbi needs prepare(T:K:) and the graph's transitions first")
        // Every cell is written before it is read (the first token's back pointers, never
        // followed, are set too).
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: T * K) { score in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: T * K) { back in
        emission.withUnsafeBufferPointer { emission in
        (stored ? storedIncoming : incomingScores).withUnsafeBufferPointer { transitions in
        startLocal.withUnsafeBufferPointer { start in
        path.withUnsafeMutableBufferPointer { path in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        graph.withAdjacency { _, _, incomingStart, _, _, _ in
            for k in 0..<K {
                score[k] = start[k] + emission[k]
                back[k] = 0
            }
            for t in 1..<T {
                // The C step reads the longer incoming lists (an `O` or a begin label's) eight
                // pairs at a time, with the same sums and the same first-of-equals choice.
                snlu_viterbi_step(score.baseAddress! + (t - 1) * K, transitions.baseAddress!, from.baseAddress!,
                                  incomingStart.baseAddress!, K, emission.baseAddress! + t * K,
                                  score.baseAddress! + t * K, back.baseAddress! + t * K)
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
