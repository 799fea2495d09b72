import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct ExampleSelectorTests {
    let list = Fixtures.coffeeModel.exampleUtterances(perIntent: 3)

    @Test func everyIntentWithSamplesIsListedWithUpToTheAskedCount() {
        #expect(list.map(\.intent) == ["OrderDrink", "OrderStatus", "AMAZON.StopIntent"])
        #expect(list.allSatisfy { (1...3).contains($0.examples.count) })
        #expect(list.allSatisfy { Set($0.examples).count == $0.examples.count })
    }

    @Test func slotsAreFilledWithListedValuesThatVary() throws {
        let drinks = ["latte", "espresso", "cappuccino", "mocha", "green tea", "americano"]
        let order = try #require(list.first { $0.intent == "OrderDrink" })
        #expect(order.examples.allSatisfy { !$0.contains("{") })
        let used = drinks.filter { d in order.examples.contains { $0.contains(d) } }
        #expect(used.count >= 2, "\(order.examples)")
    }

    @Test func examplesDifferInTheirCarrierWords() throws {
        let status = try #require(list.first { $0.intent == "OrderStatus" })
        let words = status.examples.map { Set($0.split(separator: " ")) }
        for i in words.indices {
            for j in words.indices where j > i { #expect(words[i] != words[j]) }
        }
    }

    @Test func fallbackIsNotListedAndBuiltInSlotsGetSpokenValues() throws {
        let model = try Importer.decode(Data(#"""
        {"interactionModel": {"languageModel": {"invocationName": "x", "intents": [
          {"name": "AMAZON.FallbackIntent", "samples": []},
          {"name": "Timer", "slots": [{"name": "d", "type": "AMAZON.DURATION"}], "samples": ["set a timer for {d}"]}
        ], "types": []}}}
        """#.utf8))
        let list = ExampleSelector(model: model).examples(perIntent: 2)
        #expect(list.map(\.intent) == ["Timer"])
        let example = try #require(list.first?.examples.first)
        #expect(example.hasPrefix("set a timer for ") && !example.contains("{"))
    }

    @Test func aTrainedModelShowsOnlyExamplesItUnderstands() {
        for entry in list {
            for example in entry.examples {
                #expect(Fixtures.coffeeModel.classify(example).intent?.name == entry.intent, "\(example)")
            }
        }
    }

    @Test func rejectedExamplesAreReplacedUnlessNoneIsAccepted() {
        let selector = ExampleSelector(model: Fixtures.coffee)
        let noPlease = selector.examples(perIntent: 3) { text, _ in !text.contains("please") }
        let order = noPlease.first { $0.intent == "OrderDrink" }
        #expect(order?.examples.count == 3)
        #expect(order?.examples.allSatisfy { !$0.contains("please") } == true)
        let none = selector.examples(perIntent: 2) { _, _ in false }
        #expect(none.map(\.examples) == selector.examples(perIntent: 2).map(\.examples))
    }
}
