/// A small, fast, seedable random number generator (SplitMix64).
///
/// Training must be deterministic for a seed on every platform, which the system generator is
/// not; SplitMix64 passes the usual statistical tests and costs a few instructions per draw.
///
/// The state is `Codable` so that a sequence can be saved and resumed: SkillDialog keeps the
/// generator that picks prompt variations in a conversation's saved state, and a resumed
/// conversation continues the same sequence.
public struct SeededGenerator: RandomNumberGenerator, Codable, Sendable, Equatable {
    /// Everything the generator is: the next draw follows from it alone.
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<n` (n > 0).
    @inline(__always)
    public mutating func index(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A uniform Float in 0..<1.
    @inline(__always)
    public mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
