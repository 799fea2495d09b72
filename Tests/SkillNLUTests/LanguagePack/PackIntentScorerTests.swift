import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// The intent scorer over pack vectors, and models that carry one.
@Suite struct PackIntentScorerTests {
    func tokens(_ text: String) -> [Token] { Tokenizer(locale: "en-US").tokenize(text) }

    @Test func aParaphraseInUnseenWordsFindsItsIntent() throws {
        let pack = try #require(LanguagePack.bundled(named: "en"))
        let samples: [(String, Int)] = [
            ("are you free tomorrow", 0), ("are you free on monday", 0), ("do you have time on friday", 0),
            ("can we meet next week", 0), ("is there an opening this afternoon", 0),
            ("what is the weather like", 1), ("is it going to rain", 1), ("how hot is it today", 1),
            ("will it snow tonight", 1), ("what's the forecast for tomorrow", 1),
        ]
        let scorer = PackIntentScorer.train(vectors: samples.map { pack.sentenceVector(tokens($0.0)) }, labels: samples.map(\.1),
                                            exampleWeights: samples.map { _ in 1 }, labelCount: 2, influence: 1, epochs: 30, seed: 1)
        for (text, intent) in [("are you available on thursday", 0), ("any slots open later", 0), ("will it be sunny", 1),
                               ("how cold will it get", 1)] {
            var p: [Float] = [0.5, 0.5]
            scorer.mix(&p, vector: pack.sentenceVector(tokens(text)))
            #expect(p[intent] > 0.5, "\(text): \(p)")
            #expect(abs(p[0] + p[1] - 1) < 1e-5)
        }
    }

    @Test func aModelWithAPackWritesFormat7AndReadsBackAlike() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        let model = Fixtures.trained(options)
        let bytes = model.fileBytes()
        var header = BinaryReader(bytes, offset: 8)
        #expect(try header.readUInt32() == 7)
        let read = try NLUModel(fileBytes: bytes)
        #expect(read.fileBytes() == bytes)
        for text in ["could i get a large latte", "is my drink done", "any news"] {
            #expect(read.classify(text).intent == model.classify(text).intent)
        }
        var plain = Fixtures.fastOptions
        plain.languagePack = "none"
        var plainHeader = BinaryReader(Fixtures.trained(plain).fileBytes(), offset: 8)
        #expect(try plainHeader.readUInt32() == 6, "without a pack the file is what format 6 wrote")
    }

    @Test func aModelWhosePackIsNotShippedIsRefused() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        var bytes = Fixtures.trained(options).fileBytes()
        // The pack's name, as the body stores it (length, then "en"), renamed "xx" with the checksum made good.
        let name: [UInt8] = [2, 0, 0, 0, 0, 0, 0, 0] + Array("en".utf8)
        let at = try #require((0...(bytes.count - name.count)).last { Array(bytes[$0..<$0 + name.count]) == name })
        bytes[at + 8] = UInt8(ascii: "x")
        bytes[at + 9] = UInt8(ascii: "x")
        let checksum = NLUModel.fileChecksum(body: Array(bytes[NLUModel.headerSize...]))
        withUnsafeBytes(of: checksum.littleEndian) { raw in for i in 0..<8 { bytes[24 + i] = raw[i] } }
        #expect(throws: ModelFileError.missingLanguagePack("xx")) { try NLUModel(fileBytes: bytes) }
    }

    @Test func aPackOfAnotherLanguageIsRefusedAndAutoFindsTheLocalesOwn() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        #expect(throws: TrainingError.languagePackForAnotherLanguage("en", locale: "de-DE")) {
            try NLUModel.train(from: german, options: options)
        }
        options.languagePack = "auto"
        #expect(try NLUModel.train(from: german, options: options).pack == nil, "no German pack is shipped")
        #expect(try NLUModel.train(from: Fixtures.coffee, options: options).pack?.pack.name == "en")
    }

    @Test func anUnknownPackNameIsATrainingError() {
        var options = Fixtures.fastOptions
        options.languagePack = "klingon"
        #expect(throws: TrainingError.noLanguagePack("klingon")) { try NLUModel.train(from: Fixtures.coffee, options: options) }
    }
}
