import BuiltInValues
/// Intents ranked by probability, highest first, ties in index order: what a stable sort of the
/// indices by `>` gives, computed without a comparison closure.
///
/// Probabilities are never negative, so the bit pattern of a float orders like its value; each
/// intent becomes one integer key, its inverted bits above its index, and integer order is the
/// stable sort's order. Anything a key cannot stand for exactly (a negative number, NaN, a
/// negative zero) takes the closure sort.
///
/// A classification reads only the first few intents of the ranking (``leadingCount(topK:recordsScores:)``),
/// so the stages ask for those (``leading(_:count:)``): with a hundred and more intents, one pass
/// that keeps the best few costs a fraction of sorting them all.
enum IntentRanking {
    /// How many intents joint decoding reads at most: the best and the next two close to it
    /// (``NLUModel/jointCandidates(_:ranking:)``).
    static let jointCandidateLimit = 3

    /// How many leading intents a classification reads: joint decoding's candidates (the
    /// fallback's and the elicited answer's best other intent are among them), and the
    /// alternatives the answer lists, the decided intent left out of them. An explanation
    /// (`recordsScores`) gets the whole ranking.
    static func leadingCount(topK: Int, recordsScores: Bool) -> Int {
        guard !recordsScores else { return .max }
        let answered = topK < .max ? max(0, topK) + 1 : .max
        return max(jointCandidateLimit, answered)
    }

    /// The first `count` intents of ``ranked(_:)`` (all of them when there are fewer), found by
    /// keeping the best keys seen so far in order rather than sorting every intent.
    static func leading(_ probabilities: [Float], count: Int) -> [Int] {
        let n = probabilities.count
        guard count > 0 else { return [] }
        // Inserting into a kept list costs up to `count` moves per intent: past a few, sort.
        guard count <= 16, count < n, n <= Int(UInt32.max) else { return Array(ranked(probabilities).prefix(count)) }
        let kept: [Int]? = probabilities.withUnsafeBufferPointer { p in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { best -> [Int]? in
                var filled = 0
                for i in 0..<n {
                    let x = p[i]
                    guard x >= 0, x.sign == .plus else { return nil }
                    let key = UInt64(~x.bitPattern) << 32 | UInt64(i)
                    if filled == count {
                        guard key < best[count - 1] else { continue }
                        filled -= 1
                    }
                    var j = filled
                    while j > 0, best[j - 1] > key {
                        best[j] = best[j - 1]
                        j -= 1
                    }
                    best[j] = key
                    filled += 1
                }
                return (0..<filled).map { Int(truncatingIfNeeded: best[$0] & 0xFFFF_FFFF) }
            }
        }
        return kept ?? Array(closureSorted(probabilities).prefix(count))
    }

    /// Every intent, ranked.
    static func ranked(_ probabilities: [Float]) -> [Int] {
        let n = probabilities.count
        guard n > 1, n <= Int(UInt32.max) else { return Array(probabilities.indices) }
        var keys = [UInt64](filled: 0, count: n)
        for (i, p) in probabilities.enumerated() {
            guard p >= 0, p.sign == .plus else { return closureSorted(probabilities) }
            keys[i] = UInt64(~p.bitPattern) << 32 | UInt64(i)
        }
        keys.sort()
        return keys.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    }

    /// The stable sort the keys stand for, kept for the inputs they cannot.
    static func closureSorted(_ probabilities: [Float]) -> [Int] {
        probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }
    }
}
