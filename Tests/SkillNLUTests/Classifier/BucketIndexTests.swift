import Testing
@testable import SkillNLU

/// ``BucketIndex``: two bytes a bucket for a large hash space of few enough rows, four
/// otherwise, and in either form the row a plain array of every bucket's row gives.
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

    @Test func everyBucketHasThePlainIndexsRow() {
        var g = SeededGenerator(seed: 53)
        for (rows, buckets) in [(0, 1 << 17), (1, 1 << 20), (5_000, 1 << 20), (65_534, 1 << 17), (300, 1 << 15), (70_000, 1 << 17)] {
            let bucketOfRow = Self.randomRows(&g, count: rows, buckets: buckets)
            let index = BucketIndex(bucketOfRow: bucketOfRow, buckets: buckets)
            let expected = Self.plain(bucketOfRow, buckets: buckets)
            let found = index.withView { view in (0..<buckets).map { view.row($0) } }
            #expect(found == expected, "\(rows) rows over \(buckets) buckets")
            #expect(index.isNarrow == (buckets > BucketIndex.denseLimit && rows < 65_535), "\(rows) rows over \(buckets) buckets")
        }
    }

    @Test func theLastRowTwoBytesHoldIsNarrowAndOneMoreIsWide() {
        let buckets = 1 << 17
        let fits = (0..<65_534).map { Int32($0 * 2) }
        let index = BucketIndex(bucketOfRow: fits, buckets: buckets)
        #expect(index.isNarrow)
        #expect(index.row(2 * 65_533) == 65_533)
        #expect(index.row(1) == -1)
        let more = (0..<65_535).map { Int32($0 * 2) }
        let wide = BucketIndex(bucketOfRow: more, buckets: buckets)
        #expect(!wide.isNarrow)
        #expect(wide.row(2 * 65_534) == 65_534)
    }
}
