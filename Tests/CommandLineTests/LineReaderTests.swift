import Foundation
import Testing
@testable import CommandLineSupport

@Suite struct LineReaderTests {
    func lines(_ bytes: [UInt8], maximum: Int = 8_000) throws -> [LineReader.Line] {
        let path = try Tools.file("input", Data(bytes))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var reader = LineReader(fileDescriptor: fd, maximumLineBytes: maximum)
        var out: [LineReader.Line] = []
        while true {
            let batch = try reader.nextBatch()
            if batch.isEmpty { return out }
            out += batch
        }
    }

    @Test func splitsAtLineFeedsAndRemovesOneCarriageReturn() throws {
        let read = try lines(Array("a\r\n\nb\r\r\nc".utf8))
        #expect(read.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "", "b\r", "c"])
        #expect(read.map(\.number) == [1, 2, 3, 4])
        #expect(read.allSatisfy { !$0.truncated })
        #expect(try lines([]).isEmpty)
    }

    @Test func aLongLineIsCutAtAWholeCharacter() throws {
        // "ééé…" is two bytes a character: a limit of 5 bytes keeps two characters, not a half.
        let read = try lines(Array((String(repeating: "é", count: 10) + "\nok\n").utf8), maximum: 5)
        #expect(read.count == 2)
        #expect(String(decoding: read[0].bytes, as: UTF8.self) == "éé")
        #expect(read[0].truncated)
        #expect(String(decoding: read[1].bytes, as: UTF8.self) == "ok")
        #expect(!read[1].truncated)
    }

    @Test func aLineOfExactlyTheLimitIsWholeEvenWithACarriageReturn() throws {
        let read = try lines(Array("abcd\r\nabcde\n".utf8), maximum: 4)
        #expect(read.map { String(decoding: $0.bytes, as: UTF8.self) } == ["abcd", "abcd"])
        #expect(read.map(\.truncated) == [false, true])
    }

    @Test(arguments: [
        ([0x61, 0x62], nil),
        ([0xC3, 0xA9], nil),
        ([0xF0, 0x9F, 0x98, 0x80], nil),
        ([0x61, 0xFF], 1),
        ([0xC3], 0),
        ([0xC0, 0x80], 0),                 // overlong NUL
        ([0xED, 0xA0, 0x80], 0),           // a surrogate
        ([0x61, 0xE2, 0x82], 1),           // cut short
        ([0xF4, 0x90, 0x80, 0x80], 0),     // beyond U+10FFFF
    ] as [([UInt8], Int?)])
    func findsTheFirstByteThatIsNotUTF8(bytes: [UInt8], expected: Int?) {
        #expect(LineReader.firstInvalidUTF8Byte(bytes) == expected)
    }
}
