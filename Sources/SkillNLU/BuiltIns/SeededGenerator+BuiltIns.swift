/// The built-in value generators' draws, from the engine's one seeded generator
/// (``SeededGenerator``): the same seed gives the same training fillers on every machine and
/// every run.
extension SeededGenerator {
    /// A uniform integer in `0..<n` (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
