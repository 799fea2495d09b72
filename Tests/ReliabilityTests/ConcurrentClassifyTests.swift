import Dispatch
import Foundation
import FuzzHarness
import Testing
@testable import SkillNLU

/// One `NLUModel` shared by many threads answers exactly as it does on one (`make tsan` runs
/// this suite under ThreadSanitizer).
@Suite struct ConcurrentClassifyTests {
    /// Utterances that reach every layer: exact matches, the statistical layer with slots,
    /// fallback, elicitation answers, truncation, odd Unicode.
    static let utterances: [String] = {
        var texts = ["borrow the hobbit", "lend me two copies of emma by jane austen", "i'd like ulysses",
                     "book the quiet room for tomorrow at five pm", "is the media lab free on friday",
                     "find books about the roman empire", "i like poetry crime and sci-fi", "what are your hours",
                     "help", "stop", "yes", "no", "the weather in paris", "asdf qwer", "", "👩‍👩‍👧‍👦",
                     "مرحبا", "study room please", "conference room", "e\u{301}mma",
                     String(repeating: "borrow the odyssey ", count: 200)]
        for i in 0..<60 { texts.append("\(["borrow", "book", "find", "recommend"][i % 4]) \(["dune", "the meeting room", "history", "travel writing"][i / 4 % 4]) \(i)") }
        return texts
    }()

    static let contexts: [ClassificationContext] = [0, 1, 2, 5 << 2].map { ClassifierFuzzer.context(flags: $0) }

    @Test func manyThreadsGiveTheAnswersOfOne() {
        let model = FuzzFixture.model
        let expected = Self.contexts.map { context in Self.utterances.map { model.classify($0, context: context) } }
        let threads = 8
        let rounds = 3
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                // Each thread walks the work in its own order, so different utterances overlap.
                for step in 0..<Self.utterances.count {
                    let i = (step * (thread + 1) + round * 7) % Self.utterances.count
                    for (c, context) in Self.contexts.enumerated()
                    where model.classify(Self.utterances[i], context: context) != expected[c][i] {
                        mismatches.add()
                    }
                }
            }
        }
        #expect(mismatches.value == 0)
    }

    @Test func batchesAcrossThreadsMatchOneThread() {
        let model = FuzzFixture.model
        let expected = model.classify(batch: Self.utterances)
        let results = Box<[[NLUResult]]>(Array(repeating: [], count: 6))
        DispatchQueue.concurrentPerform(iterations: 6) { i in
            let answers = model.classify(batch: Self.utterances)
            results.update { $0[i] = answers }
        }
        #expect(results.value.allSatisfy { $0 == expected })
    }

    /// A model loaded from its file by each thread, while others classify with a shared one.
    @Test func loadingWhileClassifying() throws {
        let bytes = FuzzFixture.model.fileBytes()
        let model = FuzzFixture.model
        let expected = Self.utterances.prefix(20).map { model.classify($0) }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            if i % 2 == 0 {
                guard let loaded = try? NLUModel(fileBytes: bytes) else { failures.add(); return }
                if Self.utterances.prefix(20).map({ loaded.classify($0) }) != expected { failures.add() }
            } else if Self.utterances.prefix(20).map({ model.classify($0) }) != expected {
                failures.add()
            }
        }
        #expect(failures.value == 0)
    }
}

/// A thread-safe counter for the tests' worker threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A value shared by worker threads, changed under a lock.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
    var value: Value { lock.withLock { stored } }
}
