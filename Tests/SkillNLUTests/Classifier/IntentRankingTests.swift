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

/// A classification ranks only the leading intents its stages and answer read, and answers as
/// with the whole ranking.
@Suite struct LeadingIntentRankingTests {
    @Test func theLeadingIntentsAreTheFullRankingsFirst() {
        var generator = SystemRandomNumberGenerator()
        let palette: [Float] = [0, 1e-30, 1e-7, 0.001, 0.25, 0.25000003, 0.5, 1, .leastNonzeroMagnitude]
        for trial in 0..<400 {
            let n = trial % 170
            let row = (0..<n).map { _ in
                Bool.random(using: &generator) ? palette.randomElement(using: &generator)! : Float.random(in: 0...1, using: &generator)
            }
            for count in [0, 1, 2, 3, 4, 6, 16, 17, 200, Int.max] {
                #expect(IntentRanking.leading(row, count: count) == Array(IntentRanking.ranked(row).prefix(count)),
                        "count \(count), row \(row)")
            }
        }
    }

    @Test func valuesAKeyCannotStandForTakeTheClosureSort() {
        let rows: [[Float]] = [[0.2, -0.0, 0, 0.2, 0.1], [0.1, .nan, 0.3, 0.1, 0.9], [-1, 0.5, -2, 0.5, 0], [.infinity, 0.5, .infinity, 1]]
        for row in rows {
            for count in 1...3 {
                #expect(IntentRanking.leading(row, count: count) == Array(IntentRanking.closureSorted(row).prefix(count)), "row \(row)")
            }
        }
        #expect(IntentRanking.leading([0.1, 0.7, 0.1, 0.1, 0.3], count: 2) == [1, 4])
    }

    /// Joint decoding's three candidates at least; the alternatives with the decided intent
    /// left out of them; everything for an explanation.
    @Test func theCountCoversJointDecodingAndTheAlternatives() {
        #expect(IntentRanking.leadingCount(topK: 0, recordsScores: false) == 3)
        #expect(IntentRanking.leadingCount(topK: -4, recordsScores: false) == 3)
        #expect(IntentRanking.leadingCount(topK: 2, recordsScores: false) == 3)
        #expect(IntentRanking.leadingCount(topK: 3, recordsScores: false) == 4)
        #expect(IntentRanking.leadingCount(topK: 9, recordsScores: false) == 10)
        #expect(IntentRanking.leadingCount(topK: .max, recordsScores: false) == .max)
        #expect(IntentRanking.leadingCount(topK: 3, recordsScores: true) == .max)
    }

    @Test func aTraceHoldsTheLeadingIntentsAndAnswersAsWithAllOfThem() throws {
        let model = Fixtures.pizzaShopModel
        let n = model.schema.intents.count
        try #require(n > 5, "the fixture should have more intents than a classification reads")
        for text in ["i would like two large pepperoni pizzas", "what can i order", "cancel", "tell me a joke about trains"] {
            for topK in [0, 1, 3, n] {
                let context = ClassificationContext(topK: topK)
                let trace = model.trace(text, context: context)
                let probabilities = try #require(trace.probabilities)
                let all = IntentRanking.ranked(probabilities)
                #expect(trace.ranking.count == min(n, max(3, topK + 1)), "\(text) top \(topK)")
                #expect(trace.ranking == Array(all.prefix(trace.ranking.count)))
                let result = try #require(trace.result), decided = try #require(result.intent?.name)
                let expected = all.map { model.schema.intents[$0].name }.filter { $0 != decided }.prefix(topK)
                #expect(result.alternatives.map(\.name) == Array(expected), "\(text) top \(topK)")
            }
            let explained = model.trace(text, context: ClassificationContext(topK: 1), recordingScores: true)
            #expect(explained.ranking.count == n)
        }
    }
}
