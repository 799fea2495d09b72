import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A classifier's feature rows are stored as two ascending runs of bucket gaps
/// (``IntentClassifier/encodeRuns(_:split:)``); reading them back gives the same buckets and
/// refuses what no writer produces: one out of range, bytes left over, and (found by the
/// bucket index the reader fills next) a bucket in both runs.
@Suite struct FeatureRowRunsTests {
    /// `count` distinct buckets below `buckets`, split at random into two ascending runs.
    static func runs(_ random: inout SeededGenerator, count: Int, buckets: Int) -> (buckets: [Int32], split: Int) {
        var chosen = Set<Int32>()
        while chosen.count < count { chosen.insert(Int32(random.next() % UInt64(buckets))) }
        let all = Array(chosen).shuffled(using: &random)
        let split = Int(random.next() % UInt64(count + 1))
        return (all[..<split].sorted() + all[split...].sorted(), split)
    }

    @Test func readingGivesTheBucketsWritten() throws {
        var random = SeededGenerator(seed: 3)
        for trial in 0..<200 {
            let buckets = trial % 2 == 0 ? 1 << 10 : 1 << 20
            let (rows, split) = Self.runs(&random, count: Int(random.next() % 300), buckets: buckets)
            let bytes = IntentClassifier.encodeRuns(rows, split: split)
            #expect(try IntentClassifier.decodeRuns(bytes, rows: rows.count, split: split, buckets: buckets) == rows)
        }
    }

    @Test func aBucketInBothRunsIsRefused() throws {
        var random = SeededGenerator(seed: 4)
        for _ in 0..<100 {
            var (rows, split) = Self.runs(&random, count: 2 + Int(random.next() % 200), buckets: 1 << 12)
            guard split > 0, split < rows.count else { continue }
            // The second run takes one of the first run's buckets, kept ascending.
            let taken = rows[Int(random.next() % UInt64(split))]
            var second = Array(rows[split...])
            second[Int(random.next() % UInt64(second.count))] = taken
            guard Set(second).count == second.count else { continue }
            rows = Array(rows[..<split]) + second.sorted()
            let bytes = IntentClassifier.encodeRuns(rows, split: split)
            let read = try IntentClassifier.decodeRuns(bytes, rows: rows.count, split: split, buckets: 1 << 12)
            #expect(read == rows)
            // The index the reader fills next finds the bucket, in both of its forms.
            for buckets in [1 << 12, 1 << 20] {
                #expect(BucketIndex(bucketOfRow: read, buckets: buckets).hasRepeatedBuckets)
                #expect(!BucketIndex(bucketOfRow: Array(Set(read)), buckets: buckets).hasRepeatedBuckets)
            }
        }
    }

    @Test func bucketsOutOfRangeAndLeftoverBytesAreRefused() throws {
        let bytes = IntentClassifier.encodeRuns([1, 5, 9, 2, 7], split: 3)
        #expect(try IntentClassifier.decodeRuns(bytes, rows: 5, split: 3, buckets: 10) == [1, 5, 9, 2, 7])
        #expect(throws: ModelFileError.self) { try IntentClassifier.decodeRuns(bytes, rows: 5, split: 3, buckets: 9) }
        #expect(throws: ModelFileError.self) { try IntentClassifier.decodeRuns(bytes + [0], rows: 5, split: 3, buckets: 10) }
        #expect(throws: ModelFileError.self) { try IntentClassifier.decodeRuns(Array(bytes.dropLast()), rows: 5, split: 3, buckets: 10) }
        #expect(throws: ModelFileError.self) { try IntentClassifier.decodeRuns([0x80, 0x80, 0x80, 0x80, 0x80, 0x01], rows: 1, split: 1, buckets: 10) }
    }

    /// A classifier file whose second run repeats a bucket of the first is refused when read.
    @Test func aClassifierFileWithABucketInBothRunsIsRefused() throws {
        let trained = try IntentClassifierCodingTests.trained()
        let rows = trained.bucketOfRow, split = trained.linearRows
        let first = Array(rows[..<split]), second = Array(rows[split...])
        let taken = try #require(first.first { !second.contains($0) })
        try #require(!second.isEmpty)
        let damaged = IntentClassifier(labelCount: trained.labelCount, options: trained.options, temperature: trained.temperature,
                                       bucketOfRow: first + (Array(second.dropFirst()) + [taken]).sorted(), linearRows: split,
                                       embedding: trained.embeddingRows, linear: trained.linearTable,
                                       hiddenWeights: trained.hiddenWeights, hiddenBias: trained.hiddenBias,
                                       outputWeights: trained.outputWeights, outputBias: trained.outputBias)
        var reader = BinaryReader(IntentClassifierCodingTests.bytes(damaged))
        #expect(throws: ModelFileError.self) { try IntentClassifier(reading: &reader) }
        reader = BinaryReader(IntentClassifierCodingTests.bytes(trained))
        #expect(try IntentClassifier(reading: &reader) == trained)
    }
}
