import BuiltInValues
import Foundation
import InteractionModel
import TestFixtures
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct NegativeUtterancesTests {
    static func model(withFallback: Bool) -> InteractionModel {
        var json = Fixtures.coffeeJSON
        if withFallback {
            json = json.replacingOccurrences(of: #"{"name": "AMAZON.StopIntent""#,
                                             with: #"{"name": "AMAZON.FallbackIntent", "samples": []}, {"name": "AMAZON.StopIntent""#)
        }
        return try! Importer.decode(Data(json.utf8))
    }

    static var schema: SkillSchema {
        let m = model(withFallback: true)
        return SkillSchema(model: m, tokenizer: Tokenizer(locale: m.locale))
    }

    @Test func negativesAreDeterministicAndMadeOfTheModelsCarrierWords() {
        let schema = Self.schema
        let a = NegativeUtterances(schema: schema).generate(count: 200, seed: 5)
        let b = NegativeUtterances(schema: schema).generate(count: 200, seed: 5)
        let c = NegativeUtterances(schema: schema).generate(count: 200, seed: 6)
        #expect(a.map { $0.map(\.text) } == b.map { $0.map(\.text) })
        #expect(a.map { $0.map(\.text) } != c.map { $0.map(\.text) })
        #expect(a.count == 200)
        var carrierWords: Set<String> = []
        for intent in schema.intents where intent.name != "AMAZON.FallbackIntent" {
            for sample in intent.samples {
                for case .text(let t) in sample.parts { carrierWords.formUnion(schema.tokenizer.tokenize(t).map(\.text)) }
            }
        }
        // No intent says every word of a negative.
        var intentsOfWord: [String: Set<String>] = [:]
        for intent in schema.intents where intent.name != "AMAZON.FallbackIntent" {
            for sample in intent.samples {
                for case .text(let t) in sample.parts {
                    for w in schema.tokenizer.tokenize(t) { intentsOfWord[w.text, default: []].insert(intent.name) }
                }
            }
        }
        for n in a {
            let common = n.map { intentsOfWord[$0.text] ?? [] }.reduce(Set(schema.intents.map(\.name))) { $0.intersection($1) }
            #expect(common.isEmpty, "\(n.map(\.text)) could be said by \(common)")
        }
        let words = a.flatMap { $0.map(\.text) }
        #expect(words.allSatisfy { carrierWords.contains($0) })
        // Slot values are never used: negatives must not teach that a drink is out of domain.
        #expect(!words.contains("latte"))
        // Mixtures of intents: some negative holds words of two different intents.
        let order = Set(["want", "get", "make", "give", "have"]), status = Set(["status", "ready", "track", "long"])
        #expect(a.contains { n in n.contains { order.contains($0.text) } && n.contains { status.contains($0.text) } })
    }

    @Test func nothingToMixGivesNoNegatives() {
        let m = try! Importer.decode(Data(#"""
            {"interactionModel": {"languageModel": {"invocationName": "one", "intents": [
              {"name": "Only", "samples": ["say hello", "hello there"]}, {"name": "AMAZON.FallbackIntent", "samples": []}]}}}
            """#.utf8))
        let schema = SkillSchema(model: m, tokenizer: Tokenizer(locale: m.locale))
        #expect(NegativeUtterances(schema: schema).generate(count: 50, seed: 1).isEmpty)
        #expect(NegativeUtterances(schema: Self.schema).generate(count: 0, seed: 1).isEmpty)
    }

    @Test func negativesTeachTheFallbackIntent() throws {
        // Negatives are a share of an average intent's data: on the full amount, as in a real model.
        let full = TrainingOptions.quick(utterancesPerIntent: GenerationOptions().minimumPerIntent)
        var without = full
        without.fallbackNegatives = 0
        without.everydayNegatives = false
        var with = full
        with.fallbackNegatives = 2
        with.everydayNegatives = false
        let model = Self.model(withFallback: true)
        let plain = try NLUModel.train(from: model, options: without)
        let taught = try NLUModel.train(from: model, options: with)
        var context = ClassificationContext(topK: 10)
        context.exactMatching = false
        func fallbackShare(_ m: NLUModel) -> Double {
            let texts = ["status give long me", "order much ready a please", "how a i get until", "track one want could"]
            return texts.map { text in
                let r = m.classify(text, context: context)
                if r.intent?.name == "AMAZON.FallbackIntent" { return 1.0 }
                return r.alternatives.first { $0.name == "AMAZON.FallbackIntent" }?.confidence ?? 0
            }.reduce(0, +) / Double(texts.count)
        }
        #expect(fallbackShare(taught) > fallbackShare(plain) + 0.2)
        // In-domain requests stay in domain.
        for text in ["can i get a large mocha", "where is my order"] {
            let r = taught.classify(text, context: context)
            #expect(r.intent?.name != "AMAZON.FallbackIntent", "\(text): \(r.intent!) \(r.alternatives)")
        }
    }
}
