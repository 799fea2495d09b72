import Foundation
import Testing
@testable import SkillNLU

/// A matcher placed after the model takes only the turns the model fell back on or was less
/// sure of; the model's own answers and the exact layer's stay.
@Suite struct MatcherPlacementTests {
    @Test func afterTheModelAMatcherTakesWhatTheModelFellBackOn() throws {
        let text = "purple elephants dance on the moon"
        let plain = OrderDesk.model.classify(text)
        try #require(plain.decidedBy == .fallback, "the model does not understand \(text)")
        let late = OrderDesk.model.adding(OrderDesk.always("catch-all", "TrackOrder", confidence: 0.1), placement: .afterModel)
        let result = late.classify(text)
        #expect(result.decidedBy == .matcher && result.matcher == "catch-all")
        #expect(result.intent == IntentHypothesis(name: "TrackOrder", confidence: 0.1))
        let rules = late.classifyExplained(text).explanation.rules
        #expect(rules.last?.kind == .matcherAnswer)
        #expect(rules.dropLast().contains { $0.kind == .belowThreshold || $0.kind == .fallbackSure }, "\(rules)")
    }

    @Test func afterTheModelTheSurerAnswerWins() throws {
        let text = "i would like to cancel the order i placed"
        let plain = OrderDesk.model.classify(text)
        try #require(plain.decidedBy == .model && plain.intent?.name == "CancelOrder", "\(plain)")
        let confidence = try #require(plain.intent?.confidence)

        let unsure = OrderDesk.model.adding(OrderDesk.always("track", "TrackOrder", confidence: confidence / 2),
                                            placement: .afterModel)
        let kept = unsure.classify(text)
        #expect(kept == plain, "a less sure matcher leaves the model's answer as it was")
        let rule = unsure.classifyExplained(text).explanation.rules.last
        #expect(rule?.kind == .matcherOutranked && rule?.matcher == "track" && rule?.threshold == confidence)

        let tie = OrderDesk.model.adding(OrderDesk.always("track", "TrackOrder", confidence: confidence), placement: .afterModel)
        #expect(tie.classify(text) == plain, "on a tie the model keeps its answer")

        let sure = OrderDesk.model.adding(OrderDesk.always("track", "TrackOrder", confidence: 1), placement: .afterModel)
        let taken = sure.classify(text)
        #expect(taken.decidedBy == .matcher && taken.intent == IntentHypothesis(name: "TrackOrder", confidence: 1))
        #expect(taken.slots.isEmpty, "the matcher's answer has its own slots, not the model's")
    }

    @Test func afterTheModelAnExactMatchStays() {
        let late = OrderDesk.model.adding(OrderDesk.always("track", "TrackOrder", confidence: 1), placement: .afterModel)
        let result = late.classify("cancel my purchase")
        #expect(result.decidedBy == .exact && result.intent?.name == "CancelOrder")
    }

    /// Before the model, a matcher's answer is taken whatever the classifier would say.
    @Test func beforeTheModelTheMatcherDecidesWithoutComparing() throws {
        let text = "i would like to cancel the order i placed"
        let early = OrderDesk.model.adding(OrderDesk.always("track", "TrackOrder", confidence: 0.05))
        let result = early.classify(text)
        #expect(result.decidedBy == .matcher && result.intent == IntentHypothesis(name: "TrackOrder", confidence: 0.05))
        // Alternatives are the classifier's, shown no surer than the answer.
        #expect(result.alternatives.allSatisfy { $0.confidence <= 0.05 && $0.name != "TrackOrder" })
    }

    /// While a dialog asks for a slot, a matcher before the model answers before the elicited
    /// answer is read, but a sample of the slot asked for is still the exact layer's.
    @Test func whileASlotIsAskedForTheExactLayerStillComesFirst() {
        var context = ClassificationContext()
        context.elicitingSlot = .init(intent: "TrackOrder", slot: "orderNumber")
        let model = OrderDesk.model.adding(OrderDesk.orderNumbers())
        #expect(model.classify("it is order 55 1", context: context).matcher == "order-number")
        #expect(model.classify("track order 12", context: context).decidedBy == .exact)
    }

    @Test func matchersAreNotPartOfTheModelFile() throws {
        let loaded = try NLUModel(fileBytes: OrderDesk.model.adding(OrderDesk.orderNumbers()).fileBytes())
        #expect(loaded.matchers.isEmpty)
        #expect(loaded.classify("where is order 48213").decidedBy != .matcher)
    }
}
