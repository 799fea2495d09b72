import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The contextual tier: a head over the sentence encoder trained per skill, kept in its own
/// model-file section, and the tier that decides when it runs.
@Suite struct EncoderIntentHeadTests {
    /// Quick settings with a head over the English encoder (few utterances: the encoder is slow
    /// in debug builds).
    static var headOptions: TrainingOptions {
        var o = Fixtures.fastOptions
        o.contextualHead = "en"
        o.contextualHeadUtterancesPerIntent = 24
        return o
    }

    static func context(_ tier: ClassificationContext.Tier) -> ClassificationContext {
        var c = ClassificationContext()
        c.tier = tier
        return c
    }

    @Test func aModelWithAHeadWritesItsSectionAndReadsBackAlike() throws {
        let model = Fixtures.trained(Self.headOptions)
        let bytes = model.fileBytes()
        let read = try NLUModel(fileBytes: bytes)
        #expect(read.fileBytes() == bytes)
        #expect(ChunkedFileParts(bytes).tags.last == "CTXH")
        for text in ["could i get a large latte", "has my beverage been prepared", "any news"] {
            #expect(read.classify(text, context: Self.context(.accurate)) == model.classify(text, context: Self.context(.accurate)))
        }
        // The head costs its own section only: every other unit is the plain model's.
        let plain = ChunkedFileParts(Fixtures.trained(Fixtures.fastOptions).fileBytes())
        let withHead = ChunkedFileParts(bytes)
        #expect(!plain.tags.contains("CTXH"))
        #expect(withHead.tags == plain.tags + ["CTXH"])
        for (a, b) in zip(plain.sections, withHead.sections) where a.tag != "OPTS" {
            #expect(a.payload == b.payload, "section \(a.tag)")
        }
    }

    @Test func aModelWhoseEncoderIsMissingOrDifferentIsRefused() throws {
        let model = Fixtures.trained(Self.headOptions)
        var parts = ChunkedFileParts(model.fileBytes())
        let head = try #require(parts.sections.firstIndex { $0.tag == "CTXH" })
        // The section starts with the encoder's name (length, then "en") and its digest.
        #expect(Array(parts.sections[head].payload.prefix(10)) == [2, 0, 0, 0, 0, 0, 0, 0] + Array("en".utf8))
        var renamed = parts
        renamed.sections[head].payload.replaceSubrange(8..<10, with: Array("xx".utf8))
        #expect(throws: ModelFileError.missingEncoder("xx")) { try NLUModel(fileBytes: renamed.sealed) }
        parts.sections[head].payload[10] ^= 1
        #expect(throws: ModelFileError.differentEncoder("en")) { try NLUModel(fileBytes: parts.sealed) }
    }

    @Test func theTierDecidesWhenTheEncoderRuns() throws {
        let model = Fixtures.trained(Self.headOptions)
        let plain = Fixtures.trained(Fixtures.fastOptions)
        for text in ["could i get a large latte", "has my beverage been prepared", "what's up"] {
            #expect(model.classifyExplained(text, context: Self.context(.fast)).explanation.contextual == nil)
            #expect(model.classifyExplained(text, context: Self.context(.accurate)).explanation.contextual != nil, "\(text)")
            // The fast tier answers as the model without a head.
            #expect(model.classify(text, context: Self.context(.fast)) == plain.classify(text))
            var sure = Self.context(.auto)
            sure.autoTierConfidence = 0
            sure.autoTierOnUnseenWords = false
            #expect(model.classifyExplained(text, context: sure).explanation.contextual == nil)
            var unsure = Self.context(.auto)
            unsure.autoTierConfidence = 1.01
            #expect(model.classifyExplained(text, context: unsure).explanation.contextual != nil)
        }
        // A sample said as written is the exact layer's: the encoder is not asked, in any tier.
        #expect(model.classifyExplained("is my coffee ready", context: Self.context(.accurate)).explanation.contextual == nil)
        #expect(model.classify("is my coffee ready", context: Self.context(.accurate)).decidedBy == .exact)
        // Words no sample has make the auto tier ask the encoder, however sure the classifier is.
        var unseen = Self.context(.auto)
        unseen.autoTierConfidence = 0
        unseen.autoTierOnUnseenWords = true
        #expect(model.classifyExplained("has my beverage been prepared", context: unseen).explanation.contextual != nil)
    }

    @Test func theHeadReadsParaphrasesInWordsTheSamplesLack() throws {
        let model = Fixtures.trained(Self.headOptions)
        let head = try #require(model.contextualHead)
        let status = try #require(model.intentNames.firstIndex(of: "OrderStatus"))
        let order = try #require(model.intentNames.firstIndex(of: "OrderDrink"))
        for (text, intent) in [("has my beverage been prepared", status), ("what's the eta on my cappuccino", status),
                               ("i'd love an iced latte", order), ("bring me a mocha", order)] {
            let p = try #require(head.probabilities(text))
            #expect(p.indices.max { p[$0] < p[$1] } == intent, "\(text): \(p)")
            #expect(abs(p.reduce(0, +) - 1) < 1e-4)
        }
    }

    @Test func anEncoderOfAnotherLanguageIsRefusedAndAutoFindsTheLocalesOwn() throws {
        var options = Fixtures.fastOptions
        options.contextualHead = "en"
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        #expect(throws: TrainingError.encoderForAnotherLanguage("en", locale: "de-DE")) {
            try NLUModel.train(from: german, options: options)
        }
        options.contextualHead = "auto"
        #expect(try NLUModel.train(from: german, options: options).contextualHead == nil, "no German encoder is shipped")
        options.contextualHead = "xx"
        #expect(throws: TrainingError.noEncoder("xx")) { try NLUModel.train(from: Fixtures.coffee, options: options) }
    }
}
