/// Deterministic 64-bit hashing for features and phrase lookups.
///
/// Swift's `Hasher` is seeded per process, so anything stored in a model file (hashed feature
/// ids, trie keys) uses this FNV-1a variant instead: the same text hashes to the same value on
/// every run and every platform.
package enum StableHash {
    public static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a over the UTF-8 bytes of `s`, continuing from `seed`.
    @inline(__always)
    public static func hash(_ s: String, seed: UInt64 = offset) -> UInt64 {
        var h = seed
        s.withUTF8Bytes { buf in
            for b in buf { h = (h ^ UInt64(b)) &* prime }
        }
        return h
    }

    /// FNV-1a over raw bytes, continuing from `seed`.
    @inline(__always)
    public static func hash<S: Sequence>(bytes: S, seed: UInt64 = offset) -> UInt64 where S.Element == UInt8 {
        var h = seed
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    /// Combines two hashes into one (order matters), with good mixing of the high bits.
    @inline(__always)
    public static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var x = a &+ 0x9e37_79b9_7f4a_7c15 &+ (b &* 0xbf58_476d_1ce4_e5b9)
        x = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
        x = (x ^ (x >> 27)) &* 0x94d0_49bb_1331_11eb
        return x ^ (x >> 31)
    }
}
