import Foundation
import Testing
@testable import SkillNLU

/// Loading decodes sections on two threads: the work that needs nothing decoded before it is
/// done once, by whichever thread takes it first, and the model is the same either way.
@Suite struct SectionsAheadTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func increment() -> Int { lock.withLock { n += 1; return n } }
        var value: Int { lock.withLock { n } }
    }

    @Test func aCellIsWorkedOutOnceHoweverManyThreadsAsk() {
        let calls = Counter()
        let cell = OnceCell { () -> Int in
            Thread.sleep(forTimeInterval: 0.01)
            return calls.increment() * 7
        }
        let seen = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if cell.get() == 7 { _ = seen.increment() }
        }
        #expect(calls.value == 1 && seen.value == 8)
    }

    /// The helper thread having done every section ahead, some of them, or none: the same units.
    @Test func theUnitsAreTheSameWhoeverDecodesThem() throws {
        let bytes = Fixtures.coffeeModel.fileBytes()
        let file = try ChunkedModelFileReader(bytes, known: NLUModel.knownSections)
        var made: [[UInt8]] = []
        for aheadFirst in [0, 1, 2] {
            let ahead = SectionsAhead(file)
            if aheadFirst == 1 { ahead.decodeAhead() }
            if aheadFirst == 2 { _ = ahead.tagger.get(); _ = ahead.samples.get() }
            let units = try DecodedUnits(file, ahead: ahead)
            let model = NLUModel(interactionModel: units.model, trainingOptions: units.training.options, schema: units.schema,
                                 classifier: units.classifier, tagger: units.tagger, fallback: units.fallback,
                                 trainingUtteranceCount: units.training.utteranceCount, matcher: units.matcher,
                                 carrierClassifier: units.carrier)
            made.append(model.fileBytes())
        }
        #expect(made.allSatisfy { $0 == bytes })
    }
}
