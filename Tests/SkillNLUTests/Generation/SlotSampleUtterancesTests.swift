import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Slots an intent declares but names only in its slot samples
/// (``TrainingDataGenerator/slotSampleUtterances(of:)``): the intent learns their values too, so
/// an utterance with a date no longer goes to the intent whose samples carry the dates.
@Suite struct SlotSampleUtterancesTests {
    /// A table-booking skill: booking names the day and hour in its samples; asking for free
    /// tables has one sample without slots and says its day and hour only in slot samples.
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "table booker",
      "intents": [
        {"name": "BookTableIntent", "slots": [
            {"name": "day", "type": "AMAZON.DATE", "samples": ["for {day}", "{day}"]},
            {"name": "hour", "type": "AMAZON.TIME", "samples": ["at {hour}", "{hour}"]}],
         "samples": ["book a table for {day} at {hour}", "reserve a table on {day}", "book a table at {hour} on {day}",
                     "{day} at {hour}", "i want a table for {day}", "book a table", "reserve a table"]},
        {"name": "FreeTablesIntent", "slots": [
            {"name": "day", "type": "AMAZON.DATE", "samples": ["look up {day}", "for {day}", "{day}"]},
            {"name": "hour", "type": "AMAZON.TIME", "samples": ["look up {hour}", "at {hour}", "{hour}"]}],
         "samples": ["any free tables"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let interactionModel = try! Importer.decode(Data(json.utf8))
    static let schema = SkillSchema(model: interactionModel, tokenizer: Tokenizer(locale: "en-US"))

    @Test func onlySlotsNoSampleNamesAreSaidThroughTheirSlotSamples() {
        let made = TrainingDataGenerator(schema: Self.schema).slotSampleUtterances(of: Self.interactionModel)
        // Booking names both slots in its samples: nothing for it.
        #expect(made.allSatisfy { $0.intent == "FreeTablesIntent" })
        #expect(made.filter { $0.slots.map(\.slot) == ["day"] }.count == GenerationOptions.defaultSlotSampleUtterances)
        #expect(made.filter { $0.slots.map(\.slot) == ["hour"] }.count == GenerationOptions.defaultSlotSampleUtterances)
        // After the intent's own sample, or alone when the slot sample has words of its own.
        #expect(made.contains { $0.text.hasPrefix("any free tables for ") })
        #expect(made.contains { $0.text.hasPrefix("look up ") })
        #expect(!made.contains { $0.slots.first?.start == 0 })
        for u in made {
            let scalars = Array(u.text.unicodeScalars)
            #expect(u.slots.allSatisfy { String(String.UnicodeScalarView(scalars[$0.start..<$0.end])) == $0.value })
        }
        var off = GenerationOptions()
        off.slotSampleUtterances = 0
        #expect(TrainingDataGenerator(schema: Self.schema, options: off).slotSampleUtterances(of: Self.interactionModel).isEmpty)
    }

    @Test func modelsWithoutSuchSlotSamplesGetNone() throws {
        // The same slots without slot samples: no way the model says how they are said.
        let bare = Self.json.replacingOccurrences(of: #"(, "samples": \[[^\]]*\])\}"#, with: "}", options: .regularExpression)
        let model = try Importer.decode(Data(bare.utf8))
        #expect(model.languageModel.intents[1].slots.allSatisfy { $0.samples.isEmpty })
        let schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: "en-US"))
        #expect(TrainingDataGenerator(schema: schema).slotSampleUtterances(of: model).isEmpty)
    }

    @Test func aDateOrTimeNoLongerDecidesForTheIntentWhoseSamplesCarryThem() throws {
        let model = try NLUModel.train(from: Self.interactionModel, options: Fixtures.fastOptions)
        let asked = ["any free tables on friday", "are there free tables tomorrow", "free tables at seven pm",
                     "any free tables next saturday at eight"]
        for text in asked {
            let result = model.classify(text)
            #expect(result.intent?.name == "FreeTablesIntent", "\(text): \(String(describing: result.intent?.name))")
            #expect(!result.slots.isEmpty, "\(text): no slot")
        }
        // Booking with a day and hour stays booking.
        #expect(model.classify("book a table for friday at seven pm").intent?.name == "BookTableIntent")
        #expect(model.classify("i'd like a table tomorrow").intent?.name == "BookTableIntent")
    }
}
