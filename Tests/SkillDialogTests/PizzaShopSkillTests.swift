import Foundation
import InteractionModel
import PizzaShopSkill
import SkillNLU
import SkillNLUTraining
import Testing
@testable import SkillDialog

/// The example skill, driven through whole conversations.
@Suite struct PizzaShopSkillTests {
    /// A small pizza model of our own with the intent and slot names of the bundled one.
    static let modelJSON = #"""
    {
      "interactionModel": {
        "languageModel": {
          "invocationName": "pizza shop",
          "intents": [
            { "name": "OrderPizzaIntent", "samples": ["order a {pizza} pizza"], "slots": [
              { "name": "quantity", "type": "AMAZON.NUMBER" }, { "name": "size", "type": "PizzaSize" },
              { "name": "pizza", "type": "PizzaType" }, { "name": "crust", "type": "CrustType" },
              { "name": "toppings", "type": "Topping", "multipleValues": { "enabled": true } } ] },
            { "name": "ScheduleDeliveryIntent", "samples": ["deliver it {date} at {time}"], "slots": [
              { "name": "date", "type": "AMAZON.DATE" }, { "name": "time", "type": "AMAZON.TIME" },
              { "name": "delay", "type": "AMAZON.DURATION" }, { "name": "method", "type": "DeliveryMethod" } ] },
            { "name": "MenuIntent", "samples": ["what pizzas do you have"], "slots": [ { "name": "category", "type": "MenuCategory" } ] },
            { "name": "OrderStatusIntent", "samples": ["where is my order"], "slots": [ { "name": "orderNumber", "type": "AMAZON.NUMBER" } ] },
            { "name": "CancelOrderIntent", "samples": ["cancel my order"], "slots": [ { "name": "orderNumber", "type": "AMAZON.NUMBER" } ] },
            { "name": "StoreHoursIntent", "samples": ["when are you open"] },
            { "name": "AMAZON.HelpIntent" }, { "name": "AMAZON.StopIntent" }, { "name": "AMAZON.FallbackIntent" }
          ],
          "types": [
            { "name": "PizzaSize", "values": [ { "name": { "value": "small" } }, { "name": { "value": "medium" } },
              { "name": { "value": "large", "synonyms": ["big"] } }, { "name": { "value": "extra large" } } ] },
            { "name": "PizzaType", "values": [ { "name": { "value": "pepperoni" } }, { "name": { "value": "margherita" } },
              { "name": { "value": "hawaiian" } } ] },
            { "name": "CrustType", "values": [ { "name": { "value": "thin" } }, { "name": { "value": "thick" } } ] },
            { "name": "Topping", "values": [ { "name": { "value": "olives" } }, { "name": { "value": "ham" } } ] },
            { "name": "DeliveryMethod", "values": [ { "name": { "value": "delivery" } },
              { "name": { "value": "pickup", "synonyms": ["collect it", "pick it up"] } } ] },
            { "name": "MenuCategory", "values": [ { "name": { "value": "pizzas" } }, { "name": { "value": "drinks" } } ] }
          ]
        },
        "dialog": {
          "delegationStrategy": "ALWAYS",
          "intents": [
            { "name": "OrderPizzaIntent", "confirmationRequired": true, "prompts": { "confirmation": "order.confirm" },
              "slots": [
                { "name": "quantity", "type": "AMAZON.NUMBER", "elicitationRequired": true, "prompts": { "elicitation": "order.quantity" },
                  "validations": [ { "type": "isGreaterThan", "prompt": "order.quantity.low", "value": "0" },
                                   { "type": "isLessThanOrEqualTo", "prompt": "order.quantity.high", "value": "10" } ] },
                { "name": "size", "type": "PizzaSize", "elicitationRequired": true, "prompts": { "elicitation": "order.size" },
                  "validations": [ { "type": "isInSet", "prompt": "order.size.invalid", "values": ["small", "medium", "large", "extra large"] } ] },
                { "name": "pizza", "type": "PizzaType", "elicitationRequired": true, "prompts": { "elicitation": "order.pizza" },
                  "validations": [ { "type": "hasEntityResolutionMatch", "prompt": "order.pizza.invalid" } ] },
                { "name": "crust", "type": "CrustType", "elicitationRequired": true, "confirmationRequired": true,
                  "prompts": { "elicitation": "order.crust", "confirmation": "order.crust.confirm" } },
                { "name": "toppings", "type": "Topping", "elicitationRequired": false, "prompts": {} } ] },
            { "name": "ScheduleDeliveryIntent", "prompts": {}, "slots": [
                { "name": "date", "type": "AMAZON.DATE", "elicitationRequired": false, "prompts": {},
                  "validations": [ { "type": "isInDuration", "prompt": "delivery.date.invalid", "start": "P0D", "end": "P7D" } ] },
                { "name": "method", "type": "DeliveryMethod", "elicitationRequired": true, "prompts": { "elicitation": "delivery.method" } } ] },
            { "name": "CancelOrderIntent", "confirmationRequired": true, "prompts": { "confirmation": "cancel.confirm" }, "slots": [] }
          ]
        },
        "prompts": [
          { "id": "order.quantity", "variations": [ { "type": "PlainText", "value": "How many pizzas?" } ] },
          { "id": "order.quantity.low", "variations": [ { "type": "PlainText", "value": "At least one pizza, please. How many?" } ] },
          { "id": "order.quantity.high", "variations": [ { "type": "PlainText", "value": "Ten at most. How many?" } ] },
          { "id": "order.size", "variations": [ { "type": "PlainText", "value": "Which size?" } ] },
          { "id": "order.size.invalid", "variations": [ { "type": "PlainText", "value": "We have no {size} size. Which size?" } ] },
          { "id": "order.pizza", "variations": [ { "type": "PlainText", "value": "Which pizza?" } ] },
          { "id": "order.pizza.invalid", "variations": [ { "type": "PlainText", "value": "{pizza} is not on the menu. Which pizza?" } ] },
          { "id": "order.crust", "variations": [ { "type": "PlainText", "value": "Thin or thick crust?" } ] },
          { "id": "order.crust.confirm", "variations": [ { "type": "PlainText", "value": "{crust} crust, right?" } ] },
          { "id": "order.confirm", "variations": [ { "type": "PlainText", "value": "{quantity} {size} {pizza} on {crust} crust. Place the order?" } ] },
          { "id": "delivery.method", "variations": [ { "type": "PlainText", "value": "Delivery or pickup?" } ] },
          { "id": "delivery.date.invalid", "variations": [ { "type": "PlainText", "value": "Only within a week. Which day?" } ] },
          { "id": "cancel.confirm", "variations": [ { "type": "PlainText", "value": "Really cancel your order?" } ] }
        ]
      }
    }
    """#

    static let phrases: [String: FakeUnderstanding.Entry] = [
        "what pizzas do you have": .init("MenuIntent"),
        "what drinks do you have": .init("MenuIntent", ["category": "drinks"]),
        "where is my order": .init("OrderStatusIntent"),
        "where is order one hundred and one": .init("OrderStatusIntent", ["orderNumber": "101"]),
        "cancel my order": .init("CancelOrderIntent"),
        "when are you open": .init("StoreHoursIntent"),
        "help": .init("AMAZON.HelpIntent"),
        "stop": .init("AMAZON.StopIntent"),
        "i want two big pepperoni pizzas with olives and ham":
            .init("OrderPizzaIntent", ["quantity": "two", "size": "big", "pizza": "pepperoni", "toppings": "olives and ham"]),
        "deliver it tomorrow at 19:00": .init("ScheduleDeliveryIntent", ["date": "tomorrow", "time": "19:00"]),
    ]

    let model: InteractionModel
    let understanding: FakeUnderstanding

    init() throws {
        model = try Importer.decode(Data(Self.modelJSON.utf8))
        understanding = FakeUnderstanding(model: model, phrases: Self.phrases)
    }

    func conversation(_ persistence: any PersistenceAdapter = InMemoryPersistenceAdapter()) -> Conversation {
        Conversation(understanding: understanding, interactionModel: model, skill: PizzaShop.skill(persistence: persistence),
                     seed: 5, options: Fixtures.options)
    }

    /// Plays a script of (user, expected reply) lines; nil user means launch.
    func play(_ c: Conversation, _ script: [(String?, String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        for (line, expected) in script {
            let response: Response
            if let line { response = try await c.turn(line) } else { response = try await c.launch() }
            #expect(response.speechText == expected, "after \"\(line ?? "<launch>")\"", sourceLocation: sourceLocation)
        }
    }

    @Test func orderFromTheMenuThroughEveryDialogStep() async throws {
        let store = InMemoryPersistenceAdapter()
        let c = conversation(store)
        try await play(c, [
            (nil, "Welcome to Pizza Shop! You can order a pizza, hear the menu, or ask about an order. What would you like?"),
            ("what pizzas do you have", "Our pizzas are pepperoni, margherita, hawaiian, veggie, meat lovers, bbq chicken, supreme "
                + "and four cheese. Which one would you like?"),
            ("the second one", "A margherita, good choice. How many pizzas?"),
            ("twelve", "Ten at most. How many?"),
            ("zero", "At least one pizza, please. How many?"),
            ("two", "Which size?"),
            ("huge", "We have no huge size. Which size?"),
            ("large", "Thin or thick crust?"),
            ("thin", "thin crust, right?"),
            ("yes", "2 large margherita on thin crust. Place the order?"),
            ("yes", "Order 101 is placed: 2 large margherita pizzas on thin crust. That comes to $27.98. Delivery or pickup?"),
        ])
        let turn = try #require(await c.lastTurn)
        #expect(turn.intent?.name == "ScheduleDeliveryIntent", "the order chains to its delivery")
        #expect(turn.dialogState == .started)
        #expect(turn.response.card == .simple(title: "Order 101", content: "2 large margherita pizzas on thin crust — $27.98"))
        try await play(c, [
            ("collect it", "Order 101 will be ready for pickup in about twenty minutes. Anything else?"),
            ("where is my order", "Order 101, 2 large margherita pizzas on thin crust, will be ready for pickup in about "
                + "twenty minutes. Anything else?"),
            ("stop", "Thanks for stopping by Pizza Shop. Goodbye!"),
        ])
        #expect(await c.lastTurn?.sessionEnded == true)

        // A new conversation with the same store remembers the customer.
        let again = conversation(store)
        try await play(again, [
            (nil, "Welcome back to Pizza Shop! Last time you had 2 large margherita pizzas on thin crust. What would you like?"),
            ("cancel my order", "Really cancel your order?"),
            ("no", "Okay, order 101 stands. Anything else?"),
            ("cancel my order", "Really cancel your order?"),
            ("yes", "Order 101 is cancelled. Anything else?"),
            ("where is order one hundred and one", "Order 101 was cancelled. Anything else?"),
            ("cancel my order", "Really cancel your order?"),
            ("yes", "You have no open order to cancel. Anything else?"),
        ])
    }

    @Test func oneShotOrderWithToppingsAndScheduledDelivery() async throws {
        let c = conversation()
        try await play(c, [
            ("i want two big pepperoni pizzas with olives and ham", "Thin or thick crust?"),
            ("thick", "thick crust, right?"),
            ("no", "Thin or thick crust?"),
            ("thin", "thin crust, right?"),
            ("yes", "2 big pepperoni on thin crust. Place the order?"),
            ("yes", "Order 101 is placed: 2 large pepperoni pizzas on thin crust with olives and ham. That comes to $33.98. "
                + "Delivery or pickup?"),
            ("delivery", "We'll deliver order 101 as soon as possible. Anything else?"),
            ("deliver it tomorrow at 19:00", "Delivery or pickup?"),
            ("delivery", "We'll deliver order 101 on 2026-05-02 at 19:00. Anything else?"),
        ])
    }

    @Test func helpSaysWhatTheModelUnderstands() async throws {
        let examples = ExampleSelector(model: model).examples(perIntent: 2)
        let c = Conversation(understanding: understanding, interactionModel: model,
                             skill: PizzaShop.skill(whatYouCanSay: examples), seed: 5, options: Fixtures.options)
        _ = try await c.launch()
        let speech = try await c.turn("help").speechText
        let custom = examples.filter { !$0.intent.hasPrefix("AMAZON.") }
        #expect(!custom.isEmpty)
        #expect(speech.hasPrefix("You can say: "))
        for e in custom.prefix(4) { #expect(speech.contains(e.examples[0]), "\(e.intent): \(e.examples)") }
    }

    @Test func declinedOrdersHelpFallbackAndOtherMenus() async throws {
        let c = conversation()
        try await play(c, [
            ("i want two big pepperoni pizzas with olives and ham", "Thin or thick crust?"),
            ("thin", "thin crust, right?"),
            ("yes", "2 big pepperoni on thin crust. Place the order?"),
            ("no", "Okay, I won't place that order. What else can I do for you?"),
            ("where is my order", "You haven't ordered anything yet. Anything else?"),
            ("the second one", "Sorry, Pizza Shop can't help with that. You can order a pizza or hear the menu. What would you like?"),
            ("what drinks do you have", "For drinks we have cola, lemonade and sparkling water. What else would you like to know?"),
            ("the second one", "Sorry, Pizza Shop can't help with that. You can order a pizza or hear the menu. What would you like?"),
            ("help", "You can say: order a large pepperoni pizza, what's on the menu, or where is my order. What would you like?"),
            ("when are you open", "We're open from eleven in the morning to eleven at night, every day. Anything else?"),
        ])
    }

    @Test func errorsAreApologisedFor() async throws {
        struct BrokenStore: PersistenceAdapter {
            struct Down: Error {}
            func getAttributes(for requestEnvelope: RequestEnvelope) async throws -> Attributes { throw Down() }
            func saveAttributes(_ attributes: Attributes, for requestEnvelope: RequestEnvelope) async throws { throw Down() }
            func deleteAttributes(for requestEnvelope: RequestEnvelope) async throws { throw Down() }
        }
        let c = conversation(BrokenStore())
        try await play(c, [(nil, "Sorry, I had trouble doing what you asked. Please try again.")])
        #expect(await c.lastTurn?.sessionEnded == false)
    }

    /// The bundled model (InteractionModels/PizzaShop), once it is in the package: the skill's
    /// intent and slot names must be the model's.
    static var bundledModelURL: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent("InteractionModels/PizzaShop/skill-package/interactionModels/custom/en-US.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    @Test(.enabled(if: bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout yet"))
    func namesMatchTheBundledModel() throws {
        let bundled = try Importer.decode(Data(contentsOf: try #require(Self.bundledModelURL)))
        for intent in model.languageModel.intents where !intent.isBuiltIn {
            let other = try #require(bundled.intent(named: intent.name), "\(intent.name) is not in the bundled model")
            for slot in intent.slots {
                #expect(other.slot(named: slot.name) != nil, "\(intent.name).\(slot.name) is not in the bundled model")
            }
        }
    }

    /// A whole order on the bundled model, every prompt checked against the model's own
    /// variations (read from the model, so rewording it does not break the test).
    @Test(.enabled(if: bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout yet"))
    func bundledModelTranscript() async throws {
        let url = try #require(Self.bundledModelURL)
        let bundled = try Importer.load(path: url.path).model
        let rules = try #require(bundled.dialog?.intent(named: "OrderPizzaIntent"))
        let fake = FakeUnderstanding(model: bundled, phrases: ["order a pizza": .init("OrderPizzaIntent")])
        let c = Conversation(understanding: fake, interactionModel: bundled, skill: PizzaShop.skill(), seed: 11,
                             options: Fixtures.options)
        let renderer = PromptRenderer(model: bundled)

        /// The plain-text wordings of a prompt, with the dialog's slot values filled in.
        func wordings(_ id: String?) async throws -> [String] {
            let prompt = try #require(id.flatMap(bundled.prompt(id:)), "no prompt \(id ?? "nil")")
            let intent = await c.state.dialog?.intent ?? IntentRequest.Intent(name: "OrderPizzaIntent")
            return prompt.variations.map { SSML.plainText(renderer.fill($0.value, intent: intent, escaping: $0.isSSML)) }
        }
        func elicitation(_ slot: String) -> String? { rules.slot(named: slot)?.prompts.elicitation }
        func validation(_ slot: String, _ type: String) -> String? {
            rules.slot(named: slot)?.validations.first { $0.type == type }?.prompt
        }
        func expectSays(_ line: String, _ id: String?) async throws {
            let speech = try await c.turn(line).speechText
            #expect(try await wordings(id).contains(speech), "after \"\(line)\": \(speech)")
        }

        try await expectSays("order a pizza", elicitation("quantity"))
        try await expectSays("eleven", validation("quantity", "isLessThanOrEqualTo"))
        try await expectSays("two", elicitation("size"))
        try await expectSays("gigantic", validation("size", "isInSet"))
        try await expectSays("family size", elicitation("pizza"))
        try await expectSays("calzone", validation("pizza", "hasEntityResolutionMatch"))
        try await expectSays("aloha", elicitation("crust"))
        try await expectSays("deep dish", rules.slot(named: "crust")?.prompts.confirmation)
        try await expectSays("yes", rules.prompts.confirmation)
        let placed = try await c.turn("yes").speechText
        let method = try await wordings(bundled.dialog?.intent(named: "ScheduleDeliveryIntent")?.slot(named: "method")?.prompts.elicitation)
        #expect(method.contains { placed == "Order 101 is placed: 2 extra large hawaiian pizzas on thick crust. That comes to $31.98. " + $0 },
                "\(placed)")
        #expect(try await c.turn("carry out").speechText == "Order 101 will be ready for pickup in about twenty minutes. Anything else?")
    }
}
