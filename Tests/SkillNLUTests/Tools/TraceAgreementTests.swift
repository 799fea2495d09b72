import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// One decision, told once: `classifyExplained` answers exactly what `classify` answers, its
/// explanation names the rule that decided, and every result shows its chosen intent as the most
/// confident with the alternatives fitting in what is left of 1.
@Suite struct TraceAgreementTests {
    @Test func explainAgreesWithClassifyOnEverySampleAndParaphrase() {
        for (model, text) in ResultInvariantTests.cases() {
            let plain = model.classify(text)
            let (result, e) = model.classifyExplained(text)
            #expect(result == plain, "\(text)")
            #expect(e.decidedBy == plain.decidedBy, "\(text)")
            if let intent = plain.intent {
                // The last rule decided, and it is about the answer's intent.
                #expect(e.rules.last?.intent == intent.name || e.rules.last?.kind == .belowThreshold, "\(text): \(e.rules)")
            }
        }
    }

    /// Explaining reads the fallback's sensitivity as classifying does, from the model file's
    /// outline: a loaded model explains a fallback without decoding its interaction model.
    @Test func explainingALoadedModelLeavesItsInteractionModelUndecoded() throws {
        let pizza = try NLUModel(fileBytes: Fixtures.pizzaShopModel.fileBytes())
        for text in ["zzz", "what is the capital of peru"] {
            let (result, e) = pizza.classifyExplained(text)
            let (expected, _) = Fixtures.pizzaShopModel.classifyExplained(text)
            #expect(result == expected, "\(text)")
            #expect(e.fallbackThreshold != nil, "\(text)")
        }
        let decoded = pizza.isInteractionModelDecoded
        #expect(!decoded)
    }

    /// The rule the explanation states is the one that was applied, with the values it compared.
    @Test func theExplainedFallbackRuleIsTheAppliedOne() throws {
        let pizza = Fixtures.pizzaShopModel
        let threshold = Double(pizza.fallback.threshold(level: FallbackPolicy.level(of: pizza.interactionModel)))
        var fellBack = 0
        for text in ResultInvariantTests.pizzaParaphrases + ResultInvariantTests.filledSamples(pizza) {
            let (r, e) = pizza.classifyExplained(text)
            guard r.decidedBy == .model || r.decidedBy == .fallback else { continue }
            let last = try #require(e.rules.last, "\(text)")
            switch last.kind {
            case .belowThreshold:
                #expect(r.decidedBy == .fallback && r.intent?.name == "AMAZON.FallbackIntent", "\(text)")
                #expect(try #require(last.value) < threshold && last.threshold == threshold, "\(text): \(last)")
                fellBack += 1
            case .aboveThreshold:
                #expect(r.decidedBy == .model && r.intent?.name == last.intent, "\(text)")
                #expect(try #require(last.value) >= threshold && last.threshold == threshold, "\(text): \(last)")
            case .fallbackSure:
                #expect(r.decidedBy == .fallback && r.intent?.name == "AMAZON.FallbackIntent", "\(text)")
                let (value, required) = (try #require(last.value), try #require(last.threshold))
                #expect(value >= required, "\(text): \(last)")
                fellBack += 1
            default:
                Issue.record("\(text): a statistical answer of a model with a fallback intent ends in a fallback rule, not \(last)")
            }
            // A fallback the sensitivity found unsure hands the answer to the best other intent.
            if let unsure = e.rules.firstIndex(where: { $0.kind == .fallbackUnsure }) {
                let (value, required) = (try #require(e.rules[unsure].value), try #require(e.rules[unsure].threshold))
                #expect(value < required, "\(text)")
                #expect(e.rules.indices.contains(unsure + 1) && e.rules[unsure + 1].kind == .bestOther, "\(text): \(e.rules)")
            }
        }
        #expect(fellBack >= 2, "some of the everyday requests fall back")
    }
}
