import CInt8Products

extension PackedRows {
    /// Zero bytes kept after a table's codes in memory, so that reading a group of codes as one
    /// 8-byte word never reaches past the end (``decode3(_:first:groups:into:)``).
    static let padding = 8

    /// Codes a group holds: eight, which fill three bytes at 3 bits.
    static let groupSize = 8

    /// The levels of `groups` groups of eight 3-bit codes, the first being code `first` of the
    /// table at `codes` (packed from the lowest bit up, as a file stores them and followed by
    /// ``padding`` bytes), into `levels[0..<8 × groups]`. A group is read as one unaligned word,
    /// shifted to its first code and spread into eight bytes by shifts and masks, then offset to
    /// levels bytewise: no code is handled alone. Codes past the table's end read as whatever
    /// its padding holds; the caller uses only those it asked for.
    @inline(__always)
    static func decode3(_ codes: UnsafePointer<UInt8>, first: Int, groups: Int, into levels: UnsafeMutablePointer<Int8>) {
        let raw = UnsafeRawPointer(codes), out = UnsafeMutableRawPointer(levels)
        var bit = first &* 3
        for g in 0..<groups {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self)) &>> UInt64(bit & 7)
            out.storeBytes(of: levels3(spread3(word)).littleEndian, toByteOffset: g &* 8, as: UInt64.self)
            bit &+= groupSize &* 3
        }
    }

    /// The eight 3-bit codes in the low 24 bits of `word`, one a byte, lowest code in the lowest
    /// byte: 12 bits to each half, 6 to each quarter, 3 to each byte.
    @inline(__always)
    static func spread3(_ word: UInt64) -> UInt64 {
        let halves = (word & 0xFFF) | (word & 0xFFF000) &<< 20
        let quarters = (halves & 0x0000_003F_0000_003F) | (halves & 0x0000_0FC0_0000_0FC0) &<< 10
        return (quarters & 0x0007_0007_0007_0007) | (quarters & 0x0038_0038_0038_0038) &<< 5
    }

    /// Eight codes a byte (``spread3(_:)``) as eight level bytes, `code - 3` each.
    @inline(__always)
    static func levels3(_ codes: UInt64) -> UInt64 {
        // code + 0x7D stays below 0x100, and flipping bit 7 then subtracts 0x80 from the codes
        // of 3 and above and adds it to the others, mod 256: code - 3 in each byte.
        (codes &+ 0x7D7D_7D7D_7D7D_7D7D) ^ 0x8080_8080_8080_8080
    }

    /// Whether any of the first `count` 3-bit codes in `b` is 7, which no writer produces: a
    /// code is 7 when its first bit and the two above it are set, tested 64 codes a word
    /// (``snlu_packed3_holds_sevens``, four words an instruction where AVX2 is present) and the
    /// last few codes one by one. Nothing is stored.
    static func holdsSevens(_ b: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        guard count > 0, let base = b.baseAddress else { return false }
        return snlu_packed3_holds_sevens(base, count, b.count) != 0
    }
}
