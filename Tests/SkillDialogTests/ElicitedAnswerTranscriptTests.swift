import Foundation
import InteractionModel
import PizzaShopSkill
import SkillNLU
import TestFixtures
import Testing
@testable import SkillDialog

/// The bundled PizzaShop model with the *trained* NLUModel: answers the model does not list fill
/// the slot being asked for (and fail its validations as on Alexa), while real requests still
/// leave the dialog. Prompts are read from the model, so rewording it does not break the tests.
@Suite struct ElicitedAnswerTranscriptTests {
    static let bundled: (model: InteractionModel, nlu: NLUModel)? = {
        guard let url = PizzaShopSkillTests.bundledModelURL,
              let model = try? Importer.load(path: url.path).model,
              // The options of the PizzaShop model the SkillNLU tests train, so one run trains it once.
              let nlu = try? TrainedModels.model(model, options: .quickPizzaShop) else { return nil }
        return (model, nlu)
    }()

    struct Session {
        let model: InteractionModel
        let conversation: Conversation
        let rules: DialogIntent

        init() throws {
            let (model, nlu) = try #require(ElicitedAnswerTranscriptTests.bundled, "the bundled PizzaShop model did not train")
            self.model = model
            rules = try #require(model.dialog?.intent(named: "OrderPizzaIntent"))
            conversation = Conversation(model: nlu, interactionModel: model, skill: PizzaShop.skill(), seed: 11,
                                        options: Fixtures.options)
        }

        func elicitation(_ slot: String) -> String? { rules.slot(named: slot)?.prompts.elicitation }
        func validation(_ slot: String, _ type: String) -> String? {
            rules.slot(named: slot)?.validations.first { $0.type == type }?.prompt
        }

        /// Says `line`; the reply must be a wording of prompt `id` (slot values filled in).
        @discardableResult
        func expect(_ line: String, says id: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Turn {
            let speech = try await conversation.turn(line).speechText
            let prompt = try #require(id.flatMap(model.prompt(id:)), "no prompt \(id ?? "nil")", sourceLocation: sourceLocation)
            let intent = await conversation.state.dialog?.intent ?? IntentRequest.Intent(name: "OrderPizzaIntent")
            let renderer = PromptRenderer(model: model)
            let wordings = prompt.variations.map { SSML.plainText(renderer.fill($0.value, intent: intent, escaping: $0.isSSML)) }
            #expect(wordings.contains(speech), "after \"\(line)\": \(speech)", sourceLocation: sourceLocation)
            let turn = try #require(await conversation.lastTurn, sourceLocation: sourceLocation)
            #expect(turn.intent?.name == "OrderPizzaIntent", "after \"\(line)\"", sourceLocation: sourceLocation)
            return turn
        }
    }

    @Test(.enabled(if: PizzaShopSkillTests.bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout"))
    func unlistedAnswersFillTheSlotAskedForAndMeetItsValidations() async throws {
        let s = try Session()
        try await s.expect("order a pizza", says: s.elicitation("quantity"))
        try await s.expect("two", says: s.elicitation("size"))
        // Not a size the model lists: the size all the same, refused by its isInSet rule.
        var turn = try await s.expect("a gigantic one", says: s.validation("size", "isInSet"))
        #expect(turn.understanding?.slot(named: "size")?.value == "gigantic")
        #expect(turn.dialogState == .inProgress)
        try await s.expect("large", says: s.elicitation("pizza"))
        // Unlisted pizzas, with carrier words: refused by hasEntityResolutionMatch, dialog kept.
        turn = try await s.expect("i'll have a pineapple curry please", says: s.validation("pizza", "hasEntityResolutionMatch"))
        #expect(turn.understanding?.slot(named: "pizza")?.value == "pineapple curry")
        // "make it {method}" is a delivery sample; "make it a {pizza}" is the pizza's own.
        turn = try await s.expect("make it a calzone", says: s.validation("pizza", "hasEntityResolutionMatch"))
        #expect(turn.understanding?.slot(named: "pizza")?.value == "calzone")
        #expect(turn.understanding?.decidedBy == .elicitation)
        try await s.expect("hawaiian", says: s.elicitation("crust"))
        turn = try await s.expect("cauliflower", says: s.validation("crust", "hasEntityResolutionMatch"))
        #expect(turn.understanding?.slot(named: "crust")?.value == "cauliflower")
        try await s.expect("thin", says: s.rules.slot(named: "crust")?.prompts.confirmation)
        try await s.expect("yes", says: s.rules.prompts.confirmation)
        let placed = try await s.conversation.turn("yes").speechText
        #expect(placed.hasPrefix("Order 101 is placed: 2 large hawaiian pizzas on thin crust."), "\(placed)")
    }

    @Test(.enabled(if: PizzaShopSkillTests.bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout"),
          arguments: [
              ("help", "AMAZON.HelpIntent"), ("i need help", "AMAZON.HelpIntent"),
              ("where is my order", "OrderStatusIntent"), ("i want to know the status of my order", "OrderStatusIntent"),
              ("what time do you guys close", "StoreHoursIntent"), ("can you tell me what is on the menu", "MenuIntent"),
          ])
    func realRequestsMidDialogLeaveIt(_ line: String, _ intent: String) async throws {
        let s = try Session()
        try await s.expect("order a pizza", says: s.elicitation("quantity"))
        try await s.expect("two", says: s.elicitation("size"))
        _ = try await s.conversation.turn(line)
        let turn = try #require(await s.conversation.lastTurn)
        #expect(turn.intent?.name == intent, "\"\(line)\" while the size is asked for: \(turn.intent?.name ?? "nothing")")
        #expect(turn.understanding?.decidedBy != .elicitation)
        #expect(await s.conversation.state.dialog == nil)
    }

    @Test(.enabled(if: PizzaShopSkillTests.bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout"),
          arguments: ["cancel", "stop"])
    func cancelAndStopEndTheSessionMidDialog(_ line: String) async throws {
        let s = try Session()
        try await s.expect("order a pizza", says: s.elicitation("quantity"))
        try await s.expect("two", says: s.elicitation("size"))
        try await s.expect("large", says: s.elicitation("pizza"))
        let bye = try await s.conversation.turn(line).speechText
        #expect(bye == "Thanks for stopping by Pizza Shop. Goodbye!")
        #expect(await s.conversation.lastTurn?.sessionEnded == true)
    }
}
