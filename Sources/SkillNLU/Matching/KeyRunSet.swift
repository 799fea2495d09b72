/// A set of runs of token keys (``PhraseTrie/key(_:)``), kept flat: the keys of every run one
/// after another, and a table of the runs by their hash (``hash(_:)``) probed linearly. A run is found by its hash and then compared key by key, so the set is exact.
///
/// An intent's carrier phrases (``SampleCarriers/Phrases/inner``) are every run of up to six
/// words of every text of its samples: tens of thousands for a large intent, gathered the first
/// time an utterance of the intent has a slot to read. In a `Set<[UInt64]>` each run was an
/// array of its own, allocated and hashed with SipHash; here it is a few keys appended to one
/// array and one multiplication, and a lookup makes no array either.
struct KeyRunSet: Sendable, Equatable {
    private struct Run: Sendable {
        var hash: UInt64
        var start: Int32
        var length: Int32
    }

    private var keys: [UInt64] = []
    private var runs: [Run] = []
    /// One more than the index of the run in each slot; 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 16)

    init() {}

    /// The set of `runs`.
    init(_ runs: some Sequence<[UInt64]>) {
        for run in runs { insert(run[...]) }
    }

    var count: Int { runs.count }
    var isEmpty: Bool { runs.isEmpty }

    /// Adds `run`; false when it was there already.
    @discardableResult
    mutating func insert(_ run: ArraySlice<UInt64>) -> Bool {
        let hash = Self.hash(run)
        if find(run, hash: hash) != nil { return false }
        if (runs.count + 1) * 2 > slots.count { grow() }
        runs.append(Run(hash: hash, start: Int32(keys.count), length: Int32(run.count)))
        keys.append(contentsOf: run)
        place(runs.count - 1)
        return true
    }

    /// Whether `run` is in the set.
    func contains(_ run: ArraySlice<UInt64>) -> Bool { find(run, hash: Self.hash(run)) != nil }

    /// Whether `run` is in the set.
    func contains(_ run: [UInt64]) -> Bool { contains(run[...]) }

    /// The keys of the runs of one key, in the order they were added.
    var oneKeyRuns: [UInt64] { runs.filter { $0.length == 1 }.map { keys[Int($0.start)] } }

    /// Whether both hold the same runs, in whatever order they were added.
    static func == (a: KeyRunSet, b: KeyRunSet) -> Bool {
        a.count == b.count && a.runs.allSatisfy { b.contains(a.keys(of: $0)) }
    }

    private func find(_ run: ArraySlice<UInt64>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var i = Self.home(hash, mask: mask)
        while slots[i] != 0 {
            let index = Int(slots[i]) - 1
            let candidate = runs[index]
            if candidate.hash == hash, Int(candidate.length) == run.count, keys(of: candidate).elementsEqual(run) {
                return index
            }
            i = (i + 1) & mask
        }
        return nil
    }

    private func keys(of run: Run) -> ArraySlice<UInt64> {
        keys[Int(run.start)..<Int(run.start + run.length)]
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var i = Self.home(runs[index].hash, mask: mask)
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Int32(index + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for index in runs.indices { place(index) }
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

    @inline(__always)
    private static func home(_ hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
