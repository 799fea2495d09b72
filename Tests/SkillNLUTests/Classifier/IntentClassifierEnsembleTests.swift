import Testing
@testable import SkillNLU

@Suite struct IntentClassifierEnsembleTests {
    typealias Toy = ClassifierToyData

    static func members(_ count: Int, hidden: Int? = nil) throws -> [IntentClassifier] {
        try (0..<count).map { m in
            var options = Toy.options(seed: 7 + UInt64(m) * 1_000)
            options.hiddenLayer = hidden
            return try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        }
    }

    @Test func mergedScoresAreTheMeanOfTheMembersScores() throws {
        let members = try Self.members(3)
        // Different seeds give different members, or the test would prove nothing.
        #expect(members[0] != members[1])
        let merged = try #require(IntentClassifier.merging(members))
        #expect(merged.options.dimension == 3 * members[0].options.dimension)
        for text in ["play some jazz", "will it rain in the blue room", "get me a table in tokyo", "unheard words here"] {
            let tokens = Toy.tokenizer.tokenize(text)
            let logits = members.map { $0.logits(tokens) }
            let mean = (0..<3).map { j in logits.map { $0[j] }.reduce(0, +) / 3 }
            let got = merged.logits(tokens)
            for j in 0..<3 { #expect(abs(got[j] - mean[j]) < 1e-3, "\(text) label \(j): \(got[j]) vs \(mean[j])") }
        }
    }

    @Test func mergedClassifierRoundTripsThroughItsFileForm() throws {
        let merged = try #require(IntentClassifier.merging(try Self.members(2))).calibrated(heldOut: Toy.examples())
        var writer = BinaryWriter()
        merged.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(try IntentClassifier(reading: &reader) == merged)
    }

    @Test func oneMemberIsKeptAsItIsAndHiddenLayersAreNotMerged() throws {
        let single = try Self.members(1)
        #expect(IntentClassifier.merging(single) == single[0])
        #expect(IntentClassifier.merging([]) == nil)
        #expect(IntentClassifier.merging(try Self.members(2, hidden: 4)) == nil)
    }

    @Test func aModelTrainedWithSeveralMembersClassifiesAndRoundTrips() throws {
        var options = Fixtures.fastOptions
        options.classifierMembers = 2
        let model = try NLUModel.train(from: Fixtures.coffee, options: options)
        #expect(model.classifierDimension == 2 * (options.classifier?.dimension ?? 0))
        let copy = try NLUModel(fileBytes: model.fileBytes())
        #expect(copy.fileBytes() == model.fileBytes())
        let result = model.classify("i would like a large latte")
        #expect(result.intent?.name == copy.classify("i would like a large latte").intent?.name)
    }

    @Test func manyIntentsGetSeveralMembersByDefault() {
        #expect(TrainingOptions.recommendedClassifierMembers(intentCount: 7) == 1)
        #expect(TrainingOptions.recommendedClassifierMembers(intentCount: 150) == 3)
    }
}
