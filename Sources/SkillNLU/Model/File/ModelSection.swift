/// Four ASCII letters naming a section of the model file ("TAGR" for the slot tagger), stored
/// as their bytes in file order.
struct SectionTag: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes as a little-endian word (the first letter in the low byte).
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The tag spelt by four ASCII letters.
    init(_ letters: StaticString) {
        precondition(letters.utf8CodeUnitCount == 4, "a section tag has four letters")
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(letters.utf8Start[k]) << (8 * UInt32(k)) }
        rawValue = v
    }

    /// The letters, or the bytes in hexadecimal when they are not printable ASCII (a damaged
    /// or foreign tag in an error message).
    var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32($0))) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// One unit's part of a chunked model file: the unit writes its own payload and reads it back,
/// and says which layout version of it this SkillNLU writes.
///
/// A unit's payload changes without touching the others: bump ``unitVersion`` and, while files
/// of the old layout should still load, read them by the `version` ``decode(from:version:context:)``
/// is given. A reader refuses a section whose version is newer than the one it writes, so an
/// older SkillNLU never misreads a newer unit.
protocol ModelSection {
    /// What decoding needs from the sections read before this one (the interaction model, say).
    associatedtype Context

    /// The section's tag; unique in a file.
    static var tag: SectionTag { get }
    /// The layout version of the payload this SkillNLU writes and the newest it reads.
    static var unitVersion: UInt16 { get }
    /// Whether a reader that does not know the tag must refuse the file. Every unit that
    /// changes answers is required; an optional section holds what a reader may ignore.
    static var isRequired: Bool { get }
    /// What the section holds, in error messages ("the slot tagger").
    static var what: String { get }

    /// Appends the payload.
    func encode(to w: inout BinaryWriter)
    /// Reads a payload of layout `version` (1 through ``unitVersion``), refusing anything out
    /// of range with a ``ModelFileError``.
    static func decode(from r: inout BinaryReader, version: UInt16, context: Context) throws -> Self
}

/// A section type as the reader knows it before decoding anything: its tag, newest version and name.
struct KnownSection: Sendable {
    let tag: SectionTag
    let version: UInt16
    let what: String

    init<S: ModelSection>(_ section: S.Type) {
        tag = S.tag
        version = S.unitVersion
        what = S.what
    }
}
