import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

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

    @Test func aModelWithAPackWritesItsPackSectionAndReadsBackAlike() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        let model = Fixtures.trained(options)
        let bytes = model.fileBytes()
        let read = try NLUModel(fileBytes: bytes)
        #expect(read.fileBytes() == bytes)
        for text in ["could i get a large latte", "is my drink done", "any news"] {
            #expect(read.classify(text) == model.classify(text))
        }
        // The pack costs its own section only: the file without it is the plain model's.
        var plain = Fixtures.fastOptions
        plain.languagePack = "none"
        let plainBytes = Fixtures.trained(plain).fileBytes()
        #expect(ChunkedFileParts(bytes).tags.last == "PACK" && !ChunkedFileParts(plainBytes).tags.contains("PACK"))
        // The same model as format 7 wrote it still loads and answers alike.
        let old = try NLUModel(fileBytes: LegacyFormatWriter.bytes(model))
        #expect(old.fileBytes() == bytes)
        for text in ["could i get a large latte", "is my drink done", "any news"] {
            #expect(old.classify(text) == model.classify(text))
        }
    }

    @Test func aModelWhosePackIsNotShippedIsRefused() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        let model = Fixtures.trained(options)
        // The pack's name, as its section starts (length, then "en"), renamed "xx" with the checksums made good.
        var parts = ChunkedFileParts(model.fileBytes())
        let pack = try #require(parts.sections.firstIndex { $0.tag == "PACK" })
        #expect(Array(parts.sections[pack].payload.prefix(10)) == [2, 0, 0, 0, 0, 0, 0, 0] + Array("en".utf8))
        parts.sections[pack].payload.replaceSubrange(8..<10, with: Array("xx".utf8))
        #expect(throws: ModelFileError.missingLanguagePack("xx")) { try NLUModel(fileBytes: parts.sealed) }
        // In a format 7 file too.
        var legacy = LegacyFormatWriter.bytes(model)
        let at = legacy.count - LegacyFormatWriter.packBytes(model).count + 8
        legacy.replaceSubrange(at..<at + 2, with: Array("xx".utf8))
        let body = Array(legacy[NLUModel.legacyHeaderSize...])
        withUnsafeBytes(of: NLUModel.fileChecksum(body: body).littleEndian) { legacy.replaceSubrange(24..<32, with: $0) }
        #expect(throws: ModelFileError.missingLanguagePack("xx")) { try NLUModel(fileBytes: legacy) }
    }

    @Test func aPackOfAnotherLanguageIsRefusedAndAutoFindsTheLocalesOwn() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "en"
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        #expect(throws: TrainingError.languagePackForAnotherLanguage("en", locale: "de-DE")) {
            try NLUModel.train(from: german, options: options)
        }
        options.languagePack = "auto"
        #expect(try NLUModel.train(from: german, options: options).pack?.pack.name == "de")
        #expect(try NLUModel.train(from: Fixtures.coffee, options: options).pack?.pack.name == "en")
    }

    @Test func aGermanModelWithThePackAddsItsSectionOnlyAndOneWithoutIsAsBefore() throws {
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        var options = Fixtures.fastOptions
        let plain = ChunkedFileParts(try NLUModel.train(from: german, options: options).fileBytes())
        options.languagePack = "none"
        let none = ChunkedFileParts(try NLUModel.train(from: german, options: options).fileBytes())
        #expect(none.tags == plain.tags && !plain.tags.contains("PACK"))
        for (a, b) in zip(plain.sections, none.sections) where a.tag != "OPTS" {
            #expect(a.payload == b.payload, "section \(a.tag)")
        }
        options.languagePack = "de"
        let model = try NLUModel.train(from: german, options: options)
        let read = try NLUModel(fileBytes: model.fileBytes())
        #expect(read.pack?.pack.name == "de" && read.pack?.pack.digest == LanguagePack.bundled(named: "de")?.digest)
        // The pack adds its section; the fallback thresholds are calibrated on the mixed probabilities.
        let packed = ChunkedFileParts(model.fileBytes())
        #expect(packed.tags == plain.tags + ["PACK"])
        for (a, b) in zip(plain.sections, packed.sections) where !["OPTS", "FALL"].contains(a.tag) {
            #expect(a.payload == b.payload, "section \(a.tag)")
        }
    }

    @Test func aJapaneseModelsPackSpeaksForTheCharactersItsSamplesLack() throws {
        var options = Fixtures.fastOptions
        options.languagePack = "ja"
        var skill = try Importer.decode(Data(EverydayRequestsLocaleTests.japanese.json.utf8))
        skill.locale = "ja-JP"
        let model = try NLUModel.train(from: skill, options: options)
        let classifier = model.classifier, tokenizer = Tokenizer(locale: "ja-JP")
        #expect(model.pack?.pack.name == "ja")
        // Japanese is read as ideographic tokens, one per Han or kana character (a katakana run
        // as one); they are the words whose unigrams the classifier knows or not.
        #expect(classifier.unseenWordShare(tokenizer.tokenize("何時に開きますか")) == 0)
        let partly = classifier.unseenWordShare(tokenizer.tokenize("何時に鰻を"))
        #expect(partly > 0 && partly < 0.5, "\(partly)")
        #expect(classifier.unseenWordShare(tokenizer.tokenize("麒麟鰻")) > 0.5)
        // So the pack mixes in where the wording is new, and leaves the samples' own wording alone.
        let unseen = tokenizer.tokenize("麒麟の鰻")
        #expect(model.intentProbabilities(unseen) != classifier.probabilities(unseen))
        let sample = tokenizer.tokenize("何時に開きますか")
        #expect(model.intentProbabilities(sample) == classifier.probabilities(sample))
    }

    @Test func anUnknownPackNameIsATrainingError() {
        var options = Fixtures.fastOptions
        options.languagePack = "klingon"
        #expect(throws: TrainingError.noLanguagePack("klingon")) { try NLUModel.train(from: Fixtures.coffee, options: options) }
    }
}
