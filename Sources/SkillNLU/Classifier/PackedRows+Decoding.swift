extension PackedRows {
    /// Zero bytes kept after a table's codes in memory, so that reading a group of codes as one
    /// 8-byte word never reaches past the end (``decode(_:bits:first:groups:into:)``).
    static let padding = 8

    /// Codes a group holds: eight, which fill three bytes at 3 bits and four at 4 bits.
    static let groupSize = 8

    /// The levels of `groups` groups of eight codes, `bits` each (3 or 4), the first being code
    /// `first` of the table at `codes` (packed from the lowest bit up, as a file stores them
    /// and followed by ``padding`` bytes), into `levels[0..<8 × groups]`. A group is read as one
    /// unaligned word, shifted to its first code and spread into eight bytes by shifts and
    /// masks, then offset to levels bytewise: no code is handled alone. Codes past the table's
    /// end read as whatever its padding holds; the caller uses only those it asked for.
    @inline(__always)
    static func decode(_ codes: UnsafePointer<UInt8>, bits: Int, first: Int, groups: Int,
                       into levels: UnsafeMutablePointer<Int8>) {
        let raw = UnsafeRawPointer(codes), out = UnsafeMutableRawPointer(levels)
        var bit = first &* bits
        let step = groupSize &* bits
        if bits == 3 {
            for g in 0..<groups {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self)) &>> UInt64(bit & 7)
                out.storeBytes(of: levels3(word).littleEndian, toByteOffset: g &* 8, as: UInt64.self)
                bit &+= step
            }
        } else {
            for g in 0..<groups {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self)) &>> UInt64(bit & 7)
                out.storeBytes(of: levels4(word).littleEndian, toByteOffset: g &* 8, as: UInt64.self)
                bit &+= step
            }
        }
    }

    /// The eight 3-bit codes in the low 24 bits of `word` as eight level bytes (`code - 3`),
    /// lowest code in the lowest byte: 12 bits to each half, 6 to each quarter, 3 to each byte.
    @inline(__always)
    static func levels3(_ word: UInt64) -> UInt64 {
        let halves = (word & 0xFFF) | (word & 0xFFF000) &<< 20
        let quarters = (halves & 0x0000_003F_0000_003F) | (halves & 0x0000_0FC0_0000_0FC0) &<< 10
        let codes = (quarters & 0x0007_0007_0007_0007) | (quarters & 0x0038_0038_0038_0038) &<< 5
        // code + 0x7D stays below 0x100, and flipping bit 7 then subtracts 0x80 from the codes
        // of 3 and above and adds it to the others, mod 256: code - 3 in each byte.
        return (codes &+ 0x7D7D_7D7D_7D7D_7D7D) ^ 0x8080_8080_8080_8080
    }

    /// The eight 4-bit codes in the low 32 bits of `word` as eight level bytes (`code - 7`).
    @inline(__always)
    static func levels4(_ word: UInt64) -> UInt64 {
        let halves = (word & 0xFFFF) | (word & 0xFFFF_0000) &<< 16
        let quarters = (halves & 0x0000_00FF_0000_00FF) | (halves & 0x0000_FF00_0000_FF00) &<< 8
        let codes = (quarters & 0x000F_000F_000F_000F) | (quarters & 0x00F0_00F0_00F0_00F0) &<< 4
        return (codes &+ 0x7979_7979_7979_7979) ^ 0x8080_8080_8080_8080
    }

    /// Whether any of the first `count` codes of `bits` each in `b` is all ones (7 at 3 bits,
    /// 15 at 4), which no writer produces. A code is all ones when its first bit and the two
    /// (or three) above it are: whole words are tested at once (64 codes in three words at 3
    /// bits, 16 in one at 4), the last few codes one by one. Nothing is stored.
    static func holdsAllOnes(_ b: UnsafeBufferPointer<UInt8>, count: Int, bits: Int) -> Bool {
        guard count > 0, let base = b.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var found: UInt64 = 0
        var at = 0, done = 0
        if bits == 3 {
            // Codes start at bits 0, 3, … 63 of the first word, 2, 5, … 62 of the second and
            // 1, 4, … 61 of the third; a code crossing into the next word takes its low bits.
            while done &+ 64 <= count, at &+ 24 <= b.count {
                let x = word(at), y = word(at &+ 8), z = word(at &+ 16)
                found |= x & (x &>> 1 | y &<< 63) & (x &>> 2 | y &<< 62) & 0x9249_2492_4924_9249
                found |= y & (y &>> 1 | z &<< 63) & (y &>> 2 | z &<< 62) & 0x4924_9249_2492_4924
                found |= z & z &>> 1 & z &>> 2 & 0x2492_4924_9249_2492
                at &+= 24
                done &+= 64
            }
        } else {
            while done &+ 16 <= count, at &+ 8 <= b.count {
                let x = word(at)
                found |= x & x &>> 1 & x &>> 2 & x &>> 3 & 0x1111_1111_1111_1111
                at &+= 8
                done &+= 16
            }
        }
        let mask = (1 << bits) - 1
        for k in done..<count {
            let bit = k &* bits, byte = bit &>> 3
            let pair = Int(b[byte]) | (byte + 1 < b.count ? Int(b[byte &+ 1]) &<< 8 : 0)
            if (pair &>> (bit & 7)) & mask == mask { return true }
        }
        return found != 0
    }
}
