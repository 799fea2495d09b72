/// Intents ranked by probability, highest first, ties in index order: what a stable sort of the
/// indices by `>` gives, computed without a comparison closure.
///
/// Every classification ranks all intents, and with a hundred and more of them a closure-driven
/// stable sort costs about as much as scoring the utterance. Probabilities are never negative,
/// so the bit pattern of a float orders like its value; each intent becomes one integer key, its
/// inverted bits above its index, and a plain integer sort yields the same order. Anything a key
/// cannot stand for exactly (a negative number, NaN, a negative zero) takes the closure sort.
enum IntentRanking {
    static func ranked(_ probabilities: [Float]) -> [Int] {
        let n = probabilities.count
        guard n > 1, n <= Int(UInt32.max) else { return Array(probabilities.indices) }
        var keys = [UInt64](repeating: 0, count: n)
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
