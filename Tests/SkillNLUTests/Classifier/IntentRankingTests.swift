import Testing
@testable import SkillNLU

/// The intents' ranking by integer keys is the stable sort by probability it replaces, ties
/// and odd values included.
@Suite struct IntentRankingTests {
    @Test func equalsTheStableSortOnSoftmaxLikeRowsWithTies() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<300 {
            let n = 1 + trial % 160
            // Few distinct values, so that ties are common; zeros and tiny numbers too.
            let palette: [Float] = [0, 1e-30, 1e-7, 0.001, 0.25, 0.25000003, 0.5, 1, .leastNonzeroMagnitude]
            let row = (0..<n).map { _ in
                Bool.random(using: &generator) ? palette.randomElement(using: &generator)! : Float.random(in: 0...1, using: &generator)
            }
            #expect(IntentRanking.ranked(row) == IntentRanking.closureSorted(row), "row \(row)")
        }
    }

    @Test func valuesAKeyCannotStandForTakeTheClosureSort() {
        let rows: [[Float]] = [[0.2, -0.0, 0, 0.2], [0.1, .nan, 0.3, 0.1], [-1, 0.5, -2, 0.5], [.infinity, 0.5, .infinity], [], [0.4]]
        for row in rows {
            #expect(IntentRanking.ranked(row) == IntentRanking.closureSorted(row), "row \(row)")
        }
        #expect(IntentRanking.ranked([0.1, 0.7, 0.1, 0.1]) == [1, 0, 2, 3])
    }
}
