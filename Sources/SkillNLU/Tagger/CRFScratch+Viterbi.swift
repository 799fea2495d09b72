import BuiltInValues
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
    /// on. Other graphs (and scores that are not finite) go through the C step, which reads long
    /// incoming lists eight pairs at a time. Either way the path and its score are the ones
    /// every pair gives.
    ///
    /// `cells`, when given, is shown the tables of best scores and back pointers (token by
    /// token, `T` × the graph's labels) before they go (for tests); the bounded rows leave −∞
    /// in the cells no best path goes through.
    mutating func viterbi(T: Int, graph: TransitionGraph, path: inout [Int32],
                          cells: ((_ score: UnsafeBufferPointer<Float>, _ back: UnsafeBufferPointer<Int32>) -> Void)? = nil) -> Float {
        let K = graph.labels.count
        if path.count != T { path = [Int32](filled: 0, count: T) }
        let stored = storedIncoming.count == graph.pairCount
        if !stored { Self.gatherIncoming(transLocal, graph: graph, into: &incomingScores) }
        precondition(T > 0 && K > 0 && emission.count >= T * K && transLocal.count >= graph.pairCount && startLocal.count >= K,
                     "viterbi needs prepare(T:K:) and the graph's transitions first")
        let bounded = bestIncoming.count == K && K >= Self.pruningLabels
        // Every cell is written before it is read (the first token's back pointers, never
        // followed, are set too).
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: T * K) { score in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: T * K) { back in
        emission.withUnsafeBufferPointer { emission in
        (stored ? storedIncoming : incomingScores).withUnsafeBufferPointer { transitions in
        startLocal.withUnsafeBufferPointer { start in
        path.withUnsafeMutableBufferPointer { path in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        transLocal.withUnsafeBufferPointer { pairScores in
        bestIncoming.withUnsafeBufferPointer { bestIncoming in
        graph.withAdjacency { _, to, incomingStart, _, outgoingStart, _ in
            // The bounded rows where a trained graph's bounds apply; else every row in turn.
            let filled = bounded && Self.boundedRows(
                T, K, BoundedRows(start: start.baseAddress!, bestIncoming: bestIncoming.baseAddress!,
                                  largestTransition: largestTransition, pairScores: pairScores.baseAddress!,
                                  to: to.baseAddress!, outgoingStart: outgoingStart.baseAddress!),
                emission.baseAddress!, score: score.baseAddress!, back: back.baseAddress!)
            if !filled {
                for k in 0..<K {
                    score[k] = start[k] + emission[k]
                    back[k] = 0
                }
                for t in 1..<T {
                    snlu_viterbi_step(score.baseAddress! + (t - 1) * K, transitions.baseAddress!, from.baseAddress!,
                                      incomingStart.baseAddress!, K, emission.baseAddress! + t * K,
                                      score.baseAddress! + t * K, back.baseAddress! + t * K)
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

    /// Graphs of fewer labels are decoded over every pair: their rows are short, and the
    /// bounded rows' bookkeeping would cost about what it saves.
    static let pruningLabels = 12

    /// `values` (one per pair) in the graph's incoming order, into `out`: the hot loops then
    /// read them in sequence.
    static func gatherIncoming(_ values: [Float], graph: TransitionGraph, into out: inout [Float]) {
        let P = graph.pairCount
        if out.count != P { out = [Float](filled: 0, count: P) }
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
