import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct IntentClassifierEnsembleTests {
    typealias Toy = ClassifierToyData

    static func members(_ count: Int, hidden: Int? = nil,
                        precision: IntentClassifierOptions.Precision = IntentClassifierOptions().precision) throws -> [IntentClassifier] {
        try (0..<count).map { m in
            var options = Toy.options(seed: 7 + UInt64(m) * 1_000)
            options.hiddenLayer = hidden
            options.precision = precision
            return try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        }
    }

    /// Merging concatenates the members' rows and rounds them again to the stored precision.
    /// In float32 and float16 that changes a score by rounding error only; in int8 a merged row
    /// takes the scale of its largest member, so the smaller members' weights are rounded more
    /// coarsely (steps of up to 1/64 of the row's largest weight), and the tolerance is wider.
    @Test(arguments: [(IntentClassifierOptions.Precision.float32, Float(1e-3)), (.float16, 1e-3), (.int8, 2e-2)])
    func mergedScoresAreTheMeanOfTheMembersScores(precision: IntentClassifierOptions.Precision, tolerance: Float) throws {
        let members = try Self.members(3, precision: precision)
        // Different seeds give different members, or the test would prove nothing.
        #expect(members[0] != members[1])
        let merged = try #require(IntentClassifier.merging(members))
        #expect(merged.options.dimension == 3 * members[0].options.dimension)
        for text in ["play some jazz", "will it rain in the blue room", "get me a table in tokyo", "unheard words here"] {
            let tokens = Toy.tokenizer.tokenize(text)
            let logits = members.map { $0.logits(tokens) }
            let mean = (0..<3).map { j in logits.map { $0[j] }.reduce(0, +) / 3 }
            let got = merged.logits(tokens)
            for j in 0..<3 { #expect(abs(got[j] - mean[j]) < tolerance, "\(text) label \(j): \(got[j]) vs \(mean[j])") }
        }
    }

    @Test func mergedClassifierRoundTripsThroughItsFileForm() throws {
        let merged = try #require(IntentClassifier.merging(try Self.members(2))).calibrated(heldOut: Toy.examples())
        var writer = BinaryWriter()
        merged.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(try IntentClassifier(reading: &reader) == merged)
    }

    /// Unrounded members merged at a precision: the merged tables rounded once, exactly as the
    /// file of that precision stores them; one member alone is rounded too.
    @Test func unroundedMembersAreRoundedOnceByTheMerge() throws {
        let members = try Self.members(3, precision: .float32)
        let plain = try #require(IntentClassifier.merging(members))
        #expect(plain.options.precision == .float32)
        let merged = try #require(IntentClassifier.merging(members, precision: .int3))
        #expect(merged.options.precision == .int3)
        #expect(merged == plain.rounded(to: .int3))
        #expect(merged.embedding != plain.embedding)
        #expect(WeightCoding.rounded(merged.embedding, precision: .int3, width: merged.options.dimension) == merged.embedding)
        var writer = BinaryWriter()
        merged.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(try IntentClassifier(reading: &reader) == merged)
        #expect(IntentClassifier.merging([members[0]], precision: .int3) == members[0].rounded(to: .int3))
        #expect(members[0].rounded(to: .float32) == members[0])
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
        options.linearClassifierMembers = 1
        let model = Fixtures.trained(options)
        // Two members of the classifier's own dimension and one linear member of dimension 1.
        #expect(model.classifierDimension == 2 * (options.classifier?.dimension ?? 0) + 1)
        let copy = try NLUModel(fileBytes: model.fileBytes())
        #expect(copy.fileBytes() == model.fileBytes())
        let result = model.classify("i would like a large latte")
        #expect(result.intent?.name == copy.classify("i would like a large latte").intent?.name)
    }

    @Test func manyIntentsGetSeveralMembersByDefaultAndFewALinearOne() {
        #expect(TrainingOptions.recommendedClassifierMembers(intentCount: 7) == 1)
        #expect(TrainingOptions.recommendedClassifierMembers(intentCount: 150) == 3)
        #expect(TrainingOptions.recommendedLinearClassifierMembers(intentCount: 7) == 1)
        #expect(TrainingOptions.recommendedLinearClassifierMembers(intentCount: 150) == 0)
    }

    /// A member of the default kind (linear over words) and two of the second kind (linear
    /// over every feature, per kind, dimension 1 and 3).
    ///
    /// Many buckets: where a word and a character n-gram share a bucket, the merged model also
    /// adds the word's linear row for the n-gram, which a `words` member does not (a
    /// difference the size of one more feature, rare with real bucket counts).
    static func twoKinds() throws -> [IntentClassifier] {
        func toy(_ seed: UInt64) -> IntentClassifierOptions {
            var o = Toy.options(seed: seed)
            o.buckets = 1 << 22
            return o
        }
        let first = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: toy(7))
        return try [1, 3].map { d in
            var options = TrainingOptions.linearMemberOptions(from: toy(7 + UInt64(d) * 1_000))
            options.dimension = d
            return try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        } .reduce(into: [first]) { $0.append($1) }
    }

    @Test func membersOfTwoKindsAndWidthsMergeIntoTheMeanOfTheirScores() throws {
        let members = try Self.twoKinds()
        #expect(members.map(\.options.linearFeatures) == [.words, .allPerKind, .allPerKind])
        #expect(members[1].linearRows > members[0].linearRows, "the second kind has rows for character n-grams")
        let merged = try #require(IntentClassifier.merging(members))
        #expect(merged.options.dimension == members[0].options.dimension + 1 + 3)
        #expect(merged.options.linearFeatures == .allPerKind)
        for text in ["play some jazz", "will it rain in the blue room", "get me a table in tokyo", "unheard words here", "jazz"] {
            let tokens = Toy.tokenizer.tokenize(text)
            let logits = members.map { $0.logits(tokens) }
            let mean = (0..<3).map { j in logits.map { $0[j] }.reduce(0, +) / 3 }
            let got = merged.logits(tokens)
            // The merged linear rows are rounded to half precision once more.
            for j in 0..<3 { #expect(abs(got[j] - mean[j]) < 1e-2, "\(text) label \(j): \(got[j]) vs \(mean[j])") }
        }
        let calibrated = merged.calibrated(heldOut: Toy.examples())
        var writer = BinaryWriter()
        calibrated.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(try IntentClassifier(reading: &reader) == calibrated)
    }

    @Test func linearModelsOverAllFeaturesWithoutPerKindScalingDoNotMergeWithOthers() throws {
        var options = Toy.options(seed: 9)
        options.linearFeatures = .all
        let all = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        #expect(IntentClassifier.merging([try Self.members(1)[0], all]) == nil)
    }
}
