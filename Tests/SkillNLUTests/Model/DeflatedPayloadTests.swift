import Testing
@testable import SkillNLU

/// A deflated section is inflated without computing its Adler-32 again (the section checksum
/// covers the stream): the same bytes come back, and a stream that does not inflate to exactly
/// its stated length, or whose header or trailer is not zlib's, is still refused.
@Suite struct DeflatedPayloadTests {
    static let plain: [UInt8] = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * $0 / 7) }

    /// `plain` as a deflated payload: its length, then the zlib stream.
    static func payload(_ plain: [UInt8]) -> [UInt8] {
        var w = BinaryWriter()
        DeflatedPayload.write(to: &w) { $0.append(raw: plain) }
        return w.bytes
    }

    static func read(_ bytes: [UInt8], count: Int) throws -> [UInt8] {
        var r = BinaryReader(bytes)
        return try DeflatedPayload.read(from: &r) { try $0.readBytes(length: count) }
    }

    @Test func theSameBytesComeBack() throws {
        for plain in [Self.plain, [7], []] {
            #expect(try Self.read(Self.payload(plain), count: plain.count) == plain)
        }
    }

    @Test func streamsThatDoNotInflateAsStatedAreRefused() {
        let good = Self.payload(Self.plain)
        var longer = good, shorter = good, badHeader = good, dictionary = good
        longer[0] &+= 1                // states one byte more than the stream holds
        shorter[0] &-= 1               // one byte fewer
        badHeader[8] = 0x79            // not deflate's method
        dictionary[9] |= 0x20          // asks for a preset dictionary
        let cut = Array(good.dropLast(5))                         // the end of the stream missing
        let trailing = good + [0]                                 // a byte after the trailer
        var flipped = good
        flipped[good.count / 2] ^= 0x55                           // inside the deflate stream
        for (name, bytes, count) in [("longer", longer, Self.plain.count + 1), ("shorter", shorter, Self.plain.count - 1),
                                     ("header", badHeader, Self.plain.count), ("dictionary", dictionary, Self.plain.count),
                                     ("cut", cut, Self.plain.count), ("trailing", trailing, Self.plain.count),
                                     ("flipped", flipped, Self.plain.count)] {
            #expect(throws: ModelFileError.self, "\(name)") { _ = try Self.read(bytes, count: count) }
        }
    }
}
