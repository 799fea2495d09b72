/// The classifier's draws (initialisation, shuffling, feature dropout) from the engine's one
/// seeded generator, ``SeededGenerator``.
///
/// `SystemRandomNumberGenerator` cannot be seeded, and the standard library's algorithms may
/// change between releases; this one is defined here so a seed gives the same model on every
/// platform and Swift version.
extension SeededGenerator {
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
