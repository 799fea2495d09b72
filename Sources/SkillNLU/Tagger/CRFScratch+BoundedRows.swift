import CInt8Products

extension CRFScratch {
    /// What ``boundedRows(_:_:_:_:score:back:)`` reads besides the emissions: the starts, each
    /// label's best incoming transition, the largest transition's magnitude, each pair's score
    /// and second label by pair index, and where each label's pairs begin.
    struct BoundedRows {
        let start: UnsafePointer<Float>
        let bestIncoming: UnsafePointer<Float>
        let largestTransition: Float
        let pairScores: UnsafePointer<Float>
        let to: UnsafePointer<Int32>
        /// Where each label's pairs begin (a label's outgoing pairs are a contiguous range:
        /// ``TransitionGraph`` makes the pairs in order of their first label).
        let outgoingStart: UnsafePointer<Int32>
    }

    /// Fills the T × K tables of best scores and back pointers for the cells that can lie on
    /// the best path, and −∞ in the others; false (the tables left to the other rows) when the
    /// scores are not finite numbers or no complete path is found.
    ///
    /// A cell's score plus what the later tokens can add at most — for each later token, its
    /// largest emission plus that label's best incoming transition — is an upper bound on any
    /// path through the cell; a greedy path (each token's best successor of the label before)
    /// is a lower bound on the best path's score, computed with the very additions Viterbi
    /// makes, so the best score is never below it. A cell whose bound lies below the greedy
    /// score cannot be on the best path, nor tie it: it is set to −∞, and only the cells kept
    /// are pushed along their outgoing pairs into the next row, in ascending label order, so
    /// that equal scores keep the lowest predecessor as the full rows do.
    ///
    /// Kept cells get exactly the full recursion's score and back pointer: a kept cell's best
    /// predecessor has a bound at least the cell's (the step between them is within the step's
    /// bound), so it was kept too, and so were predecessors it ties with. Pruned cells' back
    /// pointers mean nothing. Every partial sum is below `A` = the largest start, the tokens'
    /// largest emissions and `T` largest transitions in magnitude, and each token adds a few
    /// roundings of at most `A` · 2⁻²⁴; the bound is lowered by `A` · 10⁻⁵ a token still to come,
    /// which covers them many times over, so rounding never prunes a cell the exact arithmetic
    /// would keep.
    static func boundedRows(_ T: Int, _ K: Int, _ b: BoundedRows, _ emission: UnsafePointer<Float>,
                            score: UnsafeMutablePointer<Float>, back: UnsafeMutablePointer<Int32>) -> Bool {
        let words = (K + 63) >> 6
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: T) { future in
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { bits in
            let future = future.baseAddress!, alive = bits.baseAddress!, reached = alive + words
            var largest: Float = 0
            guard snlu_viterbi_bounds(emission, b.bestIncoming, T, K, future, &largest) != 0 else { return false }
            let lower = snlu_viterbi_greedy(b.start, emission, T, K, b.pairScores, b.to, b.outgoingStart)
            var startLargest: Float = 0
            for k in 0..<K where b.start[k].isFinite { startLargest = max(startLargest, abs(b.start[k])) }
            let magnitude = startLargest + largest + Float(T) * b.largestTransition
            guard lower.isFinite, future[0].isFinite, magnitude.isFinite else { return false }
            let slack = (magnitude + 1) * 1e-5
            /// The least score a cell of token `t` keeps.
            func floor(_ t: Int) -> Float { lower - Float(T - t) * slack - future[t] }

            alive.initialize(repeating: 0, count: words)
            let first = floor(0)
            for j in 0..<K {
                let v = b.start[j] + emission[j]
                back[j] = 0
                if v >= first {
                    score[j] = v
                    alive[j >> 6] |= 1 << UInt64(j & 63)
                } else {
                    score[j] = -.infinity
                }
            }
            for t in 1..<T {
                let previous = score + (t &- 1) &* K, row = score + t &* K, rowBack = back + t &* K
                let e = emission + t &* K
                row.update(repeating: -.infinity, count: K)
                rowBack.update(repeating: 0, count: K)
                reached.update(repeating: 0, count: words)
                let least = floor(t)
                for w in 0..<words {
                    var word = alive[w]
                    while word != 0 {
                        let kp = w &<< 6 &+ word.trailingZeroBitCount
                        word &= word &- 1
                        let from = previous[kp], first = Int(b.outgoingStart[kp]), end = Int(b.outgoingStart[kp &+ 1])
                        if end &- first >= 16 {
                            snlu_viterbi_push(from, Int32(truncatingIfNeeded: kp), b.pairScores, b.to, first, end, e, least,
                                              row, rowBack, reached)
                            continue
                        }
                        // Short lists here: the call would cost about what they do.
                        for pair in first..<end {
                            let j = Int(b.to[pair]), s = from + b.pairScores[pair]
                            if s > row[j] && s + e[j] >= least {
                                row[j] = s
                                rowBack[j] = Int32(truncatingIfNeeded: kp)
                                reached[j &>> 6] |= 1 &<< UInt64(j & 63)
                            }
                        }
                    }
                }
                for w in 0..<words {
                    var word = reached[w]
                    alive[w] = word
                    while word != 0 {
                        let j = w &<< 6 &+ word.trailingZeroBitCount
                        word &= word &- 1
                        row[j] += e[j]
                    }
                }
            }
            return true
        }
        }
    }
}
