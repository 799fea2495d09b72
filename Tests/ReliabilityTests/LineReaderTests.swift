import CommandLineSupport
import Foundation
import SkillNLU
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The edges of `LineReader`'s line limit (the property test in ``PropertyTests`` covers the
/// rest): a line of exactly the limit is whole, with or without a carriage return; one byte
/// more is cut, never inside a character.
@Suite struct LineReaderTests {
    static let limit = 8

    func read(_ bytes: [UInt8]) throws -> [LineReader.Line] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var reader = LineReader(fileDescriptor: fd, maximumLineBytes: Self.limit)
        var lines: [LineReader.Line] = []
        while true {
            let batch = try reader.nextBatch()
            if batch.isEmpty { return lines }
            lines += batch
        }
    }

    @Test func linesAtTheLimit() throws {
        let lines = try read(Array("12345678\n12345678\r\n123456789\n1234567\r\r\n\nlast".utf8))
        #expect(lines.map { String(decoding: $0.bytes, as: UTF8.self) }
                == ["12345678", "12345678", "12345678", "1234567\r", "", "last"])
        #expect(lines.map(\.truncated) == [false, false, true, false, false, false])
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aCutNeverSplitsACharacter() throws {
        // "1234567" then a 2-, 3- and 4-byte character straddling the 8-byte limit.
        for character in ["é", "€", "😀"] {
            let lines = try read(Array("1234567\(character)tail\n".utf8))
            #expect(lines.count == 1)
            #expect(lines[0].truncated)
            #expect(lines[0].bytes == Array("1234567".utf8), "\(character)")
        }
        let whole = try read(Array("123456é\n".utf8))
        #expect(whole[0].bytes == Array("123456é".utf8) && !whole[0].truncated)
    }

    @Test func theDefaultLimitKeepsWhatTheEngineReads() {
        // Truncation by the reader never cuts text the classifier would have used.
        #expect(LineReader().maximumLineBytes >= 4 * NLUModel.maximumUtteranceLength)
        #expect(LineReader.maximumLineBytes(forCharacters: NLUModel.maximumUtteranceLength)
                >= 4 * NLUModel.maximumUtteranceLength)
    }
}
