import Testing
@testable import SkillNLU

/// ``KeyRunSet`` answers as a `Set<[UInt64]>` of the same runs: exact (a run whose hash an
/// inserted run shares is not taken for it), through growth, in any order of insertion.
@Suite struct KeyRunSetTests {
    @Test func itHoldsWhatASetOfArraysHolds() {
        var generator = SystemRandomNumberGenerator()
        var reference: Set<[UInt64]> = []
        var runs = KeyRunSet()
        // Few distinct keys, so that runs repeat and share prefixes and suffixes.
        let words: [UInt64] = (0..<12).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
        for _ in 0..<3_000 {
            let run = (0..<Int.random(in: 1...6, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            #expect(runs.insert(run[...]) == reference.insert(run).inserted)
        }
        #expect(runs.count == reference.count && reference.count > 100)
        for _ in 0..<3_000 {
            let run = (0..<Int.random(in: 1...7, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            #expect(runs.contains(run) == reference.contains(run), "\(run)")
        }
        #expect(!runs.contains([]) && !runs.isEmpty && KeyRunSet().isEmpty)
    }

    @Test func runsAreComparedKeyByKeyAndSetsRegardlessOfOrder() {
        let a: [[UInt64]] = [[1, 2, 3], [2, 3], [3], [7, 7, 7, 7]]
        let set = KeyRunSet(a)
        // Same keys in another order, or one key more or less: other runs.
        for other: [UInt64] in [[3, 2, 1], [1, 2], [1, 2, 3, 4], [7, 7, 7], [2]] { #expect(!set.contains(other), "\(other)") }
        for run in a {
            #expect(set.contains(run[...]))
            // A run read from inside a longer array (the spans' edges are slices of the keys).
            let padded = [9] + run + [9]
            #expect(set.contains(padded[1..<(padded.count - 1)]))
        }
        #expect(set.oneKeyRuns == [3])
        #expect(set == KeyRunSet(a.reversed()))
        #expect(set != KeyRunSet(a.dropLast()) && set != KeyRunSet(a.dropLast() + [[7, 7, 7]]))
        var again = set
        #expect(!again.insert([2, 3][...]) && again == set)
    }
}
