/// Little-endian reading of a bundled resource's bytes (a language pack, a word-cluster table)
/// with bounds checks: reading past the end throws the resource's own `truncated` error.
struct ResourceReader<Failure: Error> {
    let bytes: [UInt8]
    var offset = 0
    /// What a read past the end throws.
    let truncated: Failure

    init(_ bytes: [UInt8], truncated: Failure) {
        self.bytes = bytes
        self.truncated = truncated
    }

    mutating func take(_ n: Int) throws(Failure) -> ArraySlice<UInt8> {
        guard n >= 0, n <= bytes.count - offset else { throw truncated }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    mutating func uint16() throws(Failure) -> UInt16 {
        let b = try take(2)
        return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
    }

    mutating func uint32() throws(Failure) -> UInt32 {
        let b = try take(4)
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[b.startIndex + $1]) << (8 * $1) }
    }

    /// `count` 32-bit floats.
    mutating func float32s(_ count: Int) throws(Failure) -> [Float] {
        let b = try take(count * 4)
        return (0..<count).map { i in
            let at = b.startIndex + 4 * i
            return Float(bitPattern: UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24)
        }
    }
}
