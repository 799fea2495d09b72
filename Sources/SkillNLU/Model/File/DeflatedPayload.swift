import CZlib

/// A section payload stored deflated (zlib): its length once inflated (8 bytes), then the
/// zlib stream. For the sections that are mostly text or repeated small numbers (the
/// interaction model, the gazetteer, the compiled samples, the slot tagger), which deflate to
/// a quarter to two thirds of their size and inflate in a few milliseconds; the classifiers'
/// tables of bytes hardly shrink, so they stay as they are.
///
/// The section's checksum covers the deflated bytes, so damage is caught before inflating; a
/// stream that does not inflate to exactly the stated length is refused.
enum DeflatedPayload {
    /// The largest payload a section inflates to (no model comes near it; a damaged length
    /// must not make the reader allocate without bound).
    static let largestInflated = 1 << 30

    /// Appends what `body` writes, deflated.
    static func write(to w: inout BinaryWriter, _ body: (inout BinaryWriter) -> Void) {
        var inner = BinaryWriter()
        body(&inner)
        let plain = inner.bytes
        var bound = compressBound(uLong(plain.count))
        var packed = [UInt8](repeating: 0, count: Int(bound))
        let status = packed.withUnsafeMutableBufferPointer { out in
            plain.withUnsafeBufferPointer { compress2(out.baseAddress, &bound, $0.baseAddress, uLong(plain.count), Z_BEST_COMPRESSION) }
        }
        // compress2 fails only without memory or with a buffer below compressBound.
        precondition(status == Z_OK, "zlib could not deflate a model section (\(status))")
        w.write(UInt64(plain.count))
        w.append(raw: packed.prefix(Int(bound)))
    }

    /// Inflates the rest of `r` and reads it with `body`, which must read all of it.
    static func read<T>(from r: inout BinaryReader, _ body: (inout BinaryReader) throws -> T) throws -> T {
        let part = r.part
        let length = try r.readUInt64()
        let packed = try r.readBytes(length: r.remaining)
        // Deflate shrinks at most about 1,032 to 1.
        guard length <= UInt64(largestInflated), length <= UInt64(packed.count) * 1032 + 64 else {
            throw ModelFileError.corrupt("\(part) claims \(length) bytes once inflated")
        }
        var size = uLong(length)
        var plain = [UInt8](repeating: 0, count: Int(length))
        let status = plain.withUnsafeMutableBufferPointer { out in
            packed.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong(packed.count)) }
        }
        guard status == Z_OK, size == uLong(length) else { throw ModelFileError.corrupt("\(part) does not inflate") }
        var inner = BinaryReader(plain)
        inner.part = part
        let value = try body(&inner)
        guard inner.remaining == 0 else { throw ModelFileError.corrupt("data after \(part) in its section") }
        return value
    }
}
