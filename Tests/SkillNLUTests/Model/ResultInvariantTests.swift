import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// What a result shows is one distribution: the chosen intent is the most confident, and the
/// chosen confidence and the alternatives' add up to at most 1, whichever layer decided.
@Suite struct ResultInvariantTests {
    /// Every sample of the model, its slots filled with a value of their type.
    static func filledSamples(_ model: NLUModel) -> [String] {
        let types = Dictionary(model.interactionModel.languageModel.types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        func value(of type: String) -> String {
            if let listed = types[type]?.values.first { return listed.name.value }
            switch type {
            case "AMAZON.NUMBER": return "two"
            case "AMAZON.DATE": return "tomorrow"
            case "AMAZON.TIME": return "six pm"
            case "AMAZON.DURATION": return "twenty minutes"
            default: return "something nice"
            }
        }
        return model.interactionModel.languageModel.intents.flatMap { intent in
            let slotTypes = Dictionary(intent.slots.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
            return intent.samples.map { sample in
                SampleTemplate.lenient(sample).parts.map { part -> String in
                    switch part {
                    case .text(let t): return t
                    case .slot(let name, _): return value(of: slotTypes[name] ?? "")
                    }
                }.joined()
            }
        }
    }

    static let coffeeParaphrases = [
        "could you tell me if my coffee is done", "how much longer for my big mocha", "i want a large flat white",
        "a big mocha for me", "what about my coffee", "please stop", "a latte please", "one grande tea",
        "is the espresso ready", "the weather in paris", "", "latte",
    ]
    static let pizzaParaphrases = [
        "cancel the large pizza", "who painted the mona lisa", "what's the capital of france", "remind me to buy eggs",
        "i'd like a big hawaiian pizza on thin crust", "bring it tomorrow at seven", "are you open on sunday",
        "what do you have", "no thanks", "yes please", "play the new taylor swift song", "forget it",
        "how many miles is a marathon", "two medium pepperoni with olives", "order status please",
    ]

    static func cases() -> [(NLUModel, String)] {
        let coffee = Fixtures.coffeeModel, pizza = Fixtures.pizzaShopModel
        return (filledSamples(coffee) + coffeeParaphrases).map { (coffee, $0) }
            + (filledSamples(pizza) + pizzaParaphrases).map { (pizza, $0) }
    }

    /// The chosen intent is the most confident shown, and the shown confidences add up to at most 1.
    static func check(_ r: NLUResult, _ note: String) {
        guard let intent = r.intent else { return }
        #expect(r.alternatives.allSatisfy { $0.confidence <= intent.confidence }, "\(note): \(intent) \(r.alternatives)")
        let total = intent.confidence + r.alternatives.reduce(0) { $0 + $1.confidence }
        #expect(total <= 1 + 1e-9, "\(note): \(intent) \(r.alternatives) add up to \(total)")
        #expect(!r.alternatives.contains { $0.name == intent.name }, "\(note)")
    }

    @Test func chosenIsTheMostConfidentAndTheConfidencesFitInOne() {
        for (model, text) in Self.cases() {
            for topK in [3, 20] {
                Self.check(model.classify(text, context: ClassificationContext(topK: topK)), "\(text) top \(topK)")
            }
        }
    }

    @Test func invariantsHoldWithoutSlotsAndWhileEliciting() {
        let pizza = Fixtures.pizzaShopModel
        var routing = ClassificationContext(topK: 20)
        routing.fillSlots = false
        var asking = ClassificationContext(elicitingSlot: .init(intent: "OrderPizzaIntent", slot: "pizza"), topK: 20)
        for text in Self.pizzaParaphrases + ["pepperoni", "a large one", "something spicy", "cancel"] {
            Self.check(pizza.classify(text, context: routing), "routing \(text)")
            Self.check(pizza.classify(text, context: asking), "asking \(text)")
            asking.exactMatching = false
            Self.check(pizza.classify(text, context: asking), "asking, no exact layer \(text)")
            asking.exactMatching = true
        }
    }
}
