import Foundation
import InteractionModel
@testable import SkillNLU
import TestFixtures

/// A small coffee-shop skill written for these tests: two custom intents with custom slot
/// types (values, synonyms, ids) and a built-in intent.
enum Fixtures {
    static let coffeeJSON = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "coffee shop",
      "intents": [
        {"name": "OrderDrink", "slots": [
            {"name": "drink", "type": "DrinkType"},
            {"name": "size", "type": "SizeType"}],
         "samples": ["i want a {size} {drink}", "a {drink} please", "can i get a {size} {drink}",
                     "order a {drink}", "get me a {drink}", "i would like a {size} {drink}",
                     "one {size} {drink} please", "{size} {drink}", "make me a {drink}",
                     "i'll have a {drink}", "give me a {size} {drink}", "could i order a {drink}"]},
        {"name": "OrderStatus", "samples": ["where is my order", "is my coffee ready",
                     "how long until my drink is ready", "what is the status of my order",
                     "when will my order be done", "check my order", "is it ready yet",
                     "how much longer", "track my order", "any news on my order"]},
        {"name": "AMAZON.StopIntent", "samples": ["stop", "never mind", "quit"]}
      ],
      "types": [
        {"name": "DrinkType", "values": [
            {"id": "LATTE", "name": {"value": "latte", "synonyms": ["caffe latte", "latte macchiato"]}},
            {"id": "ESPRESSO", "name": {"value": "espresso", "synonyms": ["shot of espresso"]}},
            {"id": "CAPPUCCINO", "name": {"value": "cappuccino"}},
            {"id": "MOCHA", "name": {"value": "mocha", "synonyms": ["cafe mocha"]}},
            {"id": "TEA", "name": {"value": "green tea"}},
            {"id": "AMERICANO", "name": {"value": "americano"}}]},
        {"name": "SizeType", "values": [
            {"id": "S", "name": {"value": "small", "synonyms": ["tall"]}},
            {"id": "M", "name": {"value": "medium", "synonyms": ["grande", "regular"]}},
            {"id": "L", "name": {"value": "large", "synonyms": ["venti", "big"]}}]}
      ]}}}
    """#

    static var coffee: InteractionModel {
        try! Importer.decode(Data(coffeeJSON.utf8))
    }

    /// Quick settings: tests check behaviour, not accuracy figures.
    static var fastOptions: TrainingOptions { .quick }

    static let coffeeModel: NLUModel = trained(fastOptions)

    /// The coffee skill trained with `options`, once per test process (``TrainedModels``).
    static func trained(_ options: TrainingOptions) -> NLUModel {
        try! TrainedModels.model(coffee, options: options)
    }

    /// The bundled PizzaShop skill (a `multipleValues` toppings slot, built-in slots, a dialog
    /// model), trained once with `quickPizzaShop`.
    static let pizzaShopModel: NLUModel = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let imported = try! Importer.load(path: root.appendingPathComponent("InteractionModels/PizzaShop").path)
        return try! TrainedModels.model(imported.model, options: .quickPizzaShop)
    }()
}
