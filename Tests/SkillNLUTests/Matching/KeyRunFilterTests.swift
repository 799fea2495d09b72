import Testing
import Understanding
@testable import SkillNLU

/// A run the filter's set holds must always pass it; most others must not; an empty filter
/// passes everything.
@Suite struct KeyRunFilterTests {
    @Test func everyHeldRunPassesAndMostOthersDoNot() {
        var rng = SeededGenerator(seed: 13)
        let words: [UInt64] = (0..<40).map { _ in rng.next() }
        func run() -> [UInt64] { (0..<(1 + rng.below(4))).map { _ in rng.pick(words) } }
        let held = Set((0..<500).map { _ in run() })
        let filter = KeyRunFilter(held)
        for r in held {
            #expect(filter.mayContain(r[...]))
            // A run read from inside a longer array (the spans' edges are slices of the keys).
            let padded = [rng.next()] + r + [rng.next()]
            #expect(filter.mayContain(padded[1..<(padded.count - 1)]))
        }
        var passed = 0, absent = 0
        for _ in 0..<5_000 {
            let r = run()
            guard !held.contains(r) else { continue }
            absent += 1
            if filter.mayContain(r[...]) { passed += 1 }
        }
        #expect(absent > 1_000)
        #expect(passed * 100 < absent, "\(passed) of \(absent) absent runs passed")
        #expect(!filter.mayContain([][...]) || held.contains([]))
    }

    @Test func orderAndLengthMatter() {
        let filter = KeyRunFilter([[1, 2], [7]])
        #expect(filter.mayContain([1, 2][...]))
        #expect(!filter.mayContain([2, 1][...]))
        #expect(!filter.mayContain([7, 0][...]))
        #expect(!filter.mayContain([0, 7][...]))
    }

    @Test func anEmptyFilterPassesEveryRun() {
        let filter = KeyRunFilter()
        #expect(filter.mayContain([][...]))
        #expect(filter.mayContain([3, 4, 5][...]))
    }
}
