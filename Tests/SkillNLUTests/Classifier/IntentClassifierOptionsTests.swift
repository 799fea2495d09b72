import Foundation
import Testing
@testable import SkillNLU

@Suite struct IntentClassifierOptionsTests {
    @Test func defaultsAreValid() throws {
        try IntentClassifierOptions().validate()
    }

    @Test(arguments: [(3, 10), (11, 57_000), (11, 3_900), (155, 15_000), (400, 2_000_000), (1, 1)])
    func recommendedSettingsAreValidAndBounded(_ labels: Int, _ examples: Int) throws {
        let o = IntentClassifierOptions.recommended(labelCount: labels, exampleCount: examples)
        try o.validate()
        #expect((2...20).contains(o.epochs))
        #expect((8...256).contains(o.batchSize))
        // Presentations stay near the target unless an epoch bound applies.
        let presentations = o.epochs * examples
        #expect(o.epochs == 2 || o.epochs == 20 || (60_000...200_000).contains(presentations))
    }

    @Test func manyIntentsGetALargerModel() {
        let few = IntentClassifierOptions.recommended(labelCount: 11, exampleCount: 50_000)
        let many = IntentClassifierOptions.recommended(labelCount: 155, exampleCount: 50_000)
        #expect(many.dimension > few.dimension)
        #expect(many.buckets > few.buckets)
        #expect(many.epochs >= few.epochs)
    }

    /// Half a byte a weight up to 32 intents; beyond, where three bits lose out-of-scope
    /// recall, the compact coding (4-bit linear levels). The codings whose embedding is at
    /// 3 bits round an ensemble once, after the merge.
    @Test func fewIntentsAreStoredInFourBits() {
        #expect(IntentClassifierOptions.recommended(labelCount: 7, exampleCount: 5_000).precision == .int4)
        #expect(IntentClassifierOptions.recommended(labelCount: 32, exampleCount: 5_000).precision == .int4)
        #expect(IntentClassifierOptions.recommended(labelCount: 151, exampleCount: 5_000).precision == .compact)
        #expect(IntentClassifierOptions.Precision.allCases.filter(\.roundsMergedMembersOnce) == [.int3, .compact])
    }

    /// Beyond 32 intents the stored rows are capped; a skill of a few intents keeps every
    /// feature (its samples are few, each word counts).
    @Test func manyIntentsCapTheirRows() {
        #expect(IntentClassifierOptions.recommended(labelCount: 7, exampleCount: 5_000).rowBudget == nil)
        #expect(IntentClassifierOptions.recommended(labelCount: 32, exampleCount: 50_000).rowBudget == nil)
        #expect(IntentClassifierOptions.recommended(labelCount: 33, exampleCount: 5_000).rowBudget == 1 << 16)
        #expect(IntentClassifierOptions.recommended(labelCount: 151, exampleCount: 50_000).minCount == 1)
    }

    @Test func aRowBudgetMustBePositive() throws {
        var o = IntentClassifierOptions()
        o.rowBudget = 0
        #expect(throws: IntentClassifierError.self) { try o.validate() }
        o.rowBudget = 1
        try o.validate()
    }

    @Test func smallDataGetsSmallBatchesAndMoreEpochs() {
        let small = IntentClassifierOptions.recommended(labelCount: 11, exampleCount: 500)
        let large = IntentClassifierOptions.recommended(labelCount: 11, exampleCount: 100_000)
        #expect(small.batchSize < large.batchSize)
        #expect(small.epochs > large.epochs)
    }

    @Test func optionsRoundTripThroughJSON() throws {
        var o = IntentClassifierOptions()
        o.charNgrams = nil
        o.hiddenLayer = 24
        o.linearFeatures = .all
        o.optimizer = .sgd
        let data = try JSONEncoder().encode(o)
        #expect(try JSONDecoder().decode(IntentClassifierOptions.self, from: data) == o)
    }

    @Test(arguments: ["buckets", "featureDropout", "learningRate", "wordNgrams", "charNgrams", "hiddenLayer"])
    func invalidOptionsNameTheProblem(_ field: String) {
        var o = IntentClassifierOptions()
        switch field {
        case "buckets": o.buckets = 0
        case "featureDropout": o.featureDropout = 1
        case "learningRate": o.learningRate = .nan
        case "wordNgrams": o.wordNgrams = 4
        case "charNgrams": o.charNgrams = 2...9
        default: o.hiddenLayer = 0
        }
        let error = #expect(throws: IntentClassifierError.self) { try o.validate() }
        #expect(error?.description.contains(field) == true)
    }
}
