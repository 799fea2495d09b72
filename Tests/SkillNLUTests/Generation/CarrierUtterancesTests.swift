import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Carrier words around samples made only of slots (``TrainingDataGenerator/carrierUtterances()``).
@Suite struct CarrierUtterancesTests {
    static let schema = PhraseListTypeTests.schema

    @Test func modelsWithoutPhraseListsGetNone() {
        let music = SkillSchema(model: try! Importer.decode(Data(CarrierSpanTests.json.utf8)), tokenizer: Tokenizer(locale: "en-US"))
        #expect(TrainingDataGenerator(schema: music).carrierUtterances().isEmpty)
        var off = GenerationOptions()
        off.carrierUtterances = 0
        #expect(TrainingDataGenerator(schema: Self.schema, options: off).carrierUtterances().isEmpty)
    }

    @Test func allSlotSamplesAreSaidWithCarrierWordsOutsideTheSlots() {
        let generator = TrainingDataGenerator(schema: Self.schema)
        let made = generator.carrierUtterances()
        #expect(made.count == GenerationOptions.defaultCarrierUtterances)
        #expect(made.allSatisfy { $0.intent == "PickPetIntent" })
        var outside: [[String]] = []
        for u in made {
            let scalars = Array(u.text.unicodeScalars)
            var text = String.UnicodeScalarView()
            for (k, c) in scalars.enumerated() { text.append(u.slots.contains { $0.start <= k && k < $0.end } ? " " : c) }
            outside.append(String(text).split(separator: " ").map(String.init))
        }
        // Every utterance has words outside its slots; "please" and "thanks", forms of the
        // intent's head and tail types, are never among them, while everyday carriers are.
        #expect(outside.allSatisfy { !$0.isEmpty })
        #expect(!outside.joined().contains { ["please", "thanks", "thank"].contains($0) })
        #expect(outside.contains { $0 == ["how", "about"] || $0 == ["show", "me"] })
    }
}
