import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct NLUModelTests {
    let model = Fixtures.coffeeModel

    @Test func everySampleFilledWithListedValuesIsUnderstoodExactly() {
        let im = Fixtures.coffee
        for intent in im.languageModel.intents {
            for sample in intent.samples {
                let filled = sample.replacingOccurrences(of: "{size}", with: "venti")
                    .replacingOccurrences(of: "{drink}", with: "caffe latte")
                let r = model.classify(filled)
                #expect(r.intent?.name == intent.name, "\(filled)")
                #expect(r.intent?.confidence == 1)
                #expect(r.decidedBy == .exact)
                if sample.contains("{drink}") { #expect(r.slot(named: "drink")?.rawValue == "caffe latte") }
                if sample.contains("{size}") { #expect(r.slot(named: "size")?.rawValue == "venti") }
            }
        }
    }

    @Test func generalisesBeyondSamples() {
        let r = model.classify("could you please make me a large mocha")
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.decidedBy == .model)
        #expect(r.slot(named: "drink")?.rawValue == "mocha")
        #expect(r.slot(named: "size")?.rawValue == "large")
        #expect(model.classify("has my order been made yet").intent?.name == "OrderStatus")
    }

    @Test func unlistedValueInKnownCarrierIsStillASlot() {
        let r = model.classify("i want a large flat white")
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.slot(named: "drink")?.rawValue == "flat white")
    }

    @Test func rawValuesAreExactSubstringsWithScalarOffsets() {
        let text = "  Can I get a LARGE Café Mocha?"
        let r = model.classify(text)
        let scalars = Array(text.unicodeScalars)
        for s in r.slots {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[s.start..<s.end])
            #expect(String(view) == s.rawValue)
        }
        #expect(r.slot(named: "size")?.rawValue == "LARGE")
    }

    @Test func aSingleValueSlotSaidTwiceReportsItsFirstValueAndKeepsTheRest() throws {
        let text = "a latte or a mocha or an americano"
        let tokens = model.schema.tokenizer.tokenize(text)
        let intent = try #require(model.schema.intentIndex(named: "OrderDrink"))
        let drink = try #require(model.schema.intents[intent].slots.firstIndex { $0.name == "drink" })
        let spans = [(slot: drink, start: 4, end: 5, confidence: Float(0.8)), (slot: drink, start: 1, end: 2, confidence: Float(0.9)),
                     (slot: drink, start: 7, end: 8, confidence: Float(0.7))]
        #expect(tokens.map(\.text)[1] == "latte" && tokens.map(\.text)[4] == "mocha")
        let filled = model.makeSlots(intent: intent, assignments: spans, tokens: tokens, scalars: Array(text.unicodeScalars),
                                     source: .tagger, context: .init())
        #expect(filled.slots.map(\.rawValue) == ["latte"], "the first span in the input is the reported value")
        #expect(filled.slots.first?.values == nil)
        #expect(filled.repeated.map(\.rawValue) == ["mocha", "americano"])
        #expect(filled.repeated.map(\.resolvedValue?.id) == ["MOCHA", "AMERICANO"], "repeated values are resolved too")
        let result = NLUResult(text: text, intent: IntentHypothesis(name: "OrderDrink", confidence: 1),
                               slots: filled.slots, repeatedSlots: filled.repeated)
        #expect(result.allValues(ofSlot: "drink").map(\.rawValue) == ["latte", "mocha", "americano"])
    }

    @Test func resultsDecodeWithAndWithoutRepeatedSlots() throws {
        let r = model.classify("a latte or a mocha")
        var withRepeat = r
        withRepeat.repeatedSlots = [SlotValue(name: "drink", type: "DrinkType", value: "mocha", rawValue: "mocha", start: 13, end: 18)]
        let data = try JSONEncoder().encode(withRepeat)
        #expect(try JSONDecoder().decode(NLUResult.self, from: data) == withRepeat)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["repeatedSlots"] = nil
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(NLUResult.self, from: older).repeatedSlots == [])
    }

    @Test func emptyInputHasNoIntent() {
        let r = model.classify("   ")
        #expect(r.intent == nil)
        #expect(r.slots.isEmpty)
    }

    @Test func longInputIsTruncatedAndFlagged() {
        let long = String(repeating: "latte ", count: 1000)
        let r = model.classify(long)
        #expect(r.truncated)
        #expect(r.text.unicodeScalars.count == NLUModel.maximumUtteranceLength)
    }

    @Test func alternativesAreRankedAndExcludeTheIntent() {
        let r = model.classify("what about my coffee", context: ClassificationContext(topK: 2))
        #expect(r.alternatives.count == 2)
        #expect(!r.alternatives.contains { $0.name == r.intent?.name })
        #expect(r.alternatives[0].confidence >= r.alternatives[1].confidence)
    }

    @Test func elicitedSlotTakesABareValue() {
        let ctx = ClassificationContext(elicitingSlot: .init(intent: "OrderDrink", slot: "size"))
        let r = model.classify("grande", context: ctx)
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.slot(named: "size")?.rawValue == "grande")
    }

    @Test func concurrentClassificationMatchesSequential() async {
        let inputs = ["a latte please", "where is my order", "i want a big green tea", "stop", "make me something nice",
                      "large americano", "how long will it take"]
        let expected = inputs.map { model.classify($0) }
        let m = model
        await withTaskGroup(of: (Int, NLUResult).self) { group in
            for round in 0..<8 {
                for (i, text) in inputs.enumerated() {
                    group.addTask { (i + round * 0, m.classify(text)) }
                }
            }
            for await (i, r) in group { #expect(r == expected[i]) }
        }
    }

    @Test func trainingIsDeterministic() throws {
        let a = try NLUModel.train(from: Fixtures.coffee, options: Fixtures.fastOptions)
        #expect(a.fileBytes() == model.fileBytes())
    }
}
