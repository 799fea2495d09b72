/// The random draws of the word-soup tests: SplitMix64, the same sequence for a seed as the
/// engine's generator in SkillNLU, so these tests do not need the engine to draw their words.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<n` (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
