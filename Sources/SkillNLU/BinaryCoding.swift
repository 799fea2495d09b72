import Foundation

/// Appends little-endian values to a byte buffer; the model file is made of these.
///
/// Each pipeline unit (tokenizer settings, classifier, tagger, resolver) writes itself with a
/// ``BinaryWriter`` and reads itself back with a ``BinaryReader``, so a unit can be persisted
/// on its own and the model file is just their concatenation behind a header.
package struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ v: UInt8) { bytes.append(v) }
    public mutating func write(_ v: Bool) { bytes.append(v ? 1 : 0) }
    public mutating func write(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func write(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    public mutating func write(_ v: Int) { write(UInt64(bitPattern: Int64(v))) }
    public mutating func write(_ v: Float) { write(v.bitPattern) }
    public mutating func write(_ v: Double) { write(v.bitPattern) }

    public mutating func write(_ s: String) {
        let utf8 = Array(s.utf8)
        write(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    public mutating func write(_ s: String?) {
        write(s != nil)
        if let s { write(s) }
    }

    /// Appends bytes as they are, with no length in front (the caller wrote it).
    mutating func append(raw more: some Sequence<UInt8>) { bytes.append(contentsOf: more) }

    /// Appends a non-negative number as a LEB128 varint (one byte below 128).
    mutating func writeVarint(_ v: Int) {
        precondition(v >= 0, "varints are non-negative")
        LEB128.append(UInt64(v), to: &bytes)
    }

    public mutating func write(_ strings: [String]) {
        write(strings.count)
        for s in strings { write(s) }
    }

    public mutating func write(_ floats: [Float]) {
        write(floats.count)
        floats.withUnsafeBytes { raw in
            // Little-endian hosts (every platform Swift runs on today) copy the array as is.
            bytes.append(contentsOf: raw)
        }
    }

    public mutating func write(_ ints: [Int32]) {
        write(ints.count)
        ints.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ ints: [Int]) {
        write(ints.count)
        for v in ints { write(v) }
    }

    public mutating func write(bytes more: [UInt8]) {
        write(more.count)
        bytes.append(contentsOf: more)
    }
}

/// Why a model file (or one of its parts) could not be read.
public enum ModelFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file ended before the part being read did.
    case truncated(part: String)
    /// A value is out of its legal range: the file is corrupt.
    case corrupt(String)
    /// The file does not start with SkillNLU's magic bytes.
    case notAModelFile
    /// The file was written by a newer SkillNLU.
    case newerFormat(found: UInt32, supported: UInt32)
    /// The checksum over the body does not match: the file was changed or damaged.
    case checksumMismatch
    /// The model reads utterances through a language pack this SkillNLU does not ship.
    case missingLanguagePack(String)
    /// The shipped language pack of that name is not the one the model was trained with.
    case differentLanguagePack(String)
    /// The model's slot tagger reads word clusters (``WordClusters``) this SkillNLU does not
    /// ship or cannot find (named).
    case missingWordClusters(String)
    /// The shipped word clusters of that name are not the ones the model was trained with.
    case differentWordClusters(String)
    /// The model reads utterances through a sentence encoder (``EncoderIntentHead``) that this
    /// SkillNLU does not ship (named).
    case missingEncoder(String)
    /// The model was trained with another version of the named sentence encoder.
    case differentEncoder(String)
    /// A section every model has is missing (named with its tag): the file was damaged or
    /// written by another program.
    case missingSection(String)
    /// A section's layout is newer than this SkillNLU reads: the file was written by a newer one.
    case newerSection(String, found: UInt16, supported: UInt16)
    /// The file has a section this SkillNLU does not know (its tag) and may not skip.
    case unknownRequiredSection(String)
    /// The checksum of one section (named with its tag) does not match its contents.
    case sectionChecksumMismatch(String)

    public var description: String {
        switch self {
        case .truncated(let part): return "the model file is truncated (it ends inside \(part)); train it again with nlu-train"
        case .corrupt(let what): return "the model file is corrupt (\(what)); train it again with nlu-train"
        case .notAModelFile: return "not a SkillNLU model file (wrong magic bytes); give a file written by nlu-train"
        case .newerFormat(let found, let supported):
            return "the model file has format version \(found), newer than this SkillNLU reads (\(supported)); upgrade SkillNLU or train the model again with this version"
        case .missingLanguagePack(let name):
            return "the model was trained with the language pack '\(name)', which this SkillNLU does not ship or cannot find "
                + "(SkillNLU_SkillNLU.resources beside the executable, or the folder SKILLNLU_LANGUAGE_PACKS names); "
                + "install the tool with its resources or train the model again without a pack"
        case .differentLanguagePack(let name):
            return "the model was trained with another version of the language pack '\(name)'; train it again with this version"
        case .missingWordClusters(let name):
            return "the model was trained with the word clusters '\(name)', which this SkillNLU does not ship or cannot find "
                + "(SkillNLU_SkillNLU.resources beside the executable, or the folder SKILLNLU_LANGUAGE_PACKS names); "
                + "install the tool with its resources or train the model again without clusters"
        case .differentWordClusters(let name):
            return "the model was trained with another version of the word clusters '\(name)'; train it again with this version"
        case .missingEncoder(let name):
            return "the model needs the sentence encoder '\(name)', which this SkillNLU does not ship; train it again without the contextual head"
        case .differentEncoder(let name):
            return "the model was trained with another version of the sentence encoder '\(name)'; train it again with this version"
        case .missingSection(let what):
            return "the model file has no \(what), which every model needs: it was damaged or not written by nlu-train; train it again with nlu-train"
        case .newerSection(let what, let found, let supported):
            return "the model file's \(what) has layout version \(found), newer than this SkillNLU reads (\(supported)); "
                + "update SkillNLU, or train the model again with this version's nlu-train"
        case .unknownRequiredSection(let tag):
            return "the model file has a section this SkillNLU does not know and cannot skip (\(tag)): it was written by a newer SkillNLU; "
                + "update SkillNLU, or train the model again with this version's nlu-train"
        case .sectionChecksumMismatch(let what):
            return "the checksum of the model file's \(what) does not match its contents: it was damaged or changed; train it again with nlu-train"
        case .checksumMismatch: return "the model file's checksum does not match its contents: it was damaged or changed; train it again with nlu-train"
        }
    }
}

/// Refuses weight tables no training writes: a value that is not finite, or larger in
/// magnitude than half precision's largest finite value (65,504). Trained weights stay within a
/// few units, so only a damaged file gets here, and letting it through would turn scores into
/// NaN or infinity — a wrong answer instead of an error.
func checkWeights(_ tables: [(name: String, values: [Float])], in part: String) throws {
    for table in tables where !allPlausible(table.values) {
        throw ModelFileError.corrupt("\(part)'s \(table.name) holds a weight that is not a finite number of plausible size")
    }
}

/// Whether every value's magnitude is at most 65,504 (which NaN and the infinities fail too),
/// checked without an early exit so that the loop vectorizes: loading runs it over every
/// weight of a model.
private func allPlausible(_ values: [Float]) -> Bool {
    values.withUnsafeBufferPointer { buffer in
        var implausible: UInt32 = 0
        for v in buffer { implausible |= v.magnitude <= 65_504 ? 0 : 1 }
        return implausible == 0
    }
}

/// Reads what a ``BinaryWriter`` wrote, checking every length against what is left.
package struct BinaryReader {
    private let bytes: [UInt8]
    public private(set) var offset: Int
    /// Where reading stops (exclusive).
    private let end: Int
    /// Names the part being read, for error messages.
    public var part: String = "the header"

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
        self.end = bytes.count
    }

    /// A reader of `range` of `bytes` only, sharing their storage (no copy).
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    public var remaining: Int { end - offset }

    /// Reads a length-prefixed blob like ``readBytes()`` but returns where it is instead of a
    /// copy: large parts of a model file are read in place.
    mutating func readByteRange() throws -> Range<Int> {
        let n = try readCount()
        guard n <= remaining else { throw ModelFileError.truncated(part: part) }
        defer { offset += n }
        return offset..<(offset + n)
    }

    /// Where the next `n` bytes lie (no copy); the reader moves past them.
    mutating func readRange(length n: Int) throws -> Range<Int> {
        guard n >= 0, n <= remaining else { throw ModelFileError.truncated(part: part) }
        defer { offset += n }
        return offset..<(offset + n)
    }

    /// Where the rest of the bytes lie (no copy); the reader is then at its end.
    mutating func readRemainingRange() -> Range<Int> {
        defer { offset = end }
        return offset..<end
    }

    /// A reader of a blob found by ``readByteRange()``.
    func reader(of range: Range<Int>) -> BinaryReader {
        var r = BinaryReader(bytes, range: range)
        r.part = part
        return r
    }

    /// The array being read, shared (no copy): a large blob found by ``readByteRange()`` may be
    /// kept in place.
    var storage: [UInt8] { bytes }

    /// Calls `body` with the bytes of `range`.
    func withBytes<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    private mutating func take(_ n: Int) throws -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw ModelFileError.truncated(part: part) }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    public mutating func readUInt8() throws -> UInt8 { try take(1).first! }
    public mutating func readBool() throws -> Bool {
        let b = try readUInt8()
        guard b <= 1 else { throw ModelFileError.corrupt("a flag in \(part) is \(b)") }
        return b == 1
    }
    public mutating func readUInt32() throws -> UInt32 {
        let s = try take(4)
        var v: UInt32 = 0
        for (k, b) in s.enumerated() { v |= UInt32(b) << (8 * UInt32(k)) }
        return v
    }
    public mutating func readUInt64() throws -> UInt64 {
        let s = try take(8)
        var v: UInt64 = 0
        for (k, b) in s.enumerated() { v |= UInt64(b) << (8 * UInt64(k)) }
        return v
    }
    public mutating func readInt() throws -> Int { Int(Int64(bitPattern: try readUInt64())) }
    public mutating func readFloat() throws -> Float { Float(bitPattern: try readUInt32()) }
    public mutating func readDouble() throws -> Double { Double(bitPattern: try readUInt64()) }

    /// Reads a count and checks that at least `count * minimumBytesEach` bytes are left, so a
    /// corrupt count cannot make us allocate gigabytes.
    public mutating func readCount(minimumBytesEach: Int = 1) throws -> Int {
        let n = try readInt()
        guard n >= 0, n <= remaining / max(1, minimumBytesEach) else {
            if n < 0 { throw ModelFileError.corrupt("a negative length in \(part)") }
            throw ModelFileError.truncated(part: part)
        }
        return n
    }

    public mutating func readString() throws -> String {
        try readString(length: try readCount())
    }

    /// The next `n` bytes as UTF-8 text (the length read by the caller).
    mutating func readString(length n: Int) throws -> String {
        let s = try take(n)
        let str: String? = s.withUnsafeBufferPointer { buffer in
            // Nearly all text in a model is ASCII, which is valid UTF-8 as it stands and is
            // copied without the general validator's per-character work.
            var high: UInt8 = 0
            for b in buffer { high |= b }
            if high < 0x80 { return String(decoding: buffer, as: UTF8.self) }
            return String(validating: buffer, as: UTF8.self)
        }
        guard let str else {
            throw ModelFileError.corrupt("invalid UTF-8 text in \(part)")
        }
        return str
    }

    public mutating func readOptionalString() throws -> String? {
        try readBool() ? try readString() : nil
    }

    public mutating func readStrings() throws -> [String] {
        let n = try readCount(minimumBytesEach: 8)
        var out: [String] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try readString()) }
        return out
    }

    public mutating func readFloats() throws -> [Float] {
        let n = try readCount(minimumBytesEach: 4)
        let s = try take(n * 4)
        return [Float](unsafeUninitializedCapacity: n) { buf, count in
            s.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buf).copyMemory(from: raw)
            }
            count = n
        }
    }

    public mutating func readInt32s() throws -> [Int32] {
        let n = try readCount(minimumBytesEach: 4)
        let s = try take(n * 4)
        return [Int32](unsafeUninitializedCapacity: n) { buf, count in
            s.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buf).copyMemory(from: raw)
            }
            count = n
        }
    }

    public mutating func readInts() throws -> [Int] {
        let n = try readCount(minimumBytesEach: 8)
        var out: [Int] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try readInt()) }
        return out
    }

    public mutating func readBytes() throws -> [UInt8] {
        try readBytes(length: try readCount())
    }

    /// A LEB128 varint (``BinaryWriter/writeVarint(_:)``).
    mutating func readVarint() throws -> UInt64 {
        try LEB128.read(part: part) { try readUInt8() }
    }

    /// The next `n` bytes (the length read by the caller).
    mutating func readBytes(length n: Int) throws -> [UInt8] {
        Array(try take(n))
    }
}
