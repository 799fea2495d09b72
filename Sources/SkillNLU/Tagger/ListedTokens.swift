/// The token keys of a type's listed forms (``SlotTypeKey/listedTokens``), also in ascending
/// order for ``contains(_:)``: a decode asks about every token for every slot with an
/// ``UnlistedValuePrior`` (hundreds of times an utterance for ATIS's dozens of such slots),
/// and hashing a key for the `Set` cost several times a binary search.
///
/// Most words of an utterance are in no list of a given type, so a bit per key (of 2,048,
/// by a hash of the key) answers most questions before the search: a clear bit means no
/// listed key has that hash, a set one leaves the search to decide.
struct ListedTokens: Sendable, Hashable {
    private let sorted: [UInt64]
    private let filter: [UInt64]

    /// The filter's length in 64-bit words.
    static let filterWords = 32

    /// Word `index` of the filter (`bit(of:)` >> 6 picks a key's word): a caller asking about
    /// one key for many types can read their words side by side
    /// (``UnlistedPenaltyColumns``). Zero for no listed tokens.
    func filterWord(_ index: Int) -> UInt64 { filter.isEmpty ? 0 : filter[index] }

    init(_ keys: Set<UInt64>) {
        self.init(sorted: keys.sorted())
    }

    /// The listed tokens `sorted`, which must be ascending and distinct (as
    /// ``UnlistedValuePrior/listedTokens(schema:penalties:)`` gives them).
    init(sorted: [UInt64]) {
        self.sorted = sorted
        var filter = [UInt64](repeating: 0, count: sorted.isEmpty ? 0 : Self.filterWords)
        for key in sorted {
            let bit = Self.bit(of: key)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.filter = filter
    }

    /// The listed tokens as a set (for callers that ask which they are, not whether one is).
    var keys: Set<UInt64> { Set(sorted) }

    /// How many tokens are listed.
    var count: Int { sorted.count }

    /// Which of the filter's bits `key` sets: the top bits of a multiplicative hash, so that
    /// keys differing anywhere spread over the filter. A caller asking about one key for many
    /// types works it out once (``contains(_:bit:)``).
    @inline(__always)
    static func bit(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 53)
    }

    /// Whether `key` is one of ``keys``.
    @inline(__always)
    func contains(_ key: UInt64) -> Bool { contains(key, bit: Self.bit(of: key)) }

    /// ``contains(_:)`` given the key's ``bit(of:)``.
    @inline(__always)
    func contains(_ key: UInt64, bit: Int) -> Bool {
        guard !filter.isEmpty else { return false }
        if filter[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        return sorted.withUnsafeBufferPointer { keys in
            var low = 0, count = keys.count
            while count > 0 {
                let half = count / 2
                if keys[low + half] < key {
                    low += half + 1
                    count -= half + 1
                } else {
                    count = half
                }
            }
            return low < keys.count && keys[low] == key
        }
    }
}
