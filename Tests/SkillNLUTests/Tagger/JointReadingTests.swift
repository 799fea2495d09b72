import BuiltInValues
import Foundation
import InteractionModel
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

    /// A reading scores at most log P(intent): an intent whose probability is below the best
    /// score read so far cannot win and is not read when the caller skips losers; one as likely
    /// as the best is read unless its reading's other terms rule it out, and the winner is the
    /// same reading either way.
    @Test func anIntentThatCannotWinIsNotRead() throws {
        let intents = model.schema.intents
        let drink = try #require(intents.firstIndex { $0.name == "OrderDrink" })
        let status = try #require(intents.firstIndex { $0.name == "OrderStatus" })
        try #require(model.fallback.intent != drink, "the fixture's best intent should not be the fallback")
        let tokens = model.schema.tokenizer.tokenize("could i get a large caffe latte")
        func read(_ pStatus: Float, skipping: Bool) -> [JointReading] {
            var probabilities = [Float](repeating: 0, count: intents.count)
            probabilities[drink] = 0.9
            probabilities[status] = pStatus
            let ranking = [drink, status] + intents.indices.filter { $0 != drink && $0 != status }
            return model.jointReadings(tokens: tokens, spans: [], probabilities: probabilities, ranking: ranking,
                                       scoringAlone: false, skippingLosers: skipping)
        }
        let all = read(0.0901, skipping: false)
        try #require(all.map(\.intent) == [drink, status])
        try #require(all[0].score > log(0.0901) + 0.01, "the fixture's drink reading should beat a 9 % intent")
        let skipped = read(0.0901, skipping: true)
        #expect(skipped.map(\.intent) == [drink])
        #expect(skipped[0].score == all[0].score && skipped[0].decoding.labels == all[0].decoding.labels)
        // As likely as the best: read when it could win, else left out; the readings kept are
        // scored as without skipping, and one left out scores below the best kept.
        let close = read(0.9, skipping: true), full = read(0.9, skipping: false)
        #expect(full.map(\.intent) == [drink, status])
        let best = try #require(close.map(\.score).max())
        #expect(close.allSatisfy { r in full.first { $0.intent == r.intent }?.score == r.score })
        #expect(full.allSatisfy { r in close.contains { $0.intent == r.intent } || r.score < best })
    }

    /// An intent as likely as the best may still be unable to win once the carrier classifier
    /// has judged its reading's words: log P(intent) plus the carrier's term, the tagger's term
    /// being at most 0, bounds its score. Skipping losers then leaves it out (without its
    /// forward pass), and the winner and its score are the same.
    @Test func anIntentTheCarrierRulesOutIsNotScored() throws {
        try #require(model.carrierClassifier != nil)
        let intents = model.schema.intents
        let drink = try #require(intents.firstIndex { $0.name == "OrderDrink" })
        let status = try #require(intents.firstIndex { $0.name == "OrderStatus" })
        try #require(model.fallback.intent != drink && model.fallback.intent != status)
        let tokens = model.schema.tokenizer.tokenize("could i get a large caffe latte")
        var probabilities = [Float](repeating: 0, count: intents.count)
        probabilities[drink] = 0.5
        probabilities[status] = 0.5
        let ranking = [drink, status] + intents.indices.filter { $0 != drink && $0 != status }
        func read(skipping: Bool) -> [JointReading] {
            model.jointReadings(tokens: tokens, spans: [], probabilities: probabilities, ranking: ranking,
                                scoringAlone: false, skippingLosers: skipping)
        }
        let all = read(skipping: false)
        try #require(all.map(\.intent) == [drink, status])
        let q = try #require(all[1].carrierProbability)
        // The fixture's premise: the prior alone leaves OrderStatus a chance, its carrier term none.
        try #require(log(0.5) > all[0].score && log(0.5) + NLUModel.carrierWeight * log(q) < all[0].score - 0.01)
        let skipped = read(skipping: true)
        #expect(skipped.map(\.intent) == [drink])
        #expect(skipped[0].score == all[0].score && skipped[0].decoding.labels == all[0].decoding.labels)
    }

    /// Where the fallback intent leads, the best other intent is read however low its
    /// probability: the fallback policy may answer with it (``FallbackStage``).
    @Test func theBestOtherIntentIsReadBehindTheFallbackIntent() throws {
        let json = Fixtures.coffeeJSON.replacingOccurrences(
            of: #"{"name": "AMAZON.StopIntent""#,
            with: #"{"name": "AMAZON.FallbackIntent", "samples": ["what is the weather"]}, {"name": "AMAZON.StopIntent""#)
        let model = try NLUModel.train(from: try Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)
        let intents = model.schema.intents
        let f = try #require(model.fallback.intent, "the fixture should have a fallback intent")
        let status = try #require(intents.firstIndex { $0.name == "OrderStatus" })
        var probabilities = [Float](repeating: 0, count: intents.count)
        probabilities[f] = 0.9
        probabilities[status] = 0.0901
        let ranking = [f, status] + intents.indices.filter { $0 != f && $0 != status }
        let tokens = model.schema.tokenizer.tokenize("could i get a large caffe latte")
        let readings = model.jointReadings(tokens: tokens, spans: [], probabilities: probabilities, ranking: ranking,
                                           scoringAlone: false, skippingLosers: true)
        #expect(readings.map(\.intent) == [f, status])
    }
}
