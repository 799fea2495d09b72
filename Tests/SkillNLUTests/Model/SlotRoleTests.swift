import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Role words choose between slots of one type: origin and destination, alone or together, in
/// any order, and in a dialog the answer fills the slot that was asked for.
@Suite struct SlotRoleTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "trip planner",
      "intents": [
        {"name": "PlanTripIntent", "slots": [
            {"name": "fromCity", "type": "AMAZON.US_CITY"}, {"name": "toCity", "type": "AMAZON.US_CITY"},
            {"name": "travelDate", "type": "AMAZON.DATE"}],
         "samples": ["i'm leaving from {fromCity}", "i am going to {toCity}", "book a trip from {fromCity} to {toCity}",
                     "i want to travel to {toCity} on {travelDate}", "plan a trip"]},
        {"name": "WeatherIntent", "slots": [{"name": "city", "type": "AMAZON.US_CITY"}],
         "samples": ["what's the weather in {city}", "weather for {city}", "is it raining in {city}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    var trip: Int { Self.model.schema.intentIndex(named: "PlanTripIntent")! }

    @Test func rolePhrasesComeFromTheSamplesAndTheDirectionWords() {
        let roles = Self.model.slotRoles[trip]
        #expect(roles.groups == [[0, 1]])
        #expect(roles.texts[0].contains("from") && roles.texts[0].contains("leaving from") && roles.texts[0].contains("starting in"))
        #expect(roles.texts[1].contains("to") && roles.texts[1].contains("going to") && roles.texts[1].contains("arriving in"))
        #expect(!roles.texts[0].contains("to") && !roles.texts[1].contains("from"))
        // No slot of the weather intent shares its type: nothing to choose between.
        #expect(Self.model.slotRoles[Self.model.schema.intentIndex(named: "WeatherIntent")!].groups.isEmpty)
    }

    @Test func slotsSaidSideBySideHaveNoRolePhraseThere() throws {
        let json = Self.json.replacingOccurrences(of: #""plan a trip"]"#, with: #""plan a trip", "{fromCity} {toCity}"]"#)
        let model = try Importer.decode(Data(json.utf8))
        let schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale))
        let roles = SlotRoles(intent: schema.intents[0], tokenizer: schema.tokenizer)
        #expect(roles.groups == [[0, 1]])
    }

    @Test func aRolePhraseMovesASpanToItsSlot() {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize("starting in denver")
        let moved = model.withRoles([(slot: 1, start: 2, end: 3, confidence: 1)], intent: trip, tokens: tokens,
                                    keys: tokens.map(PhraseTrie.key), gazetteer: [], context: .init())
        #expect(moved.map(\.slot) == [0])
        let both = model.schema.tokenizer.tokenize("to paris from denver please")
        let found = model.withRoles([(slot: 0, start: 3, end: 4, confidence: 1)], intent: trip, tokens: both,
                                    keys: both.map(PhraseTrie.key), gazetteer: [], context: .init())
        #expect(found.map { [$0.slot, $0.start, $0.end] } == [[1, 1, 2], [0, 3, 4]])
        // Inside a sentence a role word may be no role at all: "go" is no destination.
        let verb = model.schema.tokenizer.tokenize("i want to go from denver")
        let kept = model.withRoles([(slot: 0, start: 5, end: 6, confidence: 1)], intent: trip, tokens: verb,
                                   keys: verb.map(PhraseTrie.key), gazetteer: [], context: .init())
        #expect(kept.map { [$0.slot, $0.start, $0.end] } == [[0, 5, 6]])
    }

    @Test func roleWordsDecideAloneOrTogetherInAnyOrder() {
        let cases: [(String, from: String?, to: String?)] = [
            ("starting in denver", "denver", nil), ("leaving chicago", "chicago", nil), ("arriving in seattle", nil, "seattle"),
            ("to paris from denver please", "denver", "paris"), ("from boston to miami", "boston", "miami"),
            ("heading to austin from dallas", "dallas", "austin"),
        ]
        for c in cases {
            let r = Self.model.classify(c.0)
            #expect(r.intent?.name == "PlanTripIntent", "\(c.0)")
            #expect(r.slot(named: "fromCity")?.rawValue == c.from, "\(c.0)")
            #expect(r.slot(named: "toCity")?.rawValue == c.to, "\(c.0)")
        }
    }

    @Test func theAnswerFillsTheSlotThatWasAskedFor() {
        for asked in ["fromCity", "toCity"] {
            let context = ClassificationContext(elicitingSlot: .init(intent: "PlanTripIntent", slot: asked))
            for text in ["boston", "denver please", "it's chicago"] {
                let r = Self.model.classify(text, context: context)
                #expect(r.intent?.name == "PlanTripIntent", "\(text)")
                #expect(r.slots.map(\.name) == [asked], "\(asked): \(text)")
            }
        }
        // A role word still says which slot the value is.
        let r = Self.model.classify("from boston", context: .init(elicitingSlot: .init(intent: "PlanTripIntent", slot: "toCity")))
        #expect(r.slot(named: "fromCity")?.rawValue == "boston")
    }
}
