/// The trigram posting lists of an ``EntityIndex``'s keys, built flat: (trigram, key) pairs
/// sorted, then cut into one range per trigram.
struct TrigramPostings {
    /// Trigram hash → index into ``ranges``.
    var index: HashIndex
    /// Per trigram, the range of ``postings`` listing the keys that contain it.
    var ranges: [Range<Int32>]
    var postings: [Int32]
    /// The same lists (same ranges), each ordered by key length, then key.
    var byLength: [Int32]
    /// Number of distinct trigrams of each key.
    var counts: [Int32]

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
        var byLength = postings
        for range in ranges where range.count > 1 {
            byLength[Int(range.lowerBound)..<Int(range.upperBound)].sort { a, b in
                lengths[Int(a)] != lengths[Int(b)] ? lengths[Int(a)] < lengths[Int(b)] : a < b
            }
        }
        self.byLength = byLength
    }
}

extension EntityIndex {
    /// Hashes of the character trigrams of a key padded with spaces.
    static func trigrams(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        let padded: [UInt32] = [32] + scalars.map(\.value) + [32]
        guard padded.count >= 3 else { return [] }
        var out: [UInt32] = []
        out.reserveCapacity(padded.count - 2)
        for i in 0..<(padded.count - 2) {
            var h: UInt32 = 2_166_136_261
            for s in padded[i..<(i + 3)] { h = (h ^ s) &* 16_777_619 }
            out.append(h)
        }
        return out
    }
}
