import BuiltInValues
import Foundation
import Testing
@testable import SkillNLU

/// Reading a pack, cutting words into its pieces, and what the shipped English pack knows.
@Suite struct LanguagePackTests {
    /// A pack file's bytes in the format `derive-pack.py` writes: the rows given as int8 with
    /// scale 1.
    static func packBytes(pieces: [String], rows: [[Int8]], format: UInt32 = 1) -> [UInt8] {
        var out = Array("SNLUPACK".utf8)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        u32(format)
        u32(UInt32(rows[0].count))
        u32(UInt32(rows.count))
        let source = Array("test".utf8)
        out += [UInt8(source.count), 0] + source
        for p in pieces { out += [UInt8(p.utf8.count)] + Array(p.utf8) }
        for _ in rows { withUnsafeBytes(of: Float(1).bitPattern.littleEndian) { out += $0 } }
        for r in rows { out += r.map { UInt8(bitPattern: $0) } }
        return out
    }

    static let tiny = try! LanguagePack(name: "tiny", bytes: packBytes(
        pieces: ["play", "##ing", "music", "un", "##play"], rows: [[1, 0], [0, 1], [3, 4], [1, 1], [2, 0]]))

    func tokens(_ text: String) -> [Token] { Tokenizer(locale: "en-US").tokenize(text) }

    @Test func wordsAreCutIntoTheLongestKnownPieces() {
        #expect(Self.tiny.pieces(of: "playing") == [0, 1])
        #expect(Self.tiny.pieces(of: "music") == [2])
        #expect(Self.tiny.pieces(of: "unplay") == [3, 4])
        #expect(Self.tiny.pieces(of: "guitar").isEmpty, "a word with an unknown part has no vector")
    }

    @Test func anUtteranceIsTheUnitMeanOfItsPieces() {
        let v = Self.tiny.sentenceVector(tokens("music"))
        #expect(abs(v[0] - 0.6) < 1e-6 && abs(v[1] - 0.8) < 1e-6)
        let both = Self.tiny.sentenceVector(tokens("playing guitar"))   // (1,0)+(0,1), guitar unknown
        #expect(abs(both[0] - both[1]) < 1e-6 && abs(both[0] * both[0] + both[1] * both[1] - 1) < 1e-5)
        #expect(Self.tiny.sentenceVector(tokens("guitar")) == [0, 0], "nothing known: zeros")
    }

    @Test func damagedPacksAreRefused() {
        let good = Self.packBytes(pieces: ["a"], rows: [[1, 2]])
        #expect(throws: LanguagePack.ReadError.notAPack) { try LanguagePack(name: "x", bytes: Array("SKILLNLU".utf8) + good.dropFirst(8)) }
        #expect(throws: LanguagePack.ReadError.newerFormat(2)) {
            try LanguagePack(name: "x", bytes: Self.packBytes(pieces: ["a"], rows: [[1, 2]], format: 2))
        }
        #expect(throws: LanguagePack.ReadError.truncated) { try LanguagePack(name: "x", bytes: Array(good.dropLast())) }
        #expect(throws: LanguagePack.ReadError.corrupt("data after the vectors")) { try LanguagePack(name: "x", bytes: good + [0]) }
    }

    @Test func theEnglishPackKnowsWordsNoSampleNeedsToContain() throws {
        let pack = try #require(LanguagePack.bundled(named: "en"), "the English pack is a resource of SkillNLU")
        #expect(LanguagePack.bundledName(forLocale: "en-GB") == "en")
        #expect(LanguagePack.bundledName(forLocale: "xx-XX") == nil)
        func similarity(_ a: String, _ b: String) -> Float {
            zip(pack.sentenceVector(tokens(a)), pack.sentenceVector(tokens(b))).reduce(0) { $0 + $1.0 * $1.1 }
        }
        #expect(similarity("are you available on tuesday", "are you free on tuesday")
                > similarity("are you available on tuesday", "order a large pizza"))
        #expect(similarity("remove it from my favorites", "take it off my favorites")
                > similarity("remove it from my favorites", "what is the weather"))
    }
}
