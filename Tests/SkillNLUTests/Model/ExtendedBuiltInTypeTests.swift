import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A model that adds values to a built-in list type keeps the type's own values, as Alexa does.
@Suite struct ExtendedBuiltInTypeTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "colour picker",
      "intents": [
        {"name": "FavoriteColorIntent", "slots": [{"name": "color", "type": "AMAZON.Color"}],
         "samples": ["my favorite color is {color}", "i like {color}", "{color} is my favorite",
                     "set my color to {color}"]},
        {"name": "PaintIntent", "slots": [{"name": "room", "type": "RoomType"}],
         "samples": ["paint the {room}", "i want to paint my {room}", "repaint the {room} please"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "AMAZON.Color", "values": [{"id": "CHARTREUSE", "name": {"value": "chartreuse"}}]},
        {"name": "RoomType", "values": [{"name": {"value": "kitchen"}}, {"name": {"value": "bedroom"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    @Test func schemaKeepsTheBuiltInValuesBesideTheAddedOnes() throws {
        let schema = Self.model.schema
        let type = try #require(schema.typeIndex(named: "AMAZON.Color").map { schema.types[$0] })
        let forms = Set(type.surfaceForms.map { $0.text.lowercased() })
        #expect(forms.contains("chartreuse") && forms.contains("red") && forms.contains("dark green"))
        #expect(type.isBuiltIn)
        // Resolution knows only the model's own values.
        #expect(type.values.map(\.name.value) == ["chartreuse"])
        #expect(schema.gazetteerValueCounts[schema.typeIndex(named: "AMAZON.Color")!] > type.values.count)
    }

    @Test func builtInValuesAreStillUnderstood() {
        for (text, value) in [("my favorite color is red", "red"), ("i like dark green", "dark green"),
                              ("blue is my favorite", "blue"), ("set my color to chartreuse", "chartreuse")] {
            let r = Self.model.classify(text)
            #expect(r.intent?.name == "FavoriteColorIntent", "\(text)")
            #expect(r.slot(named: "color")?.rawValue == value, "\(text)")
        }
    }

    @Test func onlyAddedValuesResolve() throws {
        let red = try #require(Self.model.classify("i like red").slot(named: "color"))
        #expect(red.resolutions?.resolutionsPerAuthority.first?.status.code == .successNoMatch)
        let added = try #require(Self.model.classify("i like chartreuse").slot(named: "color"))
        #expect(added.resolutions?.resolutionsPerAuthority.first?.values.first?.value.id == "CHARTREUSE")
    }

    @Test func aSavedModelLoadsWithTheExtendedGazetteer() throws {
        let loaded = try NLUModel(fileBytes: Self.model.fileBytes())
        #expect(loaded.classify("green is my favorite").slot(named: "color")?.rawValue == "green")
    }
}
