import Foundation
import Testing
import TestFixtures
@testable import SkillNLU

/// The Swift encoder against the numpy reference of `export-encoder.py`: the same WordPiece
/// ids, the same embeddings as the reference's int8 products give (int8 weights, activations
/// quantized per token), and close to the float encoder's.
@Suite struct SentenceEncoderTests {
    struct Case: Decodable {
        let text: String
        let ids: [Int32]
        let int8: [Float]
        let float: [Float]
    }

    struct Fixture: Decodable { let cases: [Case] }

    static let fixture: Fixture? = {
        guard let data = try? Data(contentsOf: FixtureFiles.url("Encoder/minilm-embeddings.json")) else { return nil }
        return try? JSONDecoder().decode(Fixture.self, from: data)
    }()

    @Test func wordPiecesAreTheReferenceTokenizers() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        let fixture = try #require(Self.fixture)
        for c in fixture.cases {
            #expect(encoder.tokenizer.ids(c.text) == c.ids, "\(c.text)")
        }
    }

    @Test func theTokenizerFoldsCaseAccentsAndSplitsPunctuation() {
        let words = WordPieceTokenizer.words("Café\u{00A0}DÉJÀ-vu,\tnaïve's\u{0007} 東京").map { String(String.UnicodeScalarView($0)) }
        #expect(words == ["cafe", "deja", "-", "vu", ",", "naive", "'", "s", "東", "京"])
    }

    @Test func embeddingsAreTheReferenceEncodersOfTheInt8Products() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        let fixture = try #require(Self.fixture)
        for c in fixture.cases {
            let e = encoder.embedding(c.text)
            #expect(e.count == 384)
            let worst = zip(e, c.int8).map { abs($0 - $1) }.max() ?? 1
            let cosine = zip(e, c.float).map { $0 * $1 }.reduce(0, +)
            #expect(worst <= 1e-4, "\(c.text): |Δ| \(worst)")
            // Quantized activations cost the empty utterance most (0.984): [CLS] and [SEP] alone.
            #expect(cosine > 0.98, "\(c.text): cosine to the float encoder \(cosine)")
            print("encoder fixture \(c.text.debugDescription): max |Δ| to int8 reference \(worst), cosine to float \(cosine)")
        }
    }

    @Test func aBatchGivesTheSameEmbeddingsAsOneByOne() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        let texts = ["are you free next tuesday", "", "take sports off my favorites", "a b c d e f g h i j k l"]
        let batch = encoder.embeddings(texts, batch: 3)
        for (text, vector) in zip(texts, batch) {
            let alone = encoder.embedding(text)
            #expect(zip(alone, vector).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text)")
        }
    }

    @Test func paraphrasesLieCloserThanOtherRequests() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        func cosine(_ a: String, _ b: String) -> Float {
            zip(encoder.embedding(a), encoder.embedding(b)).map { $0 * $1 }.reduce(0, +)
        }
        #expect(cosine("are you free next tuesday", "is there availability on tuesday")
                > cosine("are you free next tuesday", "play some jazz music"))
    }

    @Test func aLongUtteranceIsCutToThePositionsTheEncoderKeeps() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        let long = Array(repeating: "word", count: 200).joined(separator: " ")
        #expect(encoder.sequence(long).count == encoder.longestSequence)
        #expect(encoder.embedding(long).allSatisfy { $0.isFinite })
    }

    @Test func damagedFilesAreRefusedWithAReason() {
        func read(_ bytes: [UInt8]) -> SentenceEncoder.ReadError? {
            bytes.withUnsafeBytes { raw -> SentenceEncoder.ReadError? in
                do throws(SentenceEncoder.ReadError) {
                    _ = try SentenceEncoder(name: "x", bytes: raw)
                    return nil
                } catch {
                    return error
                }
            }
        }
        #expect(read(Array("NOTANENC".utf8)) == .notAnEncoder)
        #expect(read(Array("SNLUENCD".utf8) + [3, 0, 0, 0]) == .newerFormat(3))
        #expect(read(Array("SNLUENCD".utf8) + [2, 0, 0, 0, 5]) == .truncated)
    }

    @Test func anEncoderOfTheUnpackedFirstFormatIsRefusedAsOlder() {
        let first = Array("SNLUENCD".utf8) + [1, 0, 0, 0, 5]
        let error = first.withUnsafeBytes { raw -> SentenceEncoder.ReadError? in
            do throws(SentenceEncoder.ReadError) {
                _ = try SentenceEncoder(name: "x", bytes: raw)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .olderFormat(1))
        #expect(error?.description.contains("export it again") == true)
    }
}
