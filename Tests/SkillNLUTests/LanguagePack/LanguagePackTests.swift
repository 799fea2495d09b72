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

    @Test func aRunOfIdeographsIsReadAsOneWord() throws {
        let pack = try LanguagePack(name: "ja", bytes: Self.packBytes(
            pieces: ["コーヒー", "##を", "##注文", "注文", "注"], rows: [[1, 0], [0, 1], [3, 4], [4, 3], [1, 1]]))
        let tokenizer = Tokenizer(locale: "ja-JP")
        // The tokenizer cuts "コーヒーを注文" into コーヒー, を, 注, 文: the pack reads them as one word.
        #expect(pack.pieces(of: tokenizer.tokenize("コーヒーを注文")) == [0, 1, 2])
        #expect(pack.pieces(of: tokenizer.tokenize("コーヒー 注文")) == [0, 3], "a space ends the run")
        #expect(pack.sentenceVector(tokenizer.tokenize("注文")) == [0.8, 0.6])
        #expect(pack.pieces(of: tokenizer.tokenize("を注文")) == [1, 2], "a run may start with a continuation piece")
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

    @Test func everyAlexaLanguageHasAShippedPackStoredInFoldedForm() throws {
        // Each language with a letter to put before a continuation piece, as it comes after one in a word.
        for (locale, name, letter) in [("de-DE", "de", "a"), ("fr-CA", "fr", "a"), ("es-MX", "es", "a"), ("it-IT", "it", "a"),
                                       ("nl-NL", "nl", "a"), ("pt-BR", "pt", "a"), ("ja-JP", "ja", "あ"), ("hi-IN", "hi", "क"),
                                       ("ar-SA", "ar", "ب")] {
            #expect(LanguagePack.bundledName(forLocale: locale) == name)
            let pack = try #require(LanguagePack.bundled(named: name), "the \(name) pack is a resource of SkillNLU")
            #expect(pack.name == name && pack.dimension == 128)
            // A piece the tokenizer's folding would change could never be looked up.
            let tokenizer = Tokenizer(locale: locale)
            let unreachable = pack.rowOfPiece.keys.filter { piece in
                // By scalars: "#" and a combining mark after it are one Character.
                let continuation = piece.unicodeScalars.starts(with: "##".unicodeScalars)
                let text = continuation ? letter + String(String.UnicodeScalarView(piece.unicodeScalars.dropFirst(2))) : piece
                return tokenizer.tokenize(text).map(\.folded).joined() != text
            }
            #expect(unreachable.isEmpty, "\(name): \(unreachable.count) pieces, \(unreachable.prefix(10))")
        }
        #expect(LanguagePack.bundled(named: "de")?.digest == LanguagePack.bundled(named: "fr")?.digest, "one Latin-script pack")
    }

    @Test func aHindiWordIsCutBetweenAConsonantAndItsVowelSignAsSentencePieceCutsIt() throws {
        let pack = try #require(LanguagePack.bundled(named: "hi"))
        let tokenizer = Tokenizer(locale: "hi-IN")
        // Continuation pieces that start with a vowel sign ("##ि"): a Character never starts so.
        let markInitial = Set(pack.rowOfPiece.compactMap { piece, row in
            piece.unicodeScalars.dropFirst(2).first?.properties.generalCategory == .spacingMark ? row : nil
        })
        #expect(markInitial.count > 100)
        let consonants = (0x915...0x939).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        let signs = (0x93E...0x94C).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        var readThroughASign = 0, unread: [String] = []
        for consonant in consonants {
            for sign in signs {
                let rows = pack.pieces(of: tokenizer.tokenize("प" + consonant + sign + "र"))
                if rows.isEmpty { unread.append(consonant + sign) }
                if rows.contains(where: markInitial.contains) { readThroughASign += 1 }
            }
        }
        // Every such word has pieces (each letter and sign is one), and many are read through a
        // piece that starts with the sign.
        #expect(unread.isEmpty, "\(unread.count): \(unread.prefix(10))")
        #expect(readThroughASign > 50, "\(readThroughASign)")
    }

    @Test func theOtherLanguagesPacksKnowParaphrases() throws {
        func similarity(_ name: String, _ locale: String, _ a: String, _ b: String) throws -> Float {
            let pack = try #require(LanguagePack.bundled(named: name))
            let tokenizer = Tokenizer(locale: locale)
            return zip(pack.sentenceVector(tokenizer.tokenize(a)), pack.sentenceVector(tokenizer.tokenize(b))).reduce(0) { $0 + $1.0 * $1.1 }
        }
        #expect(try similarity("de", "de-DE", "bist du morgen frei", "hast du morgen zeit")
                > similarity("de", "de-DE", "bist du morgen frei", "wie spät ist es"))
        #expect(try similarity("fr", "fr-FR", "quel temps fera demain", "va t il pleuvoir demain")
                > similarity("fr", "fr-FR", "quel temps fera demain", "mets de la musique"))
        #expect(try similarity("ja", "ja-JP", "明日の天気は", "明日は雨が降りますか")
                > similarity("ja", "ja-JP", "明日の天気は", "音楽をかけて"))
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
