import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A listed value stays one value when the tagger cut it between two slots.
@Suite struct ListedWholeTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "card writer",
      "intents": [
        {"name": "CardIntent", "slots": [
            {"name": "relation", "type": "RelationType"}, {"name": "name", "type": "AMAZON.US_FIRST_NAME"},
            {"name": "band", "type": "BandType"}, {"name": "city", "type": "CityType"}],
         "samples": ["write a card for my {relation} {name}", "a card for my {relation}", "send my {relation} a card",
                     "a card to {city}"]}
      ],
      "types": [
        {"name": "RelationType", "values": [{"name": {"value": "sister"}}, {"name": {"value": "neighbor"}},
                                            {"name": {"value": "uncle"}}]},
        {"name": "BandType", "values": [{"name": {"value": "pink floyd"}}, {"name": {"value": "the beach boys"}}]},
        {"name": "CityType", "values": [{"name": {"value": "new york"}}, {"name": {"value": "paris"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// What `withListedWholes` makes of `spans` (slot name, first token, end token), as "slot=words".
    func wholes(_ text: String, _ spans: [(String, Int, Int)]) -> [String] {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let keys = tokens.map(PhraseTrie.key)
        let i = model.schema.intentIndex(named: "CardIntent")!
        let slots = model.schema.intents[i].slots
        let assignments = spans.map { s in (slot: slots.firstIndex { $0.name == s.0 }!, start: s.1, end: s.2, confidence: Float(1)) }
        let made = model.withListedWholes(assignments, intent: i, tokens: tokens,
                                          gazetteer: model.schema.gazetteer.allMatches(keys), context: .init())
        return made.map { a in slots[a.slot].name + "=" + tokens[a.start..<a.end].map(\.text).joined(separator: " ") }
    }

    @Test func aListedValueCutBetweenOtherSlotsIsMadeWhole() {
        // No sample says {band}; "pink floyd" is one of its listed values.
        #expect(wholes("she really likes pink floyd", [("relation", 3, 4), ("name", 4, 5)]) == ["band=pink floyd"])
    }

    @Test func aListedValueOfTheSlotBeforeJoinsItsUnlistedSpan() {
        // "my {relation} {name}" reads "older sister" as a relation and a name; "sister" is a relation.
        #expect(wholes("write a card for my older sister", [("relation", 5, 6), ("name", 6, 7)]) == ["relation=older sister"])
    }

    @Test func piecesTheirOwnSlotsListStayAsRead() {
        // "uncle" is a listed relation and "paris" a listed city: two values, not one.
        #expect(wholes("a card for my uncle paris", [("relation", 4, 5), ("city", 5, 6)]) == ["relation=uncle", "city=paris"])
        // A name after a listed relation is the name.
        #expect(wholes("write a card for my sister anna", [("relation", 5, 6), ("name", 6, 7)]) == ["relation=sister", "name=anna"])
        // The band's slot already has a value: the pieces stay.
        #expect(wholes("pink floyd or pink floyd", [("band", 0, 2), ("relation", 3, 4), ("name", 4, 5)])
                == ["band=pink floyd", "relation=pink", "name=floyd"])
    }
}
