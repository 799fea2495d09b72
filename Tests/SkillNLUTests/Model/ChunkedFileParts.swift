@testable import SkillNLU

/// A chunked model file taken apart into its sections, read here independently of the
/// loader, so that tests can remove, reorder, change or add sections and seal the file again.
struct ChunkedFileParts {
    struct Section {
        var tag: String
        var version: UInt16
        var flags: UInt16
        var payload: [UInt8]
        /// Where the section's header starts in the file.
        var offset: Int
    }

    var sections: [Section] = []

    init(_ bytes: [UInt8]) {
        var at = NLUModel.headerSize
        while at + 24 <= bytes.count {
            func word(_ i: Int, _ n: Int) -> UInt64 { (0..<n).reduce(UInt64(0)) { $0 | UInt64(bytes[i + $1]) << (8 * UInt64($1)) } }
            let tag = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let length = Int(word(at + 8, 8))
            sections.append(Section(tag: tag, version: UInt16(word(at + 4, 2)), flags: UInt16(word(at + 6, 2)),
                                    payload: Array(bytes[(at + 24)..<(at + 24 + length)]), offset: at))
            at += 24 + length
        }
    }

    var tags: [String] { sections.map(\.tag) }

    /// The file of these sections with a valid header and checksums.
    var sealed: [UInt8] {
        var file = ChunkedModelFileWriter()
        for s in sections {
            file.append(tag: SectionTag(rawValue: Array(s.tag.utf8).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }),
                        version: s.version, flags: s.flags, payload: s.payload)
        }
        return file.bytes
    }
}
