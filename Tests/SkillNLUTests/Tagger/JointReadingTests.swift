import BuiltInValues
import Foundation
import Testing
@testable import SkillNLU

/// Joint decoding reads the few intents close to the classifier's best, and spends nothing on
/// a reading's score that cannot change the answer.
@Suite struct JointReadingTests {
    let model = Fixtures.coffeeModel

    /// The only reading wins whatever its score: neither the carrier classifier nor the
    /// tagger's forward pass scores it unless an explanation records the scores, and the answer
    /// is the same either way.
    @Test func aLoneReadingIsNotScoredByTheCarrierClassifier() throws {
        try #require(model.carrierClassifier != nil)
        let context = ClassificationContext()
        let text = "could i get a large caffe latte with oat milk"
        let plain = model.trace(text, context: context)
        try #require(plain.readings.count == 1, "the fixture's utterance should read one intent")
        #expect(plain.readings[0].carrierProbability == nil)
        let scored = model.trace(text, context: context, recordingScores: true)
        #expect(scored.readings.count == 1)
        #expect(scored.readings[0].carrierProbability != nil)
        #expect(scored.readings[0].decoding.labels == plain.readings[0].decoding.labels)
        #expect(plain.readings[0].decoding.logProbability == 0)
        #expect(scored.readings[0].decoding.logProbability < 0)
        let a = try #require(plain.result), b = try #require(scored.result)
        #expect(a.intent?.name == b.intent?.name && a.intent?.confidence == b.intent?.confidence)
        #expect(a.slots == b.slots)
    }

    /// The slot values' confidence comes from a backward pass that stops at the first slot
    /// token: those tokens' confidence is the same to the bit as a full pass gives, the
    /// tokens before are 0, and a reading without slots needs no backward pass at all.
    @Test func theConfidenceOfSlotTokensNeedsNoPassBeforeTheFirstSlot() throws {
        let i = try #require(model.schema.intents.firstIndex { $0.name == "OrderDrink" })
        let tagger = model.tagger, graph = model.graphs[i]
        for text in ["could i get a large caffe latte please", "where is my order"] {
            let tokens = model.schema.tokenizer.tokenize(text)
            var full = tagger.decode(tokens: tokens, spans: [], intentKey: model.intentKeys[i], graph: graph,
                                     mode: .deferredConfidence)
            var partial = full
            tagger.completeConfidence(&full, graph: graph)
            tagger.completeConfidence(&partial, graph: graph, fromFirstSlot: true)
            let first = full.labels.firstIndex { $0 != 0 } ?? tokens.count
            #expect(partial.confidence.count == tokens.count)
            #expect(partial.confidence[..<first].allSatisfy { $0 == 0 })
            #expect(Array(partial.confidence[first...]) == Array(full.confidence[first...]))
            #expect(full.confidence[..<first].allSatisfy { $0 > 0 })
            if text.hasPrefix("could") { #expect(first > 0 && first < tokens.count) }
        }
    }

    /// With several readings each is scored with its carrier, whether or not scores are recorded.
    @Test func severalReadingsAreEachScoredByTheCarrierClassifier() throws {
        try #require(model.carrierClassifier != nil)
        let tokens = model.schema.tokenizer.tokenize("a large latte")
        let probabilities: [Float] = [0.55, 0.45, 0]
        let readings = model.jointReadings(tokens: tokens, spans: [], probabilities: probabilities, ranking: [0, 1, 2],
                                           scoringAlone: false)
        #expect(readings.map(\.intent) == [0, 1])
        #expect(readings.allSatisfy { $0.carrierProbability != nil })
    }
}
