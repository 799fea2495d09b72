import Foundation

/// Decoding over each token's candidate labels only.
///
/// A trained tagger gives most of an intent's labels a score far below the token's best (ATIS's
/// flight intent has 133 labels; a carrier word is `O` or a handful of slots). Those labels
/// carry almost none of the probability and are never on the best path, yet Viterbi and the
/// forward and backward passes over every permitted pair spend most of their time on them.
/// Here each token keeps the labels whose emission is within ``TransitionGraph/DenseScores/margin``
/// of its best, `O`, and the inside label continuing any slot label its previous token kept (a
/// long free-form value's later words, such as "of the" in a film title, read as `O` on their
/// own); the passes then run over pairs of candidates through the dense tables of
/// ``TransitionGraph/DenseScores``. With every label a candidate, they add the same terms in
/// the same order as ``viterbi(T:graph:path:)`` and ``forward(T:graph:)`` (and terms of 0 for
/// pairs not permitted), so the results are identical. A label whose incoming or outgoing
/// pairs are fewer than the neighbouring token's candidates (a begin label: `O`, itself and
/// its inside) reads them from the graph instead; `O`, which any label may precede, reads the
/// candidates.
extension CRFScratch {
    /// Fills `candidates` and `candidateStart` (T + 1) from `emission`: each token's candidate
    /// labels in ascending order.
    mutating func selectCandidates(T: Int, graph: TransitionGraph, dense: TransitionGraph.DenseScores) {
        let K = graph.labels.count
        if candidateMark.count != K { candidateMark = [Bool](repeating: false, count: K) }
        candidates.removeAll(keepingCapacity: true)
        candidateStart.removeAll(keepingCapacity: true)
        candidateStart.append(0)
        for t in 0..<T {
            var best: Float = -.infinity
            for k in 0..<K { best = max(best, emission[t * K + k]) }
            let floor = best - dense.margin
            candidateMark[0] = true
            for k in 1..<max(K, 1) where emission[t * K + k] >= floor && (t > 0 || graph.canStart[k]) { candidateMark[k] = true }
            if t > 0 {
                for q in Int(candidateStart[t - 1])..<Int(candidateStart[t]) {
                    let next = dense.continuation[Int(candidates[q])]
                    if next >= 0 { candidateMark[Int(next)] = true }
                }
            }
            for k in 0..<K where candidateMark[k] {
                candidates.append(Int32(k))
                candidateMark[k] = false
            }
            candidateStart.append(Int32(candidates.count))
        }
    }

