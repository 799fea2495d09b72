import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// What a log's entries teach the skill as it is now: corrections and turns judged right are
/// used; turns naming what the skill no longer has are skipped as stale.
@Suite struct FeedbackTrainingTests {
    static let skillJSON = #"""
    {"interactionModel": {"languageModel": {"invocationName": "corner pizza",
      "intents": [
        {"name": "OrderIntent", "slots": [{"name": "size", "type": "SizeType"}],
         "samples": ["order a {size} pizza", "i want a {size} pizza", "get me a {size} pizza", "a {size} pizza please",
                     "order a pizza", "i would like to order a pizza"]},
        {"name": "HoursIntent", "samples": ["when are you open", "what are your opening hours", "are you open today",
                     "how late are you open", "what time do you close"]},
        {"name": "MenuIntent", "samples": ["what is on the menu", "read me the menu", "which toppings do you have",
                     "what can i order"]},
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.HelpIntent", "samples": []}
      ],
      "types": [{"name": "SizeType", "values": [{"name": {"value": "small"}}, {"name": {"value": "medium"}},
                                                {"name": {"value": "large"}}]}]}}}
    """#

    static var skill: InteractionModel {
        get throws { try Importer.decode(Data(skillJSON.utf8)) }
    }

    static func given(_ text: String, _ intent: String) -> NLUResult {
        NLUResult(text: text, intent: IntentHypothesis(name: intent, confidence: 0.6))
    }

    @Test func correctionsAndRightTurnsAreUsedAndStaleOnesSkipped() throws {
        let entries: [FeedbackEntry] = [
            .wrong(Self.given("feed me something large", "HoursIntent"), intent: "OrderIntent", slots: [("size", "large")]),
            .right(Self.given("when do you open", "HoursIntent")),
            .wrong(Self.given("book a table", "OrderIntent"), intent: "BookTableIntent"),
            .wrong(Self.given("a large one with olives", "OrderIntent"), intent: "OrderIntent",
                   slots: [("size", "large"), ("topping", "olives")]),
            .wrong(Self.given("hmm", "MenuIntent"), intent: nil),
            .wrong(Self.given("a big one", "MenuIntent"), intent: "OrderIntent", slots: [("size", "huge")]),
        ]
        let training = FeedbackTraining(entries: entries, for: try Self.skill)
        #expect(training.utterances == [
            LabeledUtterance(text: "feed me something large", intent: "OrderIntent",
                             slots: [.init(slot: "size", value: "large", start: 18, end: 23)]),
            LabeledUtterance(text: "when do you open", intent: "HoursIntent"),
        ])
        #expect(training.corrected == 1)
        #expect(training.stale == 2)
        #expect(training.skipped.map(\.reason) == [
            .staleIntent("BookTableIntent"), .staleSlot(intent: "OrderIntent", slot: "topping"),
            .noCorrection, .slotWithoutSpan(slot: "size", value: "huge"),
        ])
        #expect(training.skipped.map(\.entry.text) == ["book a table", "a large one with olives", "hmm", "a big one"])
    }
}
