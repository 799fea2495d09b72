import SkillNLU

extension SlotTagger {
    /// The gradient step of the start and transition scores. Pair by pair, each pair's score
    /// taking its steps token by token: the same additions in the same order as token by
    /// token over every pair, with the score held in a register rather than stored each time.
    /// Eight pairs go side by side in vector lanes, each lane doing exactly the scalar
    /// arithmetic (the same products, quotient and sums in the same order, so the same bits);
    /// the pairs left over go one at a time.
    @inline(__always)
    static func addTransitionGradient(_ x: TaggerExampleView, _ b: CRFScratch.Buffers, step: Float, allowed: [Int32],
                                      graph: TransitionGraph,
                                      trans: UnsafeMutableBufferPointer<Float>, start: UnsafeMutableBufferPointer<Float>,
                                      average: SGDAverage.View?) {
        let T = x.T, K = x.K, gold = x.goldLocal
        for k in 0..<K {
            let l = Int(allowed[k])
            let g = (Int(gold[0]) == k ? 1 : 0) - b.marginal[k]
            start[l] += step * g
            if let average { average.start[l] += step * g * average.plain }
        }
        guard T > 1 else { return }
        graph.withPairs { from, to, global in
            var p = 0
            while p + 8 <= from.count {
                addTransitionGradient8(x, b, first: p, step: step, from: from, to: to, global: global, trans: trans,
                                       average: average)
                p += 8
            }
            while p < from.count {
                let kp = Int(from[p]), k = Int(to[p])
                let e = b.expTrans[p]
                let before = trans[Int(global[p])]
                var score = before
                for t in 1..<T {
                    let pm = b.alpha[(t - 1) * K + kp] * e * b.expEmission[t * K + k] * b.beta[t * K + k] / b.norm[t]
                    let g = (from[p] == gold[t - 1] && to[p] == gold[t] ? 1 : 0) - pm
                    score += step * g
                }
                trans[Int(global[p])] = score
                if let average { average.trans[Int(global[p])] += (score - before) * average.plain }
                p += 1
            }
        }
    }

    /// Pairs `first..<first + 8` of ``addTransitionGradient(_:_:step:allowed:graph:trans:start:average:)``,
    /// one a lane: per lane the scalar loop's operations in its order.
    @inline(__always)
    static func addTransitionGradient8(_ x: TaggerExampleView, _ b: CRFScratch.Buffers, first p: Int, step: Float,
                                       from: UnsafeBufferPointer<Int32>, to: UnsafeBufferPointer<Int32>,
                                       global: UnsafeBufferPointer<Int32>, trans: UnsafeMutableBufferPointer<Float>,
                                       average: SGDAverage.View?) {
        let T = x.T, K = x.K, gold = x.goldLocal
        var kp = SIMD8<Int32>(), k = SIMD8<Int32>(), e = SIMD8<Float>(), before = SIMD8<Float>()
        for l in 0..<8 {
            kp[l] = from[p &+ l]
            k[l] = to[p &+ l]
            e[l] = b.expTrans[p &+ l]
            before[l] = trans[Int(global[p &+ l])]
        }
        var score = before
        let one = SIMD8<Float>(repeating: 1), steps = SIMD8<Float>(repeating: step)
        for t in 1..<T {
            var a = SIMD8<Float>(), emission = SIMD8<Float>(), beta = SIMD8<Float>()
            let previous = (t &- 1) &* K, row = t &* K
            for l in 0..<8 {
                a[l] = b.alpha[previous &+ Int(kp[l])]
                emission[l] = b.expEmission[row &+ Int(k[l])]
                beta[l] = b.beta[row &+ Int(k[l])]
            }
            let pm = a * e * emission * beta / SIMD8<Float>(repeating: b.norm[t])
            let observed = (kp .== SIMD8<Int32>(repeating: gold[t &- 1])) .& (k .== SIMD8<Int32>(repeating: gold[t]))
            let g = SIMD8<Float>().replacing(with: one, where: observed) - pm
            score += steps * g
        }
        for l in 0..<8 {
            let c = Int(global[p &+ l])
            trans[c] = score[l]
            if let average { average.trans[c] += (score[l] - before[l]) * average.plain }
        }
    }
}
