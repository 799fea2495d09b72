/// The token keys of a type's listed forms (``SlotTypeKey/listedTokens``), also in ascending
/// order for ``contains(_:)``: a decode asks about every token for every slot with an
/// ``UnlistedValuePrior`` (hundreds of times an utterance for ATIS's dozens of such slots),
/// and hashing a key for the `Set` cost several times a binary search.
struct ListedTokens: Sendable, Hashable {
    let keys: Set<UInt64>
    private let sorted: [UInt64]

    init(_ keys: Set<UInt64>) {
        self.keys = keys
        sorted = keys.sorted()
    }

    /// Whether `key` is one of ``keys``.
    @inline(__always)
    func contains(_ key: UInt64) -> Bool {
        sorted.withUnsafeBufferPointer { keys in
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
