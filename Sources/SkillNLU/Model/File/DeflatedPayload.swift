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

    /// Inflates the rest of `r` and reads it with `body`, which must read all of it. The
    /// stream is inflated from where it lies in `r` (no copy of it first).
    static func read<T>(from r: inout BinaryReader, _ body: (inout BinaryReader) throws -> T) throws -> T {
        let part = r.part
        let (length, packed) = try envelope(&r)
        guard let plain = r.withBytes(in: packed, { inflated($0, length: length) }) else {
            throw ModelFileError.corrupt("\(part) does not inflate")
        }
        var inner = BinaryReader(plain)
        inner.part = part
        let value = try body(&inner)
        guard inner.remaining == 0 else { throw ModelFileError.corrupt("data after \(part) in its section") }
        return value
    }

    /// Checks the rest of `r` as far as it can be checked without inflating it: a stated length
    /// the stream can hold, and a zlib stream header (for a payload decoded later).
    static func checkEnvelope(_ r: inout BinaryReader) throws {
        let (_, packed) = try envelope(&r)
        guard r.withBytes(in: packed, { hasStreamHeader($0) }) else { throw ModelFileError.corrupt("\(r.part) does not inflate") }
    }

    /// The stated inflated length and where the zlib stream, the rest of `r`, lies in it.
    private static func envelope(_ r: inout BinaryReader) throws -> (length: Int, packed: Range<Int>) {
        let length = try r.readUInt64()
        let packed = r.readRemainingRange()
        // Deflate shrinks at most about 1,032 to 1.
        guard length <= UInt64(largestInflated), length <= UInt64(packed.count) * 1032 + 64 else {
            throw ModelFileError.corrupt("\(r.part) claims \(length) bytes once inflated")
        }
        return (Int(length), packed)
    }

    /// Whether `packed` starts as a zlib stream this reader inflates: deflate with a window of
    /// at most 32 KiB, no preset dictionary, valid check bits, and room for the trailer.
    static func hasStreamHeader(_ packed: UnsafeBufferPointer<UInt8>) -> Bool {
        packed.count >= 6 && packed[0] & 0x0F == 8 && packed[0] >> 4 <= 7 && packed[1] & 0x20 == 0
            && (Int(packed[0]) << 8 | Int(packed[1])) % 31 == 0
    }

    /// The bytes of zlib stream `packed`, which must inflate to exactly `length` bytes and end
    /// with its 4-byte trailer; nil otherwise. The trailer's Adler-32 of the inflated bytes is
    /// not computed again: the section's checksum already covers every byte of the stream,
    /// trailer included, so it could only fail where that checksum failed first.
    static func inflated(_ packed: UnsafeBufferPointer<UInt8>, length: Int) -> [UInt8]? {
        guard hasStreamHeader(packed) else { return nil }
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var ended = false
        let plain = [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: packed.baseAddress! + 2)
            stream.avail_in = uInt(packed.count - 2)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(length)
            // One call: the whole output buffer is there, so the stream ends or fails in it.
            ended = inflate(&stream, Z_FINISH) == Z_STREAM_END
            // Bytes past what was inflated are never read (the result is then refused).
            if !ended { out.initialize(repeating: 0) }
            initialized = length
        }
        guard ended, Int(stream.total_out) == length, stream.avail_in == 4 else { return nil }
        return plain
    }
}
