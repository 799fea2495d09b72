import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// `classify(hypotheses:)` on the bundled PizzaShop skill: a recogniser's n-best list is read
/// as a whole, and the reading that both the recogniser and the skill find likely wins.
@Suite struct HypothesesTests {
    let model = Fixtures.pizzaShopModel
    let context = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_795_219_200),
                                        timeZone: TimeZone(identifier: "UTC")!)

    func h(_ text: String, _ confidence: Double? = nil) -> RecognitionHypothesis {
        RecognitionHypothesis(text: text, confidence: confidence)
    }

    @Test func misrecognisedTopLosesToAnExactSample() throws {
        let misheard = model.classify("order a pepper only pizza", context: context)
        #expect(misheard.decidedBy == .model)
        #expect(misheard.slot(named: "pizza")?.resolvedValue == nil)

        let nbest = try model.classify(hypotheses: [h("order a pepper only pizza", 0.55), h("order a pepperoni pizza", 0.45)],
                                       context: context)
        #expect(nbest.chosenIndex == 1)
        #expect(nbest.result.decidedBy == .exact)
        #expect(nbest.result.slot(named: "pizza")?.resolvedValue?.id == "PEPPERONI")
        #expect(nbest.best.score.exactMatch > 0)
        #expect(nbest.alternatives.map(\.index) == [0])
    }

    @Test func aLowerHypothesisWhoseSlotsResolveWins() throws {
        let top = "please could you order me a pepper only pizza", lower = "please could you order me a pepperoni pizza"
        // Neither is a sample: the slots alone decide.
        #expect(model.classify(top, context: context).decidedBy == .model)
        #expect(model.classify(lower, context: context).decidedBy == .model)
        let nbest = try model.classify(hypotheses: [h(top, 0.5), h(lower, 0.4)], context: context)
        #expect(nbest.chosenIndex == 1)
        #expect(nbest.result.slot(named: "pizza")?.resolvedValue?.name == "pepperoni")
        let byIndex = Dictionary(uniqueKeysWithValues: nbest.readings.map { ($0.index, $0) })
        #expect(byIndex[1]!.score.slots > byIndex[0]!.score.slots)
    }

    @Test func aBuiltInValueNoParserReadsCountsAgainstAHypothesis() throws {
        // The tagger reads "fore" as the time; no parser does.
        let top = "could you deliver it tomorrow at fore", lower = "could you deliver it tomorrow at four"
        #expect(model.classify(top, context: context).slot(named: "time")?.rawValue == "fore")
        let nbest = try model.classify(hypotheses: [h(top, 0.5), h(lower, 0.4)], context: context)
        #expect(nbest.chosenIndex == 1)
        #expect(nbest.result.slot(named: "time")?.value == "04:00")
    }

    @Test func aMuchSurerRecogniserKeepsItsTopHypothesis() throws {
        // An unlisted value is allowed (custom types are not enumerations): the NLU's doubt
        // must not overrule a recogniser that is sure.
        let nbest = try model.classify(hypotheses: [h("order a pepper only pizza", 0.95), h("order a pepperoni pizza", 0.02)],
                                       context: context)
        #expect(nbest.chosenIndex == 0)
        #expect(nbest.result.slot(named: "pizza")?.rawValue == "pepper only")
    }

    @Test func anUnderstoodHypothesisBeatsOneThatFallsBack() throws {
        let nbest = try model.classify(hypotheses: [h("what's the weather like in paris", 0.5), h("what's on the menu", 0.3)],
                                       context: context)
        #expect(nbest.chosenIndex == 1)
        #expect(nbest.result.intent?.name == "MenuIntent")
    }

    @Test func equalScoresKeepTheRecognisersOrder() throws {
        let a = "what's on the menu", b = "what is on the menu"
        for (first, second) in [(a, b), (b, a)] {
            let nbest = try model.classify(hypotheses: [h(first, 0.4), h(second, 0.4)], context: context)
            #expect(nbest.readings[0].score.total == nbest.readings[1].score.total)
            #expect(nbest.chosenIndex == 0)
            #expect(nbest.result.text == first)
        }
        let same = try model.classify(hypotheses: [h(a, 0.3), h(a, 0.3), h(a, 0.3)], context: context)
        #expect(same.readings.map(\.index) == [0, 1, 2])
    }

    @Test func withoutConfidencesOrderIsThePrior() throws {
        let nbest = try model.classify(hypotheses: [h("what is on the menu"), h("what's on the menu")], context: context)
        #expect(nbest.chosenIndex == 0)
        #expect(nbest.readings.map(\.recogniserConfidence) == [1, 0.9])
        let derived = NLUModel.recogniserConfidences([h("a"), h("b", 0.5), h("c"), h("d")], decay: 0.5)
        #expect(derived == [1, 0.5, 0.25, 0.125])
    }

    @Test func everyHypothesisIsReadAndRankedBestFirst() throws {
        let texts = ["order a pepper only pizza", "order a pepperoni pizza", "order a pepper and pizza", "or there a pepperoni pizza"]
        let nbest = try model.classify(hypotheses: texts.enumerated().map { h($1, 0.4 - 0.05 * Double($0)) }, context: context)
        #expect(nbest.readings.map(\.index).sorted() == [0, 1, 2, 3])
        for pair in zip(nbest.readings, nbest.readings.dropFirst()) {
            #expect(pair.0.score.total >= pair.1.score.total)
        }
        // Each reading is what classify answers with the slots' confidence, which the score reads.
        var withConfidence = context
        withConfidence.slotConfidence = true
        for r in nbest.readings {
            #expect(r.hypothesis.text == texts[r.index])
            #expect(r.result == model.classify(texts[r.index], context: withConfidence))
            let s = r.score
            #expect(abs(s.total - (s.recogniser + s.intent + s.exactMatch + s.slots)) < 1e-12)
            #expect(abs(s.recogniser - log(r.recogniserConfidence)) < 1e-12)
        }
    }

    @Test func emptyListAndBadConfidencesAreTypedErrors() {
        #expect(throws: HypothesisListError.empty) { try model.classify(hypotheses: []) }
        #expect(throws: HypothesisListError.invalidConfidence(index: 1, value: 1.5)) {
            try model.classify(hypotheses: [h("what's on the menu", 0.5), h("menu", 1.5)])
        }
        #expect(throws: HypothesisListError.self) { try model.classify(hypotheses: [h("menu", .nan)]) }
        #expect(HypothesisListError.empty.description.contains("at least one"))
    }

    @Test func aZeroConfidenceAndAnEmptyTranscriptionStayFinite() throws {
        let nbest = try model.classify(hypotheses: [h("", 0.6), h("what's on the menu", 0)], context: context)
        #expect(nbest.readings.allSatisfy { $0.score.total.isFinite })
        #expect(nbest.readings.first { $0.index == 0 }?.result.intent == nil)
    }
}
