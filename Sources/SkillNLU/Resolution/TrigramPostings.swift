/// The trigram posting lists of an ``EntityIndex``'s keys, built flat: (trigram, key) pairs
/// sorted, then cut into one range per trigram.
///
/// Besides its index, each key has a *length rank*: its place among all keys ordered by
/// length, then index. The keys a fuzzy search may match have lengths in a window, so their
/// ranks form one run, and the same lists written as ranks (``rankPostings``) are each
/// ordered by rank: the search cuts every list to that run by binary search over the ranks
/// themselves, and counts shared trigrams in an array as long as the run rather than one entry
/// per key of the type.
struct TrigramPostings {
    /// Trigram hash → index into ``ranges``.
    var index: HashIndex
    /// Per trigram, the range of ``postings`` (and of ``rankPostings``) listing the keys that
    /// contain it.
    var ranges: [Range<Int32>]
    /// Each list as key indices, ascending.
    var postings: [Int32]
    /// Each list (same ranges) as length ranks, ascending.
    var rankPostings: [Int32]
    /// Number of distinct trigrams of each key.
    var counts: [Int32]
    /// The key of each length rank.
    var keyOfRank: [Int32]
    /// The length of the key of each rank, and its number of distinct trigrams.
    var rankLengths: [Int32]
    var rankCounts: [Int32]
    /// `lengthStarts[n]`: the first rank whose key has `n` scalars or more, for `n` up to one
    /// past the longest key (where it is the number of keys).
    var lengthStarts: [Int32]

    /// The postings of `keys` (each key's scalars), whose lengths are `lengths`.
    init(keys: [[Unicode.Scalar]], lengths: [Int32]) {
        var pairs: [UInt64] = []
        var counts = [Int32](), postings = [Int32]()
        for (k, scalars) in keys.enumerated() {
            var grams = EntityIndex.trigrams(scalars)
            grams.sort()
            var distinct = 0
            var previous: UInt32?
            for g in grams where g != previous {
                pairs.append(UInt64(g) << 32 | UInt64(k))
                previous = g
                distinct += 1
            }
            counts.append(Int32(distinct))
        }
        pairs.sort()
        var ranges: [Range<Int32>] = []
        var gramIndex = HashIndex()
        postings.reserveCapacity(pairs.count)
        var start = 0
        while start < pairs.count {
            let gram = UInt32(pairs[start] >> 32)
            var end = start
            while end < pairs.count && UInt32(pairs[end] >> 32) == gram {
                postings.append(Int32(truncatingIfNeeded: pairs[end] & 0xFFFF_FFFF))
                end += 1
            }
            gramIndex.set(UInt64(gram), Int32(ranges.count))
            ranges.append(Int32(start)..<Int32(end))
            start = end
        }
        index = gramIndex
        self.ranges = ranges
        self.postings = postings
        self.counts = counts

        let keyOfRank = lengths.indices.sorted { a, b in lengths[a] != lengths[b] ? lengths[a] < lengths[b] : a < b }
            .map(Int32.init)
        var rankOfKey = [Int32](repeating: 0, count: keys.count)
        for (r, k) in keyOfRank.enumerated() { rankOfKey[Int(k)] = Int32(r) }
        self.keyOfRank = keyOfRank
        rankLengths = keyOfRank.map { lengths[Int($0)] }
        rankCounts = keyOfRank.map { counts[Int($0)] }
        let longest = Int(lengths.max() ?? 0)
        var lengthStarts = [Int32](repeating: 0, count: longest + 2)
        var r = 0
        for n in lengthStarts.indices {
            while r < rankLengths.count && Int(rankLengths[r]) < n { r += 1 }
            lengthStarts[n] = Int32(r)
        }
        self.lengthStarts = lengthStarts
        var rankPostings = postings.map { rankOfKey[Int($0)] }
        for range in ranges where range.count > 1 {
            rankPostings[Int(range.lowerBound)..<Int(range.upperBound)].sort()
        }
        self.rankPostings = rankPostings
    }
}

extension EntityIndex {
    /// Hashes of the character trigrams of a key padded with spaces.
    static func trigrams(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        guard !scalars.isEmpty else { return [] }
        return [UInt32](unsafeUninitializedCapacity: scalars.count) { out, count in
            scalars.withUnsafeBufferPointer { trigrams($0, into: out) }
            count = scalars.count
        }
    }

    /// Writes the hashes of the trigrams of `scalars` (not empty) padded with a space either
    /// side — one per scalar — into `out`, which has room for them; the padding is read in
    /// place, not copied.
    @inline(__always)
    static func trigrams(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, into out: UnsafeMutableBufferPointer<UInt32>) {
        let n = scalars.count
        func padded(_ i: Int) -> UInt32 { i == 0 || i == n + 1 ? 32 : scalars[i - 1].value }
        for i in 0..<n {
            var h: UInt32 = 2_166_136_261
            h = (h ^ padded(i)) &* 16_777_619
            h = (h ^ padded(i + 1)) &* 16_777_619
            h = (h ^ padded(i + 2)) &* 16_777_619
            out[i] = h
        }
    }
}
