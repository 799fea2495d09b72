import Testing
@testable import SkillNLU

/// ``BucketIndex``: a bit a bucket for a large hash space whose rows are a classifier's two
/// ascending runs, four bytes otherwise, and in either form the row a plain array of every
/// bucket's row gives.
@Suite struct BucketIndexTests {
    /// The plain index: -1 for a bucket without a row, the last row of a bucket listed twice.
    static func plain(_ bucketOfRow: [Int32], buckets: Int) -> [Int32] {
        var index = [Int32](repeating: -1, count: buckets)
        for (row, bucket) in bucketOfRow.enumerated() { index[Int(bucket)] = Int32(row) }
        return index
    }

    static func randomRows(_ g: inout SeededGenerator, count: Int, buckets: Int) -> [Int32] {
        (0..<count).map { _ in Int32(g.index(buckets)) }
    }

    /// Two ascending runs of distinct buckets, as training lays rows out: `split` rows, then the rest.
    static func runs(_ g: inout SeededGenerator, count: Int, split: Int, buckets: Int) -> [Int32] {
        var chosen = Set<Int32>()
        while chosen.count < count { chosen.insert(Int32(g.index(buckets))) }
        let shuffled = chosen.sorted().shuffled(using: &g)
        return shuffled[..<split].sorted() + shuffled[split...].sorted()
    }

    @Test func everyBucketHasThePlainIndexsRow() {
        var g = SeededGenerator(seed: 53)
        for (rows, buckets) in [(0, 1 << 17), (1, 1 << 20), (5_000, 1 << 20), (65_534, 1 << 17), (300, 1 << 15), (70_000, 1 << 17)] {
            for split in Set([0, rows / 3, rows]) {
                for ordered in [true, false] {
                    let bucketOfRow = ordered ? Self.runs(&g, count: rows, split: split, buckets: buckets)
                        : Self.randomRows(&g, count: rows, buckets: buckets)
                    let index = BucketIndex(bucketOfRow: bucketOfRow, buckets: buckets)
                    let expected = Self.plain(bucketOfRow, buckets: buckets)
                    let found = index.withView { view in (0..<buckets).map { view.row($0) } }
                    #expect(found == expected, "\(rows) rows over \(buckets) buckets")
                    let compact = buckets > BucketIndex.denseLimit && BucketIndex.runSplit(bucketOfRow) != nil
                    #expect(index.isCompact == compact, "\(rows) rows over \(buckets) buckets")
                    if ordered { #expect(index.isCompact == (buckets > BucketIndex.denseLimit)) }
                }
            }
        }
    }

    @Test func runsAreFoundWhereTheyTurnDown() {
        #expect(BucketIndex.runSplit([]) == 0)
        #expect(BucketIndex.runSplit([3, 5, 9]) == 3)
        #expect(BucketIndex.runSplit([3, 5, 9, 1, 4]) == 3)
        #expect(BucketIndex.runSplit([3, 5, 5, 6]) == 2)
        #expect(BucketIndex.runSplit([3, 5, 1, 4, 2]) == nil)
    }

    @Test func aBucketInBothRunsIsRepeatedAndHasItsLaterRow() {
        let buckets = 1 << 18
        let rows: [Int32] = [7, 100, 200_000, 3, 100, 150]
        let index = BucketIndex(bucketOfRow: rows, buckets: buckets)
        #expect(index.isCompact)
        #expect(index.hasRepeatedBuckets)
        #expect(index.row(100) == 4)
        #expect(index.row(7) == 0)
        #expect(index.row(200_000) == 2)
        #expect(index.row(150) == 5)
        #expect(index.row(8) == -1)
        #expect(!BucketIndex(bucketOfRow: [7, 100, 3, 101], buckets: buckets).hasRepeatedBuckets)
    }
}
