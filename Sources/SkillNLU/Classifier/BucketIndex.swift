/// The row of each hash bucket an ``IntentClassifier`` stores, or -1 for a bucket training
/// never saw.
///
/// A small hash space (up to ``denseLimit`` buckets) keeps an `Int32` a bucket. A large one
/// (a million buckets for a skill of many intents) keeps its rows as a classifier stores them
/// — at most two runs of ascending buckets, the linear member's rows then the others — so a
/// row is the rank of its bucket within its run: a bit per bucket for each run and, every 64
/// buckets, how many rows come before (``Block``). A million buckets take 384 kB, three bits a
/// bucket: a load zeroes and touches little fresh memory (the pages of a table of every
/// bucket cost more than filling it), and classifying leaves more of the cache to the weights.
/// A lookup reads one block and counts bits. Rows in any other order keep the `Int32` table.
struct BucketIndex: Sendable, Equatable {
    /// An `Int32` a bucket up to this many buckets (256 kB).
    static let denseLimit = 1 << 16

    private let wide: [Int32]
    /// Per 64 buckets, from bucket 0; empty when ``wide`` holds the index.
    private let blocks: [Block]

    /// Whether a bucket is listed for two rows (which a trained classifier never does, and a
    /// model file's reader refuses): found while filling, where the bucket's entry is at hand.
    let hasRepeatedBuckets: Bool

    /// 64 buckets: which hold a row of the first run and which a row of the second, and the
    /// row of the first bucket of each run at or after this block's first bucket.
    struct Block: Sendable, Equatable {
        var first: UInt64 = 0
        var second: UInt64 = 0
        var firstRow: UInt32 = 0
        var secondRow: UInt32 = 0
    }

    /// The index of `bucketOfRow` (row `r` is bucket `bucketOfRow[r]`; a bucket listed twice
    /// has its last row) over `buckets` buckets.
    init(bucketOfRow: [Int32], buckets: Int) {
        if buckets > Self.denseLimit, bucketOfRow.count < Int(UInt32.max), let split = Self.runSplit(bucketOfRow) {
            var blocks = [Block](repeating: Block(), count: (buckets + 63) / 64)
            var repeated = false
            bucketOfRow.withUnsafeBufferPointer { rows in
                blocks.withUnsafeMutableBufferPointer { blocks in
                    for b in rows[..<split] { blocks[Int(b) >> 6].first |= 1 << UInt64(b & 63) }
                    for b in rows[split...] {
                        let bit: UInt64 = 1 << UInt64(b & 63)
                        repeated = repeated || blocks[Int(b) >> 6].first & bit != 0
                        blocks[Int(b) >> 6].second |= bit
                    }
                    var first: UInt32 = 0, second = UInt32(split)
                    for k in blocks.indices {
                        blocks[k].firstRow = first
                        blocks[k].secondRow = second
                        first &+= UInt32(blocks[k].first.nonzeroBitCount)
                        second &+= UInt32(blocks[k].second.nonzeroBitCount)
                    }
                }
            }
            wide = []
            self.blocks = blocks
            hasRepeatedBuckets = repeated
        } else {
            var repeated = false
            var index = [Int32](repeating: -1, count: buckets)
            for (row, bucket) in bucketOfRow.enumerated() {
                repeated = repeated || index[Int(bucket)] >= 0
                index[Int(bucket)] = Int32(row)
            }
            wide = index
            blocks = []
            hasRepeatedBuckets = repeated
        }
    }

    /// Where the second of `rows`' two strictly ascending runs starts (`rows.count` for one
    /// run), or nil when the rows are not two such runs.
    static func runSplit(_ rows: [Int32]) -> Int? {
        rows.withUnsafeBufferPointer { rows in
            var split = rows.count
            for k in rows.indices.dropFirst() where rows[k] <= rows[k - 1] {
                guard split == rows.count else { return nil }
                split = k
            }
            return split
        }
    }

    /// Whether the index keeps a bit a bucket rather than an `Int32`.
    var isCompact: Bool { !blocks.isEmpty }

    /// The row of `bucket` (which must be below the buckets it was made for), or -1.
    func row(_ bucket: Int) -> Int32 { withView { $0.row(bucket) } }

    /// Calls `body` with a view that looks rows up without retaining the index's storage.
    @inline(__always)
    func withView<R>(_ body: (View) -> R) -> R {
        wide.withUnsafeBufferPointer { wide in
            blocks.withUnsafeBufferPointer { blocks in
                body(View(wide: wide.isEmpty ? nil : wide.baseAddress, blocks: blocks.baseAddress))
            }
        }
    }

    /// A borrowed index (``withView(_:)``).
    struct View {
        let wide: UnsafePointer<Int32>?
        let blocks: UnsafePointer<Block>?

        @inline(__always)
        func row(_ bucket: Int) -> Int32 {
            if let wide { return wide[bucket] }
            let block = blocks.unsafelyUnwrapped[bucket &>> 6]
            let bit: UInt64 = 1 &<< UInt64(bucket & 63)
            let below = bit &- 1
            // The second run first: of a bucket listed in both, the later row.
            if block.second & bit != 0 { return Int32(bitPattern: block.secondRow &+ UInt32((block.second & below).nonzeroBitCount)) }
            if block.first & bit != 0 { return Int32(bitPattern: block.firstRow &+ UInt32((block.first & below).nonzeroBitCount)) }
            return -1
        }
    }
}
