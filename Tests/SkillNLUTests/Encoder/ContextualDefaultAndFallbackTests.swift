import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The contextual head as the English default, and the fallback decision with it: the in-domain
/// threshold reads the fast tier's probabilities first, so the head never keeps a request the
/// fast tier rejects as unsure.
@Suite struct ContextualDefaultAndFallbackTests {
    /// A plant-care skill written for these tests: three intents of plain samples and a fallback
    /// intent without samples (taught by generated negatives) at HIGH sensitivity, where the
    /// fast tier falls back on anything it is unsure of.
    static let plantJSON = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "plant helper",
      "modelConfiguration": {"fallbackIntentSensitivity": {"level": "HIGH"}},
      "intents": [
        {"name": "WaterPlant", "samples": ["water the plants", "water my fern", "give the plants some water",
            "the garden needs watering", "start watering", "turn on the sprinkler", "my plants are thirsty",
            "water the tomatoes", "time to water the garden", "please water the flowers"]},
        {"name": "PlantHealth", "samples": ["how are my plants doing", "is my fern healthy",
            "why are the leaves turning yellow", "check on the tomatoes", "are the flowers okay",
            "what is wrong with my plant", "do my plants need anything", "is the basil dying",
            "how is the garden", "the leaves have brown spots"]},
        {"name": "BuySeeds", "samples": ["buy tomato seeds", "order some seeds", "i need more seeds",
            "get me basil seeds", "add sunflower seeds to my cart", "purchase seeds for the garden",
            "order a packet of carrot seeds", "restock my seeds", "buy flower seeds", "i want to buy seeds"]},
        {"name": "AMAZON.FallbackIntent", "samples": ["sing me a song", "what is the meaning of life",
            "tell me something random"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ]}}}
    """#

    static func options(head: String?) -> TrainingOptions {
        var o = TrainingOptions.quick
        o.contextualHead = head
        o.contextualHeadUtterancesPerIntent = 24
        return o
    }

    @Test func anEnglishModelHasAHeadByDefault() throws {
        let model = try NLUModel.train(from: Fixtures.coffee, options: Self.options(head: nil))
        #expect(model.contextualHead != nil)
        #expect(model.trainingOptions.contextualHead == "en", "the file keeps the encoder the default resolved to")
        #expect(ChunkedFileParts(model.fileBytes()).tags.contains("CTXH"))
        let plain = try NLUModel.train(from: Fixtures.coffee, options: Self.options(head: "none"))
        #expect(plain.contextualHead == nil)
        for locale in ["en-GB", "en-AU", "en-CA", "en-IN"] {
            let english = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: locale)
            #expect(NLUModel.resolved(Self.options(head: nil), schema: SkillSchema(model: english, tokenizer: Tokenizer(locale: locale)),
                                      locale: locale).contextualHead == "en", "\(locale)")
        }
    }

    @Test func aModelOfALocaleWithoutAnEncoderIsTheSameFileAsBefore() throws {
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        let byDefault = try NLUModel.train(from: german, options: Self.options(head: nil))
        #expect(byDefault.contextualHead == nil)
        #expect(byDefault.trainingOptions.contextualHead == nil, "nil stays nil: the options section is as before")
        // Every section but the options is the fast-tier model's, and the options never name a
        // head (nil is not written), as in the file of a model trained before the default.
        let parts = ChunkedFileParts(byDefault.fileBytes())
        #expect(!parts.tags.contains("CTXH"))
        let asNone = ChunkedFileParts(try NLUModel.train(from: german, options: Self.options(head: "none")).fileBytes())
        #expect(parts.tags == asNone.tags)
        for (a, b) in zip(parts.sections, asNone.sections) where a.tag != "OPTS" {
            #expect(a.payload == b.payload, "section \(a.tag)")
        }
        let options = try #require(parts.sections.first { $0.tag == "OPTS" })
        #expect(!String(decoding: options.payload, as: UTF8.self).contains(#""contextualHead""#))
    }

    @Test func theHeadKeepsNoRequestTheFastTierRejectsAsUnsure() throws {
        let skill = try Importer.decode(Data(Self.plantJSON.utf8))
        let model = try NLUModel.train(from: skill, options: Self.options(head: "en"))
        let fallback = "AMAZON.FallbackIntent"
        // Requests outside the skill in its own words: the encoder reads them as the intent
        // they resemble, while the fast tier is unsure of that intent and falls back.
        let outside = ["check on my order", "how are my investments doing", "how is the stock market doing",
                       "is my cat healthy", "what is wrong with my car", "order more printer ink", "water bill payment",
                       "my dog is hungry", "buy dog food", "how are the kids doing"]
        var fastFallbacks = 0
        for text in outside {
            let fast = model.classifyExplained(text, context: EncoderIntentHeadTests.context(.fast))
            // Rejected by the in-domain threshold, calibrated on the fast tier's probabilities.
            guard fast.result.intent?.name == fallback, fast.explanation.rules.contains(where: { $0.kind == .belowThreshold })
            else { continue }
            fastFallbacks += 1
            let accurate = model.classifyExplained(text, context: EncoderIntentHeadTests.context(.accurate))
            #expect(accurate.explanation.contextual != nil, "\(text): the encoder ran")
            #expect(accurate.result.intent?.name == fallback, "\(text): \(accurate.result.intent?.name ?? "-")")
            #expect(accurate.result.decidedBy == .fallback)
        }
        #expect(fastFallbacks >= 2, "the fast tier rejects some of them as unsure")
        // A request of the skill's in other words is still the head's to read.
        #expect(model.classify("sprinkle some water on the lawn", context: EncoderIntentHeadTests.context(.accurate)).intent?.name == "WaterPlant")
    }
}