    /// ``viterbi(T:graph:path:)`` over the candidates ``selectCandidates(T:graph:dense:)`` chose.
    /// Each candidate reads its predecessors from the graph's incoming pairs or from the
    /// previous token's candidates, whichever list is shorter (a label that is no candidate
    /// scores -∞). On equal scores the lowest predecessor wins, and at the end the lowest label,
    /// as there.
    mutating func candidateViterbi(T: Int, graph: TransitionGraph, dense: TransitionGraph.DenseScores, path: inout [Int32]) -> Float {
        let K = graph.labels.count
        Self.reset(&viterbiScore, T * K, to: -.infinity)
        if backPointer.count != T * K { backPointer = [Int32](repeating: 0, count: T * K) }
        if path.count != T { path = [Int32](repeating: 0, count: T) }
        Self.gatherIncoming(transLocal, graph: graph, into: &incomingScores)
        precondition(T > 0 && emission.count >= T * K && startLocal.count >= K && candidateStart.count == T + 1
                     && dense.transitions.count == K * K, "candidateViterbi needs selectCandidates first")
        return emission.withUnsafeBufferPointer { emission in
        dense.transitions.withUnsafeBufferPointer { transitions in
        incomingScores.withUnsafeBufferPointer { incomingScores in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        graph.incomingStart.withUnsafeBufferPointer { incomingStart in
        startLocal.withUnsafeBufferPointer { start in
        candidates.withUnsafeBufferPointer { candidates in
        candidateStart.withUnsafeBufferPointer { candidateStart in
        viterbiScore.withUnsafeMutableBufferPointer { score in
        backPointer.withUnsafeMutableBufferPointer { back in
        path.withUnsafeMutableBufferPointer { path in
            for q in 0..<Int(candidateStart[1]) {
                let k = Int(candidates[q])
                score[k] = start[k] + emission[k]
            }
            for t in 1..<T {
                let previous = (t - 1) * K
                let before = Int(candidateStart[t - 1])..<Int(candidateStart[t])
                for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) {
                    let k = Int(candidates[q])
                    var best: Float = -.infinity
                    var arg: Int32 = 0
                    let incoming = Int(incomingStart[k])..<Int(incomingStart[k + 1])
                    if before.count < incoming.count {
                        for r in before {
                            let kp = candidates[r]
                            let s = score[previous + Int(kp)] + transitions[Int(kp) * K + k]
                            if s > best { best = s; arg = kp }
                        }
                    } else {
                        for r in incoming {
                            let kp = from[r]
                            let s = score[previous + Int(kp)] + incomingScores[r]
                            if s > best { best = s; arg = kp }
                        }
                    }
                    score[t * K + k] = best + emission[t * K + k]
                    back[t * K + k] = arg
                }
            }
            let last = (T - 1) * K
            var bestK = Int(candidates[Int(candidateStart[T - 1])])
            for q in Int(candidateStart[T - 1])..<Int(candidateStart[T]) where score[last + Int(candidates[q])] > score[last + bestK] {
                bestK = Int(candidates[q])
            }
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
        }
        }
    }

    /// ``forward(T:graph:)`` over the candidates: log Z of the paths through them. Fills
    /// `alpha`, `norm` and `expEmission` at the candidates only (0 elsewhere); predecessors as
    /// in ``candidateViterbi(T:graph:dense:path:)``.
    mutating func candidateForward(T: Int, graph: TransitionGraph, dense: TransitionGraph.DenseScores) -> Double {
        let K = graph.labels.count
        Self.gatherIncoming(expTrans, graph: graph, into: &incomingScores)
        Self.reset(&expEmission, T * K)
        Self.reset(&alpha, T * K)
        Self.reset(&norm, T, to: 1)
        precondition(emission.count >= T * K && startLocal.count >= K && candidateStart.count == T + 1
                     && dense.expTransitions.count == K * K, "candidateForward needs selectCandidates first")
        let tmax = transMaximum
        return emission.withUnsafeBufferPointer { emission in
        expEmission.withUnsafeMutableBufferPointer { expEmission in
        dense.expTransitions.withUnsafeBufferPointer { expTrans in
        incomingScores.withUnsafeBufferPointer { incomingScores in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        graph.incomingStart.withUnsafeBufferPointer { incomingStart in
        startLocal.withUnsafeBufferPointer { startLocal in
        alpha.withUnsafeMutableBufferPointer { alpha in
        norm.withUnsafeMutableBufferPointer { norm in
        candidates.withUnsafeBufferPointer { candidates in
        candidateStart.withUnsafeBufferPointer { candidateStart in
            var logOffset = 0.0
            for t in 0..<T {
                var m: Float = -.infinity
                for k in 0..<K { m = max(m, emission[t * K + k]) }
                for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) {
                    let k = Int(candidates[q])
                    expEmission[t * K + k] = expf(emission[t * K + k] - m)
                }
                logOffset += Double(m)
            }
            var smax: Float = -.infinity
            for k in 0..<K { smax = max(smax, startLocal[k]) }
            var c: Float = 0
            for q in 0..<Int(candidateStart[1]) {
                let k = Int(candidates[q])
                let v = startLocal[k] == -.infinity ? 0 : expf(startLocal[k] - smax) * expEmission[k]
                alpha[k] = v
                c += v
            }
            c = max(c, .leastNormalMagnitude)
            norm[0] = c
            for q in 0..<Int(candidateStart[1]) { alpha[Int(candidates[q])] /= c }
            var logZ = Double(smax) + log(Double(c))
            for t in 1..<max(T, 1) {
                c = 0
                for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) {
                    let k = Int(candidates[q])
                    var s: Float = 0
                    let before = Int(candidateStart[t - 1])..<Int(candidateStart[t])
                    let incoming = Int(incomingStart[k])..<Int(incomingStart[k + 1])
                    if before.count < incoming.count {
                        for r in before {
                            let kp = Int(candidates[r])
                            s += alpha[(t - 1) * K + kp] * expTrans[kp * K + k]
                        }
                    } else {
                        for r in incoming { s += alpha[(t - 1) * K + Int(from[r])] * incomingScores[r] }
                    }
                    let v = s * expEmission[t * K + k]
                    alpha[t * K + k] = v
                    c += v
                }
                c = max(c, .leastNormalMagnitude)
                norm[t] = c
                for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) { alpha[t * K + Int(candidates[q])] /= c }
                logZ += log(Double(c)) + Double(tmax)
            }
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
        }
    }

    /// ``backward(T:graph:)`` over the candidates, after ``candidateForward(T:graph:dense:)``:
    /// fills `marginal` at the candidates (0 elsewhere), each label reading its successors
    /// from the graph's outgoing pairs or the next token's candidates, whichever is shorter.
    mutating func candidateBackward(T: Int, graph: TransitionGraph, dense: TransitionGraph.DenseScores) {
        let K = graph.labels.count
        Self.reset(&beta, T * K)
        Self.reset(&marginal, T * K)
        precondition(alpha.count >= T * K && expEmission.count >= T * K && norm.count >= T && candidateStart.count == T + 1
                     && dense.expTransitions.count == K * K, "candidateBackward needs candidateForward first")
        expEmission.withUnsafeBufferPointer { expEmission in
        dense.expTransitions.withUnsafeBufferPointer { expTrans in
        alpha.withUnsafeBufferPointer { alpha in
        beta.withUnsafeMutableBufferPointer { beta in
        norm.withUnsafeBufferPointer { norm in
        marginal.withUnsafeMutableBufferPointer { marginal in
        candidates.withUnsafeBufferPointer { candidates in
        candidateStart.withUnsafeBufferPointer { candidateStart in
        self.expTrans.withUnsafeBufferPointer { pairExp in
        graph.withAdjacency { _, to, _, _, outgoingStart, outgoing in
            for q in Int(candidateStart[T - 1])..<Int(candidateStart[T]) { beta[(T - 1) * K + Int(candidates[q])] = 1 }
            if T >= 2 {
                for t in stride(from: T - 2, through: 0, by: -1) {
                    for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) {
                        let k = Int(candidates[q])
                        var s: Float = 0
                        let after = Int(candidateStart[t + 1])..<Int(candidateStart[t + 2])
                        let outgoingPairs = Int(outgoingStart[k])..<Int(outgoingStart[k + 1])
                        if after.count < outgoingPairs.count {
                            for r in after {
                                let kn = Int(candidates[r])
                                s += expTrans[k * K + kn] * expEmission[(t + 1) * K + kn] * beta[(t + 1) * K + kn]
                            }
                        } else {
                            for q in outgoingPairs {
                                let p = Int(outgoing[q])
                                let kn = Int(to[p])
                                s += pairExp[p] * expEmission[(t + 1) * K + kn] * beta[(t + 1) * K + kn]
                            }
                        }
                        beta[t * K + k] = s / norm[t + 1]
                    }
                }
            }
            for t in 0..<T {
                for q in Int(candidateStart[t])..<Int(candidateStart[t + 1]) {
                    let i = t * K + Int(candidates[q])
                    marginal[i] = alpha[i] * beta[i]
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
}
