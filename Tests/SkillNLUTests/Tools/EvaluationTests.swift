import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct EvaluationTests {
    let model = Fixtures.coffeeModel

    func annotation(_ text: String, _ intent: String, _ slots: [String: String] = [:], spans: Bool = false) -> Annotation {
        Annotation(utterance: text, expected: [.init(intent: intent, slots: slots.sorted { $0.key < $1.key }.map {
            .init(name: $0.key, value: $0.value)
        })], place: "test", valuesAreSpans: spans)
    }

    @Test func passesWhenIntentAndEverySlotMatch() {
        let report = model.evaluate(AnnotationSet(annotations: [
            annotation("i want a large latte", "OrderDrink", ["size": "large", "drink": "latte"]),
            annotation("where is my order", "OrderStatus"),
        ], layout: .alexaJSON))
        #expect(report.allPassed)
        #expect(report.passRate == 1 && report.intentAccuracy == 1)
        #expect(report.slotF1 == 1)
        #expect(report.confusions.isEmpty)
    }

    @Test func wrongIntentMissingAndExtraSlotsFail() throws {
        let report = model.evaluate(AnnotationSet(annotations: [
            annotation("i want a large latte", "OrderStatus"),
            annotation("i want a large latte", "OrderDrink", ["drink": "latte"]),
            annotation("a latte please", "OrderDrink", ["drink": "latte", "size": "small"]),
            annotation("i want a large latte", "OrderDrink", ["size": "small", "drink": "latte"]),
        ], layout: .alexaJSON))
        #expect(report.passed == 0 && !report.allPassed)
        #expect(report.outcomes[0].intentCorrect == false)
        #expect(report.confusions == [.init(expected: "OrderStatus", actual: "OrderDrink", count: 1)])
        #expect(report.outcomes[1].problems.map(\.kind) == [.unexpected])
        #expect(report.outcomes[2].problems.map(\.kind) == [.missing])
        #expect(report.outcomes[3].problems.map(\.kind) == [.wrongValue])
        #expect(report.intentAccuracy == 0.75)
        // Found 2 + 2 + 1 + 2 = 7, right 0 + 1 + 1 + 1 = 3, expected 0 + 1 + 2 + 2 = 5.
        #expect(abs(report.slotPrecision - 3.0 / 7) < 1e-9)
        #expect(abs(report.slotRecall - 3.0 / 5) < 1e-9)
    }

    @Test func dataSetLinesCountRepeatedSpansAndAlexaFormatsDoNot() {
        let latte = SlotValue(name: "drink", type: "DrinkType", value: "latte", rawValue: "latte", start: 2, end: 7)
        let mocha = SlotValue(name: "drink", type: "DrinkType", value: "mocha", rawValue: "mocha", start: 13, end: 18)
        let result = NLUResult(text: "a latte or a mocha", intent: IntentHypothesis(name: "OrderDrink", confidence: 1),
                               slots: [latte], repeatedSlots: [mocha])
        let both = Annotation(utterance: result.text, expected: [.init(intent: "OrderDrink", slots: [
            .init(name: "drink", value: "latte"), .init(name: "drink", value: "mocha")])], place: "test", valuesAreSpans: true)
        let spans = NLUModel.compare(both, result)
        #expect(spans.passed && spans.foundSlots == 2 && spans.correctSlots == 2)
        let alexa = NLUModel.compare(annotation(result.text, "OrderDrink", ["drink": "latte"]), result)
        #expect(alexa.passed && alexa.foundSlots == 1, "Alexa's request has the first value only")
    }

    @Test func customValuesCompareAsSpokenOrAsTheirCanonicalValue() {
        let spoken = SlotValue(name: "size", type: "SizeType", value: "venti", rawValue: "Venti", start: 0, end: 5,
                               resolutions: Resolutions(resolutionsPerAuthority: [ResolutionAuthority(
                                   authority: "a", status: ResolutionStatus(code: .successMatch),
                                   values: [ResolutionValueWrapper(value: ResolvedValue(name: "large", id: "L"))])]))
        #expect(NLUModel.matches(.init(name: "size", value: "venti"), spoken, spans: false))
        #expect(NLUModel.matches(.init(name: "size", value: "Large"), spoken, spans: false))
        #expect(NLUModel.matches(.init(name: "size", value: "L"), spoken, spans: false))
        #expect(!NLUModel.matches(.init(name: "size", value: "small"), spoken, spans: false))
    }

    @Test func builtInValuesCompareAsTheResolvedValue() {
        let number = SlotValue(name: "n", type: "AMAZON.NUMBER", value: "2", rawValue: "two", start: 0, end: 3)
        #expect(NLUModel.matches(.init(name: "n", value: "2"), number, spans: false))
        #expect(!NLUModel.matches(.init(name: "n", value: "two"), number, spans: false))
        // Data-set lines give the words of the utterance.
        #expect(NLUModel.matches(.init(name: "n", value: "two"), number, spans: true))
    }

    @Test func anyExpectationMayMatch() {
        var a = annotation("where is my order", "AMAZON.FallbackIntent")
        a.expected.append(.init(intent: "OrderStatus", slots: []))
        let report = model.evaluate(AnnotationSet(annotations: [a], layout: .alexaJSON))
        #expect(report.allPassed)
        #expect(report.outcomes[0].expectation.intent == "OrderStatus")
    }
}
