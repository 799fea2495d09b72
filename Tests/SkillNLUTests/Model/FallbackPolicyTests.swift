import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// When a model answers AMAZON.FallbackIntent: whenever that intent ranks first if the skill
/// taught it with samples; only when sure enough for the sensitivity if our negatives did.
@Suite struct FallbackPolicyTests {
    static func model(sensitivity: String?) -> InteractionModel {
        let configuration = sensitivity.map { #", "modelConfiguration": {"fallbackIntentSensitivity": {"level": "\#($0)"}}"# } ?? ""
        return try! Importer.decode(Data(#"""
        {"interactionModel": {"languageModel": {"invocationName": "x", "intents": [
            {"name": "A", "samples": ["a"]}, {"name": "B", "samples": ["b"]}, {"name": "AMAZON.FallbackIntent", "samples": []}]
        \#(configuration)}}}
        """#.utf8))
    }

    let ours = FallbackPolicy(intent: 2, thresholds: [0.25, 0.4, 0.55], requiredProbabilities: FallbackPolicy.defaultRequiredProbabilities)
    let theSkills = FallbackPolicy(intent: 2, thresholds: [0.25, 0.4, 0.55], requiredProbabilities: nil)

    @Test func ourFallbackMustBeAsSureAsTheSensitivityAsks() {
        let p: [Float] = [0.3, 0.1, 0.6]
        #expect(ours.decide(chosen: 2, probabilities: p, model: Self.model(sensitivity: nil)) == .bestOther, "LOW by default")
        #expect(ours.decide(chosen: 2, probabilities: p, model: Self.model(sensitivity: "LOW")) == .bestOther)
        #expect(ours.decide(chosen: 2, probabilities: p, model: Self.model(sensitivity: "MEDIUM")) == .fallBack)
        #expect(ours.decide(chosen: 2, probabilities: p, model: Self.model(sensitivity: "HIGH")) == .fallBack)
        #expect(ours.decide(chosen: 2, probabilities: [0.1, 0.1, 0.8], model: Self.model(sensitivity: nil)) == .fallBack)
        #expect(theSkills.decide(chosen: 2, probabilities: p, model: Self.model(sensitivity: nil)) == .fallBack,
                "a fallback the skill taught takes every answer it ranks first")
    }

    @Test func inDomainConfidenceLeavesOutOurFallbacksShare() {
        let p: [Float] = [0.2, 0.1, 0.7]
        #expect(ours.inDomainConfidence(0.2, probabilities: p) > 0.66 && ours.inDomainConfidence(0.2, probabilities: p) < 0.67)
        #expect(theSkills.inDomainConfidence(0.2, probabilities: p) == 0.2)
        // 0.2 of the whole but two thirds of what is not the fallback's: kept at LOW.
        #expect(ours.decide(chosen: 0, probabilities: p, model: Self.model(sensitivity: nil)) == .keep)
        #expect(theSkills.decide(chosen: 0, probabilities: p, model: Self.model(sensitivity: nil)) == .fallBack)
        #expect(ours.decide(chosen: 0, probabilities: [0.15, 0.65, 0.2], model: Self.model(sensitivity: nil)) == .fallBack, "0.15 of 0.8")
    }

    @Test func aFallbackWithoutSamplesIsOursOneWithSamplesTheSkills() throws {
        #expect(Fixtures.pizzaShopModel.fallback.requiredProbabilities == FallbackPolicy.defaultRequiredProbabilities)
        #expect(Fixtures.coffeeModel.fallback.intent == nil)
        let taught = try Importer.decode(Data(#"""
        {"interactionModel": {"languageModel": {"invocationName": "x", "intents": [
            {"name": "A", "samples": ["play the game", "start a game", "new game"]},
            {"name": "B", "samples": ["show my score", "what is my score", "high scores"]},
            {"name": "AMAZON.FallbackIntent", "samples": ["what is the weather"]}]}}}
        """#.utf8))
        let model = try NLUModel.train(from: taught, options: Fixtures.fastOptions)
        #expect(model.fallback.intent != nil && model.fallback.requiredProbabilities == nil)
        var without = Fixtures.fastOptions
        without.everydayNegatives = false
        let plain = try NLUModel.train(from: Self.model(sensitivity: nil), options: without)
        #expect(plain.fallback.requiredProbabilities == nil, "mixtures alone: as before")
    }

    @Test func theExplanationSaysHowSureOurFallbackMustBe() throws {
        let pizza = Fixtures.pizzaShopModel
        let explained = pizza.classifyExplained("i want a large pepperoni pizza").explanation
        #expect(explained.fallbackRequiredProbability == Double(Float(0.7)), "LOW: no sensitivity in the model")
        #expect(explained.fallbackThreshold != nil)
        let coffee = Fixtures.coffeeModel
        #expect(coffee.classifyExplained("a latte please").explanation.fallbackRequiredProbability == nil)
    }

    @Test func theSummarySaysHowTheModelFallsBack() throws {
        let summary = try #require(Fixtures.pizzaShopModel.fallbackSummary)
        #expect(summary.sensitivity == .low && summary.requiredProbability == Double(Float(0.7)))
        #expect(summary.everydayRequests == EverydayRequests.outside(Fixtures.pizzaShopModel.schema).count)
        #expect(summary.everydayRequests > 50)
        #expect(summary.threshold > 0 && summary.threshold <= 0.25)
        #expect(Fixtures.coffeeModel.fallbackSummary == nil, "no fallback intent")
    }

    @Test func everydayRequestsOutsideThePizzaShopFallBack() {
        // None of these is in the everyday list; most should fall back at the default sensitivity.
        let outside = ["who painted the mona lisa", "what's the capital of france", "what's the score in the hockey game",
                       "remind me to buy eggs", "how many miles is a marathon", "play the new taylor swift song"]
        let fallen = outside.filter { Fixtures.pizzaShopModel.classify($0).intent?.name == "AMAZON.FallbackIntent" }
        #expect(fallen.count >= 4, "\(fallen)")
        for request in ["i'd like a large pepperoni pizza", "where is my order", "what's on the menu today"] {
            #expect(Fixtures.pizzaShopModel.classify(request).intent?.name != "AMAZON.FallbackIntent", "\(request)")
        }
    }
}
