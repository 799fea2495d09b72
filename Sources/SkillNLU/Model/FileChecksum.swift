/// The checksum of model files from format version 2 on: four independent multiply–xor lanes
/// over 64-bit little-endian words, then the lanes and the length combined.
///
/// Format 1 used byte-wise FNV-1a, one multiplication per byte in a single dependency chain:
/// about 4 ms for a 3 MB file, more than the rest of loading. Here one multiplication covers
/// eight bytes and four run side by side. Any change within one 64-bit word (every flipped
/// bit, every changed byte) is still always caught: each step `(state ^ word) · odd` is a
/// bijection of the word and of the state, and the final combination is a bijection of each
/// lane, so the result differs.
enum FileChecksum {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        var c: UInt64 = 0xA409_3822_299F_31D0, d: UInt64 = 0x082E_FA98_EC4E_6C89
        let n = raw.count
        var i = 0
        @inline(__always) func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        while i + 32 <= n {
            a = (a ^ word(i)) &* multiplier
            b = (b ^ word(i + 8)) &* multiplier
            c = (c ^ word(i + 16)) &* multiplier
            d = (d ^ word(i + 24)) &* multiplier
            i += 32
        }
        while i + 8 <= n {
            a = (a ^ word(i)) &* multiplier
            i += 8
        }
        while i < n {
            a = (a ^ UInt64(raw[i])) &* multiplier
            i += 1
        }
        var h = StableHash.combine(UInt64(n), a)
        h = StableHash.combine(h, b)
        h = StableHash.combine(h, c)
        return StableHash.combine(h, d)
    }
}
