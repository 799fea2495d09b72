/// The layout of a model file from format 8 on: a fixed header, then one section per unit.
///
/// ```
/// header   magic "SKILLNLU" · format (u32) · section count (u32) · body length (u64) ·
///          model digest (u64) · SkillNLU version of the writer (3 × u16, u16 0) · header checksum (u64)
/// section  tag (4 letters) · unit version (u16) · flags (u16, bit 0: required) · payload length (u64) ·
///          checksum (u64) · payload
/// ```
///
/// A section's checksum covers its tag, version, flags and payload; the model digest combines
/// every section's checksum in order, and the header checksum covers the header after the
/// magic. So any change anywhere is caught, and each damaged section is named.
enum ChunkedModelFile {
    /// The format of chunked files.
    static let format: UInt32 = 8
    /// Bytes before the first section.
    static let headerSize = 48
    /// Bytes of a section's header before its payload.
    static let sectionHeaderSize = 24
    /// The flag of a section a reader that does not know it must refuse.
    static let requiredFlag: UInt16 = 1

    /// A section's checksum: its payload's, combined with its tag, version and flags.
    static func checksum(tag: SectionTag, version: UInt16, flags: UInt16, payload: ArraySlice<UInt8>) -> UInt64 {
        let fields = UInt64(tag.rawValue) | UInt64(version) << 32 | UInt64(flags) << 48
        return StableHash.combine(FileChecksum.hash(payload), fields)
    }

    /// The model digest of sections with `checksums`, in file order.
    static func digest(_ checksums: [UInt64]) -> UInt64 {
        checksums.reduce(UInt64(format)) { StableHash.combine($0, $1) }
    }

    /// SkillNLU's version as three numbers for the header ("0.1.0" → 0, 1, 0).
    static var writerVersion: [UInt16] {
        let parts = SkillNLUVersion.string.split(separator: ".").map { UInt16($0.prefix { $0.isNumber }) ?? 0 }
        return (parts + [0, 0, 0]).prefix(3).map { $0 }
    }

    /// The sections of a chunked file as it lies on disk: each one's tag, layout version and
    /// payload bytes, in file order (nothing checked or decoded; a damaged file gives what
    /// its headers say up to where they stop making sense). For size reports of files written
    /// by other versions.
    package static func storedSections(of bytes: [UInt8]) -> [(tag: String, version: Int, bytes: Int)] {
        var r = BinaryReader(bytes, offset: min(bytes.count, headerSize))
        var found: [(tag: String, version: Int, bytes: Int)] = []
        while r.remaining >= sectionHeaderSize, let tag = try? r.readUInt32(), let versionAndFlags = try? r.readUInt32(),
              let length = try? r.readUInt64(), (try? r.readUInt64()) != nil, length <= UInt64(r.remaining),
              (try? r.readBytes(length: Int(length))) != nil {
            found.append((SectionTag(rawValue: tag).description, Int(versionAndFlags & 0xFFFF), Int(length)))
        }
        return found
    }

    /// `body`, a run of sections, behind a valid header, with every section's checksum made
    /// valid: a file damaged before it was sealed (or written by a buggy writer), so that the
    /// fuzzer and the tests reach the decoding of the units. A length that runs past the end is
    /// cut to it; bytes too few for a section's header stay after the last section.
    static func sealed(body: [UInt8]) -> [UInt8] {
        var file = ChunkedModelFileWriter()
        var r = BinaryReader(body)
        while r.remaining >= sectionHeaderSize, let tag = try? r.readUInt32(), let versionAndFlags = try? r.readUInt32(),
              let length = try? r.readUInt64(), (try? r.readUInt64()) != nil {
            let n = Int(min(length, UInt64(r.remaining)))
            let payload = (try? r.readBytes(length: n)) ?? []
            file.append(tag: SectionTag(rawValue: tag), version: UInt16(versionAndFlags & 0xFFFF),
                        flags: UInt16(versionAndFlags >> 16), payload: payload)
        }
        file.appendUnsectioned((try? r.readBytes(length: r.remaining)) ?? [])
        return file.bytes
    }
}

/// Builds a chunked model file section by section.
struct ChunkedModelFileWriter {
    private var body = BinaryWriter()
    private var checksums: [UInt64] = []
    /// The payload bytes of each section, in order (for size breakdowns).
    private(set) var payloadSizes: [(tag: SectionTag, bytes: Int)] = []

    /// Appends `section` with its tag, version and required flag.
    mutating func append<S: ModelSection>(_ section: S) {
        var payload = BinaryWriter()
        section.encode(to: &payload)
        append(tag: S.tag, version: S.unitVersion, flags: S.isRequired ? ChunkedModelFile.requiredFlag : 0, payload: payload.bytes)
    }

    /// Appends a section as given (tests write sections of other versions and unknown tags).
    mutating func append(tag: SectionTag, version: UInt16, flags: UInt16, payload: [UInt8]) {
        let checksum = ChunkedModelFile.checksum(tag: tag, version: version, flags: flags, payload: payload[...])
        body.write(tag.rawValue)
        body.write(UInt32(version) | UInt32(flags) << 16)
        body.write(UInt64(payload.count))
        body.write(checksum)
        body.append(raw: payload)
        checksums.append(checksum)
        payloadSizes.append((tag, payload.count))
    }

    /// Appends bytes that are no section (tests and the fuzzer write damaged files).
    mutating func appendUnsectioned(_ bytes: [UInt8]) { body.append(raw: bytes) }

    /// The whole file: header, then the sections in the order they were appended.
    var bytes: [UInt8] {
        var header = BinaryWriter()
        for b in NLUModel.fileMagic { header.write(b) }
        header.write(ChunkedModelFile.format)
        header.write(UInt32(checksums.count))
        header.write(UInt64(body.bytes.count))
        header.write(ChunkedModelFile.digest(checksums))
        let version = ChunkedModelFile.writerVersion
        header.write(UInt32(version[0]) | UInt32(version[1]) << 16)
        header.write(UInt32(version[2]))
        header.write(FileChecksum.hash(header.bytes[8...]))
        return header.bytes + body.bytes
    }
}
