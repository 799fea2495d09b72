/// Reads a chunked model file (``ChunkedModelFile``): checks the header, every section's
/// header, length and checksum, and the versions of the sections it knows, all before any
/// unit is decoded, so that a truncated, damaged or too new file is refused whole.
struct ChunkedModelFileReader {
    /// A section found in the file.
    struct Section {
        let version: UInt16
        let isRequired: Bool
        let payload: Range<Int>
    }

    private let bytes: [UInt8]
    /// The sections this SkillNLU knows, by tag (unknown optional ones are skipped).
    private let sections: [SectionTag: Section]
    /// The SkillNLU version that wrote the file ("0.1.0").
    let writerVersion: String

    /// Checks `bytes` (magic and format already checked) against the sections in `known`.
    init(_ bytes: [UInt8], known: [KnownSection]) throws {
        self.bytes = bytes
        guard bytes.count >= ChunkedModelFile.headerSize else { throw ModelFileError.truncated(part: "the header") }
        var header = BinaryReader(bytes, offset: 12)
        let count = Int(try header.readUInt32())
        let bodyLength = try header.readUInt64()
        let digest = try header.readUInt64()
        let majorMinor = try header.readUInt32(), patch = try header.readUInt32()
        let headerChecksum = try header.readUInt64()
        guard FileChecksum.hash(bytes[8..<40]) == headerChecksum else { throw ModelFileError.checksumMismatch }
        writerVersion = "\(majorMinor & 0xFFFF).\(majorMinor >> 16).\(patch & 0xFFFF)"
        let available = UInt64(bytes.count - ChunkedModelFile.headerSize)
        guard available <= bodyLength else { throw ModelFileError.corrupt("data after the end of the model") }

        let names = Dictionary(known.map { ($0.tag, $0) }, uniquingKeysWith: { a, _ in a })
        func name(_ tag: SectionTag) -> String { names[tag].map { "\($0.what) (section \(tag))" } ?? "section \(tag)" }
        var r = BinaryReader(bytes, offset: ChunkedModelFile.headerSize)
        var found: [SectionTag: Section] = [:]
        var seen: Set<SectionTag> = []
        var checksums: [UInt64] = []
        for index in 0..<count {
            r.part = "the header of section \(index + 1) of \(count)"
            let tag = SectionTag(rawValue: try r.readUInt32())
            let versionAndFlags = try r.readUInt32()
            let length = try r.readUInt64()
            let checksum = try r.readUInt64()
            let version = UInt16(versionAndFlags & 0xFFFF), flags = UInt16(versionAndFlags >> 16)
            guard length <= UInt64(r.remaining) else { throw ModelFileError.truncated(part: name(tag)) }
            let payload = r.offset..<(r.offset + Int(length))
            r = BinaryReader(bytes, offset: payload.upperBound)
            guard ChunkedModelFile.checksum(tag: tag, version: version, flags: flags, payload: bytes[payload]) == checksum else {
                throw ModelFileError.sectionChecksumMismatch(name(tag))
            }
            guard seen.insert(tag).inserted else { throw ModelFileError.corrupt("\(name(tag)) appears twice") }
            guard flags & ~ChunkedModelFile.requiredFlag == 0 else {
                throw ModelFileError.corrupt("unknown flags \(flags) on \(name(tag))")
            }
            checksums.append(checksum)
            let isRequired = flags & ChunkedModelFile.requiredFlag != 0
            if let unit = names[tag] {
                guard version >= 1 else { throw ModelFileError.corrupt("\(name(tag)) has layout version 0") }
                guard version <= unit.version else {
                    throw ModelFileError.newerSection(name(tag), found: version, supported: unit.version)
                }
                found[tag] = Section(version: version, isRequired: isRequired, payload: payload)
            } else if isRequired {
                throw ModelFileError.unknownRequiredSection(tag.description)
            }
        }
        guard available == bodyLength else { throw ModelFileError.truncated(part: "the body") }
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after the last section") }
        guard ChunkedModelFile.digest(checksums) == digest else { throw ModelFileError.checksumMismatch }
        sections = found
    }

    /// Whether the file has the section `S`.
    func contains<S: ModelSection>(_ type: S.Type) -> Bool { sections[S.tag] != nil }

    /// The section `S` decoded, or nil when the file has none.
    func decode<S: ModelSection>(_ type: S.Type, context: S.Context) throws -> S? {
        guard let section = sections[S.tag] else { return nil }
        var r = BinaryReader(bytes, range: section.payload)
        r.part = S.what
        let value = try S.decode(from: &r, version: section.version, context: context)
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after \(S.what) in its section") }
        return value
    }

    /// The section `S` read by `body` (given a reader of its payload and its version), or nil
    /// when the file has none: for sections whose context comes from somewhere other than the
    /// units ``decode(_:context:)`` is given.
    func decode<S: ModelSection>(_ type: S.Type, with body: (inout BinaryReader, UInt16) throws -> S) throws -> S? {
        guard let section = sections[S.tag] else { return nil }
        var r = BinaryReader(bytes, range: section.payload)
        r.part = S.what
        let value = try body(&r, section.version)
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after \(S.what) in its section") }
        return value
    }

    /// The payload of section `S`, copied out to be decoded later (``StoredSection``); nil when
    /// the file has none.
    func stored<S: ModelSection>(_ type: S.Type) -> StoredSection<S>? {
        guard let section = sections[S.tag] else { return nil }
        return StoredSection(version: section.version, payload: Array(bytes[section.payload]))
    }

    /// The section `S` decoded; a file without it is refused.
    func require<S: ModelSection>(_ type: S.Type, context: S.Context) throws -> S {
        guard let value = try decode(type, context: context) else {
            throw ModelFileError.missingSection("\(S.what) (section \(S.tag))")
        }
        return value
    }
}

extension ChunkedModelFileReader {
    /// ``decode(_:context:)`` for sections that need nothing read before them.
    func decode<S: ModelSection>(_ type: S.Type) throws -> S? where S.Context == Void { try decode(type, context: ()) }
    /// ``require(_:context:)`` for sections that need nothing read before them.
    func require<S: ModelSection>(_ type: S.Type) throws -> S where S.Context == Void { try require(type, context: ()) }
}

/// A section's payload kept to be decoded when first needed; its checksum was checked at load.
struct StoredSection<S: ModelSection>: Sendable {
    let version: UInt16
    let payload: [UInt8]

    func decode(context: S.Context) throws -> S {
        var r = BinaryReader(payload)
        r.part = S.what
        let value = try S.decode(from: &r, version: version, context: context)
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after \(S.what) in its section") }
        return value
    }
}
