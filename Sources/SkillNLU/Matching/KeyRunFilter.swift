/// A cheap "surely absent" for runs of token keys (``PhraseTrie/key(_:)``) asked of a
/// `Set<[UInt64]>`: a hash of each run the set holds, so that a run whose hash is none of
/// them is known to be absent without building an array and hashing it again for the set.
///
/// The slot rules ask the carrier sets about every edge of every span at up to three lengths,
/// and nearly every answer is no. A hash that is present only lets the set's own lookup go
/// ahead, so the answer is always the set's. An empty filter (``init()``) lets every run
/// through.
struct KeyRunFilter: Sendable {
    /// Hashes of the runs (``hash(_:)``), as keys of a table whose values are unused; nil lets
    /// every run through.
    private let hashes: HashIndex?

    /// A filter that lets every run through: for sets whose filter is not made.
    init() { hashes = nil }

    /// The filter of the runs in `runs`.
    init(_ runs: Set<[UInt64]>) {
        var table = HashIndex(reserving: runs.count)
        for run in runs { _ = table.insertNew(Self.hash(run[...]), 0) }
        hashes = table
    }

    /// False when `run` is surely none of the filter's runs.
    @inline(__always)
    func mayContain(_ run: ArraySlice<UInt64>) -> Bool {
        guard let hashes else { return true }
        return hashes.value(Self.hash(run)) != nil
    }

    /// A hash of a run of keys (themselves hashes of words), its length and its order.
    @inline(__always)
    static func hash(_ run: ArraySlice<UInt64>) -> UInt64 {
        var h = 0xCBF2_9CE4_8422_2325 ^ UInt64(run.count)
        for k in run {
            h = (h ^ k) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
        }
        return h
    }
}
