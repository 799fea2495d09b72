/// The trigram posting lists of an ``EntityIndex``'s keys, built flat: each trigram's keys
/// counted, then written in key order into one range per trigram (in the order the trigrams are
/// first met), so that no list of all (trigram, key) pairs is sorted — a resolver is built the
/// first time a type's value is read, and sorting those pairs was a third of that.
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
        // Each key's distinct trigrams, as the indexes of their lists, and each list's length.
        var index = HashIndex(reserving: keys.count * 4)
        var listLengths: [Int32] = []
        var lists: [Int32] = []
        var counts = [Int32]()
        counts.reserveCapacity(keys.count)
        var grams: [UInt32] = []
        for scalars in keys {
            grams.removeAll(keepingCapacity: true)
            grams.append(contentsOf: EntityIndex.trigrams(scalars))
            Self.sortShort(&grams)
            var distinct = 0
            var previous: UInt32?
            for g in grams where g != previous {
                previous = g
                distinct += 1
                if let at = index.value(UInt64(g)) {
                    listLengths[Int(at)] += 1
                    lists.append(at)
                } else {
                    index.set(UInt64(g), Int32(listLengths.count))
                    lists.append(Int32(listLengths.count))
                    listLengths.append(1)
                }
            }
            counts.append(Int32(distinct))
        }
        var ranges: [Range<Int32>] = []
        ranges.reserveCapacity(listLengths.count)
        var next = [Int32](repeating: 0, count: listLengths.count)
        var start: Int32 = 0
        for (at, length) in listLengths.enumerated() {
            ranges.append(start..<(start + length))
            next[at] = start
            start += length
        }
        // Keys in ascending order, so each list is too.
        var postings = [Int32](repeating: 0, count: lists.count)
        var position = 0
        for (k, count) in counts.enumerated() {
            for _ in 0..<Int(count) {
                let at = Int(lists[position])
                postings[Int(next[at])] = Int32(k)
                next[at] += 1
                position += 1
            }
        }
        self.index = index
        self.ranges = ranges
        self.postings = postings
        self.counts = counts

        let (keyOfRank, lengthStarts) = Self.ranks(lengths: lengths)
        self.keyOfRank = keyOfRank
        rankLengths = keyOfRank.map { lengths[Int($0)] }
        rankCounts = keyOfRank.map { counts[Int($0)] }
        self.lengthStarts = lengthStarts
        // The same lists as ranks: keys taken in rank order, so each list is ascending.
        var firstList = [Int32](repeating: 0, count: keys.count + 1)
        for (k, count) in counts.enumerated() { firstList[k + 1] = firstList[k] + count }
        for (at, range) in ranges.enumerated() { next[at] = range.lowerBound }
        var rankPostings = [Int32](repeating: 0, count: postings.count)
        for (r, k) in keyOfRank.enumerated() {
            for position in Int(firstList[Int(k)])..<Int(firstList[Int(k) + 1]) {
                let at = Int(lists[position])
                rankPostings[Int(next[at])] = Int32(r)
                next[at] += 1
            }
        }
        self.rankPostings = rankPostings
    }

    /// The key of each length rank (keys by length, then index) and ``lengthStarts``: keys
    /// counted by length, then placed in index order.
    private static func ranks(lengths: [Int32]) -> (keyOfRank: [Int32], lengthStarts: [Int32]) {
        let longest = Int(lengths.max() ?? 0)
        var lengthStarts = [Int32](repeating: 0, count: longest + 2)
        for length in lengths { lengthStarts[Int(length) + 1] += 1 }
        for n in 1..<lengthStarts.count { lengthStarts[n] += lengthStarts[n - 1] }
        var place = lengthStarts
        var keyOfRank = [Int32](repeating: 0, count: lengths.count)
        for (k, length) in lengths.enumerated() {
            keyOfRank[Int(place[Int(length)])] = Int32(k)
            place[Int(length)] += 1
        }
        return (keyOfRank, lengthStarts)
    }

    /// Sorts a key's trigrams (a few dozen at most, for all but a few keys): insertion sort,
    /// which beats the standard library's stable sort on such short arrays.
    private static func sortShort(_ a: inout [UInt32]) {
        a.withUnsafeMutableBufferPointer { a in
            guard a.count > 1 else { return }
            for i in 1..<a.count {
                let v = a[i]
                var j = i
                while j > 0, a[j - 1] > v {
                    a[j] = a[j - 1]
                    j -= 1
                }
                a[j] = v
            }
        }
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
