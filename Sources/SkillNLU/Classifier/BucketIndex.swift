/// The row of each hash bucket an ``IntentClassifier`` stores, or -1 for a bucket training
/// never saw.
///
/// One number a bucket: an `Int32`, or, for a large hash space (beyond ``denseLimit``
/// buckets: a million for a skill of many intents) holding at most 65,535 rows, a `UInt16` of
/// the row plus one (0 for none). A 1M-bucket index is then 2 MB instead of 4, which a load
/// fills in half the time and which leaves more of the cache to the tables while
/// classifying; a lookup is the same load and a subtraction.
struct BucketIndex: Sendable, Equatable {
    /// An `Int32` a bucket up to this many buckets (256 kB).
    static let denseLimit = 1 << 16

    private let wide: [Int32]
    /// Row + 1 of each bucket, 0 for none; empty when ``wide`` holds the index.
    private let narrow: [UInt16]

    /// Whether a bucket is listed for two rows (which a trained classifier never does, and a
    /// model file's reader refuses): found while filling, where the bucket's entry is at hand.
    let hasRepeatedBuckets: Bool

    /// The index of `bucketOfRow` (row `r` is bucket `bucketOfRow[r]`; a bucket listed twice
    /// has its last row) over `buckets` buckets.
    init(bucketOfRow: [Int32], buckets: Int) {
        var repeated = false
        if buckets > Self.denseLimit, bucketOfRow.count < Int(UInt16.max) {
            var index = [UInt16](repeating: 0, count: buckets)
            for (row, bucket) in bucketOfRow.enumerated() {
                repeated = repeated || index[Int(bucket)] != 0
                index[Int(bucket)] = UInt16(row + 1)
            }
            wide = []
            narrow = index
        } else {
            var index = [Int32](repeating: -1, count: buckets)
            for (row, bucket) in bucketOfRow.enumerated() {
                repeated = repeated || index[Int(bucket)] >= 0
                index[Int(bucket)] = Int32(row)
            }
            wide = index
            narrow = []
        }
        hasRepeatedBuckets = repeated
    }

    /// Whether the index keeps two bytes a bucket.
    var isNarrow: Bool { !narrow.isEmpty }

    /// The row of `bucket` (which must be below the buckets it was made for), or -1.
    func row(_ bucket: Int) -> Int32 { withView { $0.row(bucket) } }

    /// Calls `body` with a view that looks rows up without retaining the index's storage.
    @inline(__always)
    func withView<R>(_ body: (View) -> R) -> R {
        wide.withUnsafeBufferPointer { wide in
            narrow.withUnsafeBufferPointer { narrow in
                body(View(wide: wide.isEmpty ? nil : wide.baseAddress, narrow: narrow.baseAddress))
            }
        }
    }

    /// A borrowed index (``withView(_:)``).
    struct View {
        let wide: UnsafePointer<Int32>?
        let narrow: UnsafePointer<UInt16>?

        @inline(__always)
        func row(_ bucket: Int) -> Int32 {
            if let wide { return wide[bucket] }
            return Int32(narrow.unsafelyUnwrapped[bucket]) &- 1
        }
    }
}
