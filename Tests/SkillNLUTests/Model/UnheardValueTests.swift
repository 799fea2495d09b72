import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A word nobody taught the model, beside the words around a slot, fills the slot the tagger left empty.
@Suite struct UnheardValueTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "soup kitchen",
      "intents": [
        {"name": "RecipeIntent", "slots": [{"name": "dish", "type": "DishType"}],
         "samples": ["how do i make {dish} soup", "how do i make a {dish} soup", "recipe for {dish} soup", "{dish} soup",
                     "what goes in {dish} soup"]},
        {"name": "PairIntent", "slots": [{"name": "dish", "type": "DishType"}, {"name": "bread", "type": "BreadType"}],
         "samples": ["serve {dish} soup with {bread}", "what goes with {dish} soup", "{bread} with {dish} soup"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "DishType", "values": [{"name": {"value": "tomato"}}, {"name": {"value": "lentil"}},
                                        {"name": {"value": "pea"}}, {"name": {"value": "sweet potato"}}]},
        {"name": "BreadType", "values": [{"name": {"value": "rye"}}, {"name": {"value": "sourdough"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// The value `withUnheardValue` gives the intent's custom slot in `text`, with `spans` tagged
    /// already (slot name, first token, end token), or nil.
    func filled(_ text: String, intent: String = "RecipeIntent", _ spans: [(String, Int, Int)] = []) -> String? {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let keys = tokens.map(PhraseTrie.key)
        let i = model.schema.intentIndex(named: intent)!
        let slots = model.schema.intents[i].slots
        let assignments = spans.map { s in (slot: slots.firstIndex { $0.name == s.0 }!, start: s.1, end: s.2, confidence: Float(1)) }
        let made = model.withUnheardValue(assignments, intent: i, tokens: tokens, keys: keys, context: .init())
        guard made.count > assignments.count, let a = made.last else { return nil }
        return tokens[a.start..<a.end].map(\.text).joined(separator: " ")
    }

    @Test func anUnheardWordBesideTheSlotsCarrierFillsIt() {
        // The samples say "{dish} soup"; people also say "soup" first.
        #expect(filled("a recipe for soup minestrone") == "minestrone")
        #expect(filled("how do i make a hearty minestrone soup") == "hearty minestrone")
        // Words of the listed forms beside the run join it ("sweet" of "sweet potato").
        #expect(filled("recipe for sweet chestnut soup") == "sweet chestnut")
    }

    @Test func nothingIsFilledWithoutEvidence() {
        // Not beside a carrier word of the samples.
        #expect(filled("minestrone tonight please") == nil)
        // Two runs: nothing says which is the value.
        #expect(filled("gazpacho soup or soup minestrone") == nil)
        // A slot the tagger filled keeps its value.
        #expect(filled("recipe for tomato soup minestrone", [("dish", 2, 3)]) == nil)
        // An intent with two custom slots: nothing says whose value it is.
        #expect(filled("serve borscht soup with rye", intent: "PairIntent") == nil)
    }
}
