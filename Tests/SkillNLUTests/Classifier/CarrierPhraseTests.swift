import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct CarrierPhraseTests {
    let tokenizer = Tokenizer(locale: "en-US")

    func words(_ tokens: [Token]) -> [String] { tokens.map(\.normalized) }

    @Test func eachSlotValueBecomesOnePlaceholder() {
        let tokens = tokenizer.tokenize("when can i see the conflicts of life in paris")
        // "the conflicts of life" is slot 0 (labels 1, 2), "paris" slot 1 (labels 3, 4).
        let labels: [Int32] = [0, 0, 0, 0, 1, 2, 2, 2, 0, 3]
        #expect(words(CarrierPhrase.tokens(tokens, labels: labels)) == ["when", "can", "i", "see", "<slot>", "in", "<slot>"])
        // Two values side by side stay two placeholders.
        #expect(words(CarrierPhrase.tokens(tokens, labels: [0, 0, 0, 0, 1, 2, 3, 4, 0, 0])) ==
                ["when", "can", "i", "see", "<slot>", "<slot>", "in", "paris"])
        // Labels that do not fit the tokens change nothing.
        #expect(words(CarrierPhrase.tokens(tokens, labels: [1])) == words(tokens))
    }

    /// Readings that mark the same spans, for whichever slots, say the same carrier phrase
    /// (joint decoding scores it once); other spans or kept words make another one.
    @Test func readingsWithTheSameSpansShareTheirPattern() {
        let tokens = tokenizer.tokenize("when can i see the conflicts of life in paris")
        let asFilm: [Int32] = [0, 0, 0, 0, 1, 2, 2, 2, 0, 3]
        let asPlace: [Int32] = [0, 0, 0, 0, 5, 6, 6, 6, 0, 7]
        let pattern = CarrierPhrase.pattern(tokenCount: tokens.count, labels: asFilm)
        #expect(pattern == [0, 1, 2, 3, -1, 8, -1])
        #expect(CarrierPhrase.pattern(tokenCount: tokens.count, labels: asPlace) == pattern)
        #expect(CarrierPhrase.pattern(tokenCount: tokens.count, labels: [0, 0, 0, 0, 1, 2, 0, 0, 0, 3]) != pattern)
        #expect(CarrierPhrase.pattern(tokenCount: tokens.count, labels: asFilm, keeping: [false, true]) == [0, 1, 2, 3, -1, 8, 9])
        #expect(words(CarrierPhrase.tokens(tokens, pattern: pattern)) == words(CarrierPhrase.tokens(tokens, labels: asPlace)))
        // Labels that do not fit the tokens keep every token.
        #expect(CarrierPhrase.pattern(tokenCount: tokens.count, labels: [1]) == Array(0..<tokens.count))
    }

    @Test func wordsOfKeptSlotsStay() {
        let tokens = tokenizer.tokenize("show me times for coach flights between boston and baltimore")
        // "times" is slot 0, "coach" slot 1, the cities slots 2 and 3.
        let labels: [Int32] = [0, 0, 1, 0, 3, 0, 0, 5, 0, 7]
        #expect(words(CarrierPhrase.tokens(tokens, labels: labels, keeping: [true, false, false, false])) ==
                ["show", "me", "times", "for", "<slot>", "flights", "between", "<slot>", "and", "<slot>"])
        // Kept or not, the words are the same whichever slot a reading gives them.
        #expect(words(CarrierPhrase.tokens(tokens, labels: [0, 0, 3, 0, 1, 0, 0, 5, 0, 7], keeping: [false, true, false, false])) ==
                ["show", "me", "times", "for", "<slot>", "flights", "between", "<slot>", "and", "<slot>"])
        // Nothing kept, or a slot beyond the list: the placeholder.
        #expect(words(CarrierPhrase.tokens(tokens, labels: labels, keeping: [])) ==
                words(CarrierPhrase.tokens(tokens, labels: labels)))
        #expect(words(CarrierPhrase.tokens(tokens, labels: labels, keeping: [false])).filter { $0 == "<slot>" }.count == 4)
    }

    @Test func shortCustomListsAreKept() {
        let schema = Fixtures.coffeeModel.schema
        let drink = schema.slotNames.firstIndex(of: "drink")!, size = schema.slotNames.firstIndex(of: "size")!
        // SizeType has 3 values and 5 synonyms, DrinkType 6 values and 4 synonyms.
        #expect(CarrierPhrase.keptSlots(schema, limit: 0) == [])
        let eight = CarrierPhrase.keptSlots(schema, limit: 8)
        #expect(eight.count == schema.slotNames.count && eight[size] && !eight[drink])
        let ten = CarrierPhrase.keptSlots(schema, limit: 10)
        #expect(ten[size] && ten[drink])
        #expect(!CarrierPhrase.keptSlots(schema, limit: 7).contains(true))
    }

    @Test func theLimitIsChosenWhenTrainingAndStored() throws {
        #expect(Fixtures.coffeeModel.trainingOptions.carrierKeptListLimit == TrainingOptions.defaultCarrierKeptListLimit)
        #expect(Fixtures.coffeeModel.carrierKept.contains(true))
        var options = Fixtures.fastOptions
        options.carrierKeptListLimit = 3
        let three = Fixtures.trained(options)
        #expect(three.trainingOptions.carrierKeptListLimit == 3 && !three.carrierKept.contains(true))
        let loaded = try NLUModel(fileBytes: three.fileBytes())
        #expect(loaded.trainingOptions.carrierKeptListLimit == 3)
        // Without a carrier classifier nothing is kept.
        options.carrierKeptListLimit = nil
        options.carrierClassifier = false
        #expect(Fixtures.trained(options).trainingOptions.carrierKeptListLimit == 0)
    }

    @Test func noUtteranceSpellsThePlaceholder() {
        for text in ["<slot>", "< slot >", "<<slot>>", "slot"] {
            #expect(!tokenizer.tokenize(text).contains { $0.normalized == CarrierPhrase.placeholder.normalized }, "\(text)")
        }
    }

    @Test func examplesAreOnePerIntentAndCarrier() {
        func example(_ text: String, intent: Int, labels: [Int32]) -> TrainingExample {
            TrainingExample(tokens: tokenizer.tokenize(text), intent: intent, labels: labels, weight: 3, text: text)
        }
        let examples = CarrierPhrase.examples(from: [
            example("play jolene", intent: 0, labels: [0, 1]),
            example("play hey jude", intent: 0, labels: [0, 1, 2]),   // the same carrier, another filling
            example("play hey jude", intent: 1, labels: [0, 1, 2]),   // the same carrier in another intent
            example("play the radio", intent: 0, labels: [0, 0, 0]),
        ])
        #expect(examples.map(\.label) == [0, 1, 0])
        #expect(examples.map { words($0.tokens) } == [["play", "<slot>"], ["play", "<slot>"], ["play", "the", "radio"]])
        #expect(examples.allSatisfy { $0.weight == 1 })
    }

    @Test func onlyModelsWithSlotsKeepACarrierClassifier() throws {
        let withSlots = Fixtures.coffeeModel
        #expect(withSlots.carrierClassifier != nil)
        #expect(withSlots.trainingOptions.carrierClassifier == true)

        let json = #"""
        {"interactionModel": {"languageModel": {"invocationName": "greeter", "intents": [
          {"name": "Hello", "samples": ["hello", "good morning", "hi there"]},
          {"name": "Goodbye", "samples": ["goodbye", "see you later", "bye now"]}]}}}
        """#
        let noSlots = try NLUModel.train(from: try Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)
        #expect(noSlots.carrierClassifier == nil)
        #expect(noSlots.trainingOptions.carrierClassifier == false)
        #expect(noSlots.classify("good morning to you").intent?.name == "Hello")

        var off = Fixtures.fastOptions
        off.carrierClassifier = false
        #expect(try NLUModel.train(from: Fixtures.coffee, options: off).carrierClassifier == nil)
    }
}
