/// A small seeded generator (SplitMix64) for the classifier's initialisation, shuffling and
/// feature dropout.
///
/// `SystemRandomNumberGenerator` cannot be seeded, and the standard library's algorithms may
/// change between releases; this one is defined here so a seed gives the same model on every
/// platform and Swift version.
struct ClassifierRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A float uniform in [0, 1), from the top 24 bits.
    mutating func nextUnit() -> Float {
        Float(next() >> 40) * (1.0 / 16_777_216.0)
    }

    /// A float uniform in [-bound, bound).
    mutating func nextSymmetric(_ bound: Float) -> Float {
        (nextUnit() * 2 - 1) * bound
    }

    /// An integer uniform in 0..<n, by the multiply-shift method (no modulo bias worth naming
    /// for the sizes used here, and no platform-dependent rejection loop).
    mutating func nextIndex(_ n: Int) -> Int {
        Int((UInt64(truncatingIfNeeded: next() >> 32) &* UInt64(n)) >> 32)
    }

    /// Fisher–Yates shuffle with this generator, identical on every platform.
    mutating func shuffle<T>(_ a: inout [T]) {
        var i = a.count - 1
        while i > 0 {
            let j = nextIndex(i + 1)
            a.swapAt(i, j)
            i -= 1
        }
    }
}
