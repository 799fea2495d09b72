/// Unsigned LEB128 numbers for the compiled parts of a model file (trie nodes, sample paths):
/// most are small, so a byte or two each instead of eight keeps the file within its budget.
struct VarintWriter {
    private(set) var bytes: [UInt8] = []

    mutating func put(_ value: Int) {
        precondition(value >= 0, "varints are non-negative")
        LEB128.append(UInt64(value), to: &bytes)
    }
}

/// Unsigned LEB128, the varint of every compact part of a model file: seven bits a byte, lowest
/// first, the high bit set on every byte but the last.
enum LEB128 {
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// One number from the bytes `next` hands out; longer than 63 bits is refused as corrupt
    /// (`part` says where).
    static func read(part: String, _ next: () throws -> UInt8) throws -> UInt64 {
        var v: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard shift < 63 else { throw ModelFileError.corrupt("a number too large in \(part)") }
            let byte = try next()
            v |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return v }
            shift += 7
        }
    }
}

/// Reads what a ``VarintWriter`` wrote, refusing numbers beyond a bound the caller gives.
struct VarintReader {
    private let bytes: [UInt8]
    private var at: Int
    /// Where the numbers end in `bytes` (exclusive).
    private let end: Int
    private let part: String

    init(_ bytes: [UInt8], part: String) {
        self.init(bytes, range: bytes.indices, part: part)
    }

    /// A reader of the numbers in `range` of `bytes`, sharing their storage (no copy).
    init(_ bytes: [UInt8], range: Range<Int>, part: String) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range of the bytes")
        self.bytes = bytes
        self.at = range.lowerBound
        self.end = range.upperBound
        self.part = part
    }

    var isAtEnd: Bool { at == end }

    /// The next number, which must be in `lower...upper` (nothing is, when `upper < lower`).
    /// Inlined into the loops that decode a trie node by node; a number of more than two
    /// bytes and every error take the out-of-line path.
    @inline(__always)
    mutating func next(_ lower: Int, _ upper: Int) throws -> Int {
        // Most numbers fit one byte: read those without the general loop.
        if at < end {
            let v = Int(bytes[at])
            if v < 0x80 {
                if v >= lower, v <= upper {
                    at += 1
                    return v
                }
            } else if at + 1 < end, bytes[at + 1] < 0x80 {
                // Two bytes: node distances and word indexes in the thousands.
                let w = v & 0x7F | Int(bytes[at + 1]) << 7
                if w >= lower, w <= upper {
                    at += 2
                    return w
                }
            }
        }
        return try nextInGeneral(lower, upper)
    }

    /// ``next(_:_:)`` for a number of any length, or one out of range.
    @inline(never)
    private mutating func nextInGeneral(_ lower: Int, _ upper: Int) throws -> Int {
        let v = try LEB128.read(part: part) {
            guard at < end else { throw ModelFileError.truncated(part: part) }
            defer { at += 1 }
            return bytes[at]
        }
        guard v <= UInt64(Int.max), Int(v) >= lower, Int(v) <= upper else {
            throw ModelFileError.corrupt("a number out of range in \(part)")
        }
        return Int(v)
    }
}

extension BinaryWriter {
    mutating func write(_ keys: [UInt64]) {
        write(keys.count)
        keys.withUnsafeBytes { write(bytes: Array($0)) }
    }
}

extension BinaryReader {
    /// The varints of a length-prefixed blob (what `write(bytes:)` wrote of a ``VarintWriter``'s
    /// bytes), read where they lie: a trie's tables are decoded straight from the section.
    mutating func readVarints(part: String) throws -> VarintReader {
        VarintReader(storage, range: try readByteRange(), part: part)
    }

    mutating func readUInt64s() throws -> [UInt64] {
        let n = try readCount(minimumBytesEach: 8)
        let range = try readByteRange()
        guard range.count == n * 8 else { throw ModelFileError.corrupt("a table of 64-bit keys in \(part)") }
        return withBytes(in: range) { raw in
            [UInt64](unsafeUninitializedCapacity: n) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(raw))
                for i in 0..<n { buffer[i] = UInt64(littleEndian: buffer[i]) }
                initialized = n
            }
        }
    }
}

/// A reader of bounded varints: ``VarintReader``, or ``RawVarints`` over bytes that stay put.
protocol BoundedVarints {
    /// The next number, which must be in `lower...upper`.
    mutating func next(_ lower: Int, _ upper: Int) throws -> Int
    /// Whether every number has been read.
    var isAtEnd: Bool { get }
}

extension VarintReader: BoundedVarints {}

/// Varints read straight from bytes that stay where they are while they are read (one table of
/// a trie being loaded), bounded as ``VarintReader`` bounds them, with no array to hold.
struct RawVarints: BoundedVarints {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// What errors call the table (`the compiled samples`, `the gazetteer`).
    private let part: String

    init(_ bytes: UnsafeBufferPointer<UInt8>, part: String) {
        self.bytes = bytes
        self.part = part
    }

    var isAtEnd: Bool { at == bytes.count }

    /// The next number, which must be in `lower...upper`; one of one or two bytes is read
    /// inline, anything else and every error out of line.
    @inline(__always)
    mutating func next(_ lower: Int, _ upper: Int) throws -> Int {
        if at &+ 1 < bytes.count {
            let v = Int(bytes[at])
            if v < 0x80 {
                if v >= lower, v <= upper {
                    at &+= 1
                    return v
                }
            } else if bytes[at &+ 1] < 0x80 {
                let w = v & 0x7F | Int(bytes[at &+ 1]) << 7
                if w >= lower, w <= upper {
                    at &+= 2
                    return w
                }
            }
        }
        return try nextInGeneral(lower, upper)
    }

    @inline(never)
    private mutating func nextInGeneral(_ lower: Int, _ upper: Int) throws -> Int {
        let v = try LEB128.read(part: part) {
            guard at < bytes.count else { throw ModelFileError.truncated(part: part) }
            defer { at += 1 }
            return bytes[at]
        }
        guard v <= UInt64(Int.max), Int(v) >= lower, Int(v) <= upper else {
            throw ModelFileError.corrupt("a number out of range in \(part)")
        }
        return Int(v)
    }
}
