import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct ExplanationTests {
    let model = Fixtures.coffeeModel

    @Test func exactMatchNamesItsSampleAndHowEachSlotWasFound() {
        let (result, e) = model.classifyExplained("i want a venti latte")
        #expect(result.decidedBy == .exact)
        #expect(e.decidedBy == .exact)
        #expect(e.matchedSample == "i want a {size} {drink}")
        let size = e.slots.first { $0.name == "size" }
        let drink = e.slots.first { $0.name == "drink" }
        #expect(size?.foundBy == .synonym, "venti is a synonym of large")
        #expect(size?.rawValue == "venti")
        #expect(size?.fromSample == true)
        #expect(drink?.foundBy == .value)
    }

    @Test func consideredIntentsAreTheClassifiersBestFirst() {
        let e = model.classifyExplained("could you tell me if my coffee is done").explanation
        #expect(!e.considered.isEmpty)
        #expect(e.considered.count <= NLUModel.explainedCandidates)
        #expect(e.considered.map(\.score) == e.considered.map(\.score).sorted(by: >))
        #expect(Set(e.considered.map(\.intent)).count == e.considered.count)
        #expect(e.considered.allSatisfy { (0...1).contains($0.score) })
    }

    @Test func featuresAreWordsOfTheUtteranceStrongestFirst() {
        let text = "how much longer for my big mocha"
        let (result, e) = model.classifyExplained(text)
        let words = Set(text.split(separator: " ").map(String.init))
        #expect(!e.features.isEmpty)
        #expect(e.features.allSatisfy { words.contains($0.feature) })
        #expect(e.features.map { abs($0.weight) } == e.features.map { abs($0.weight) }.sorted(by: >))
        #expect(e.featuresFor == result.intent?.name)
    }

    @Test func taggedSlotOfAnUnlistedValueIsFoundByTheTagger() {
        let (result, e) = model.classifyExplained("i want a large flat white")
        #expect(result.decidedBy == .model)
        let drink = e.slots.first { $0.name == "drink" }
        #expect(drink?.rawValue == "flat white")
        #expect(drink?.foundBy == .tagger)
        #expect(drink?.fromSample == false)
    }

    /// The terms of joint decoding are shown for the intents it read, and they add up to the
    /// choice: the answer is the read intent of the highest joint score.
    @Test func jointScoresExplainTheChoice() throws {
        for text in ["i want a large flat white", "could you tell me if my coffee is done", "a big mocha for me"] {
            let (result, e) = model.classifyExplained(text)
            try #require(result.decidedBy == .model, "\(text)")
            let read = e.considered.filter { $0.jointScore != nil }
            #expect(!read.isEmpty && read.count <= 3, "\(text)")
            // Only the classifier's best few are read, and the best always is.
            #expect(e.considered.first?.jointScore != nil)
            #expect(Array(e.considered.prefix(read.count)) == read)
            for c in read {
                let slots = try #require(c.slotLogProbability)
                let carrier = try #require(c.carrierProbability, "the coffee model has slots, so a carrier classifier")
                #expect(slots <= 0 && (0...1).contains(carrier))
                // The rounded terms add up to the rounded score.
                #expect(abs(log(c.score) + slots + NLUModel.carrierWeight * log(carrier) - c.jointScore!) < 0.02, "\(text): \(c)")
            }
            let best = read.max { $0.jointScore! < $1.jointScore! }
            #expect(best?.intent == result.intent?.name, "\(text)")
        }
        // An exact match reads nothing jointly.
        #expect(model.classifyExplained("i want a venti latte").explanation.considered.allSatisfy { $0.jointScore == nil })
    }

    @Test func emptyInputHasAnEmptyExplanation() {
        let (result, e) = model.classifyExplained("   ")
        #expect(result.intent == nil)
        #expect(e.considered.isEmpty && e.features.isEmpty && e.slots.isEmpty)
    }

    @Test func explanationRoundTripsThroughCodable() throws {
        let e = model.classifyExplained("a cappuccino please").explanation
        let data = try JSONEncoder().encode(e)
        #expect(try JSONDecoder().decode(Explanation.self, from: data) == e)
        // The encoder's reading as written before it recorded the unseen share.
        let older = Data(#"{"intent": "OrderDrink", "probability": 0.8, "fastIntent": "OrderStatus"}"#.utf8)
        #expect(try JSONDecoder().decode(Explanation.Contextual.self, from: older)
            == Explanation.Contextual(intent: "OrderDrink", probability: 0.8, fastIntent: "OrderStatus"))
    }
}
