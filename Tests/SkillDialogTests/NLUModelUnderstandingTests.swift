import Foundation
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

/// NLUModel as the conversation's LanguageUnderstanding.
@Suite struct NLUModelUnderstandingTests {
    @Test func theElicitedSlotReachesTheModel() throws {
        let nlu = try Fixtures.trainedBooking()
        let eliciting = UnderstandingContext(referenceDate: Fixtures.now, timeZone: Fixtures.utc,
                                             elicitingSlot: SlotReference(intent: "BookTableIntent", slot: "area"))
        let answer = nlu.understand("outside", context: eliciting)
        #expect(answer.intent?.name == "BookTableIntent")
        #expect(answer.slot(named: "area")?.value == "outside")
        let sample = nlu.understand("book a table", context: UnderstandingContext(referenceDate: Fixtures.now))
        #expect(sample.intent?.name == "BookTableIntent")
        #expect(sample.decidedBy == .exact)
    }

    @Test func aConversationRunsOnTheTrainedModel() async throws {
        let model = try Fixtures.bookingModel()
        let c = Conversation(model: try Fixtures.trainedBooking(), interactionModel: model,
                             skill: EchoSkill.build(for: model), seed: 1, options: Fixtures.options)
        #expect(try await c.turn("change my name").speechText == "What name should I use?")
        #expect(await c.lastTurn?.dialogState == .started)
    }
}
