import CInt8Products

/// A classifier's embedding and linear rows laid out for reading, a feature at a time: record
/// `r` holds row `r`'s embedding scale, its linear scale, its embedding levels and its linear
/// levels, side by side.
///
/// An utterance reads a few hundred feature rows scattered over tables of a megabyte, and each
/// read is a cache miss. Kept as the file keeps them — the embedding's levels, its scales, the
/// linear table's levels and its scales, four arrays — one feature's weights lie on four cache
/// lines or more; here they lie on one or two, so a feature costs a fraction of the misses and
/// of the prefetches. The levels and scales are the tables' own, added by the same arithmetic
/// in the same order (``snlu_int8_add_strided_rows``), so the sums are bit-identical. Built at
/// load for tables kept as levels (a byte a weight), and the classifier's two tables then read
/// their levels from the records (``embeddingRows(scales:)``), so the levels are held once.
struct FeatureRecords: Sendable {
    /// The records, `stride` bytes each, then ``padding`` bytes of zeros.
    private let bytes: [UInt8]
    /// Bytes a record takes.
    let stride: Int
    let embeddingWidth: Int
    let linearWidth: Int
    /// Where a record's embedding levels and linear levels start (its two scales come first).
    private var embeddingAt: Int { 8 }
    private var linearAt: Int { 8 + embeddingWidth }

    /// Bytes of zeros after the last record: the vector kernel reads a row eight levels at a
    /// time, up to 31 bytes past a row's end.
    static let padding = 32

    /// The records of `embedding` and `linear`, when both are kept as levels and the linear
    /// table's rows are the embedding's first rows; nil otherwise. Rows with no linear row get
    /// zeros there, never read.
    init?(embedding: WeightRows, linear: WeightRows) {
        guard embedding.bits == 8, linear.bits == 8, linear.scales.count <= embedding.scales.count,
              embedding.width > 0 else { return nil }
        let rows = embedding.scales.count
        let e = embedding.width, l = linear.width
        let stride = 8 + e + l
        self.stride = stride
        embeddingWidth = e
        linearWidth = l
        let linearRows = linear.scales.count
        bytes = [UInt8](unsafeUninitializedCapacity: rows * stride + Self.padding) { out, initialized in
            let base = out.baseAddress!
            base.initialize(repeating: 0, count: rows * stride + Self.padding)
            embedding.bytes.withUnsafeBufferPointer { eb in
                linear.bytes.withUnsafeBufferPointer { lb in
                    for r in 0..<rows {
                        let record = UnsafeMutableRawPointer(base + r * stride)
                        record.storeBytes(of: embedding.scales[r], toByteOffset: 0, as: Float.self)
                        (base + r * stride + 8).update(from: eb.baseAddress! + embedding.start + r * e, count: e)
                        if r < linearRows {
                            record.storeBytes(of: linear.scales[r], toByteOffset: 4, as: Float.self)
                            (base + r * stride + 8 + e).update(from: lb.baseAddress! + linear.start + r * l, count: l)
                        }
                    }
                }
            }
            initialized = rows * stride + Self.padding
        }
    }

    /// Starts fetching record `row` (both cache lines it may touch).
    @inline(__always)
    static func prefetch(_ records: UnsafePointer<UInt8>, stride: Int, row: Int) {
        let start = records + row &* stride
        snlu_prefetch(start)
        snlu_prefetch(start + (stride &- 1))
    }

    /// The embedding as a table whose levels are the records' (with its row `scales`).
    func embeddingRows(scales: [Float]) -> WeightRows {
        WeightRows(records: bytes, start: embeddingAt, rowBytes: stride, scales: scales, width: embeddingWidth)
    }

    /// The linear table (its `scales.count` leading rows) as a table whose levels are the records'.
    func linearRows(scales: [Float]) -> WeightRows {
        WeightRows(records: bytes, start: linearAt, rowBytes: stride, scales: scales, width: linearWidth)
    }

    /// Calls `body` with the records' first byte, valid during the call.
    @inline(__always)
    func withRecords<R>(_ body: (UnsafePointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Adds the embedding rows `rows[0..<n]` to `target[0..<embeddingWidth]`, in the order listed.
    @inline(__always)
    func addEmbedding(rows: UnsafePointer<Int32>, count n: Int, to target: UnsafeMutablePointer<Float>) {
        add(rows: rows, count: n, levelsAt: embeddingAt, scaleAt: 0, width: embeddingWidth, to: target)
    }

    /// Adds the linear rows `rows[0..<n]` to `target[0..<linearWidth]`, in the order listed.
    @inline(__always)
    func addLinear(rows: UnsafePointer<Int32>, count n: Int, to target: UnsafeMutablePointer<Float>) {
        add(rows: rows, count: n, levelsAt: linearAt, scaleAt: 4, width: linearWidth, to: target)
    }

    /// Adds the rows whose levels start `levelsAt` bytes into each record and whose scale is at
    /// `scaleAt`.
    @inline(__always)
    private func add(rows: UnsafePointer<Int32>, count n: Int, levelsAt: Int, scaleAt: Int, width: Int,
                     to target: UnsafeMutablePointer<Float>) {
        guard n > 0 else { return }
        bytes.withUnsafeBufferPointer { b in
            let base = b.baseAddress!
            snlu_int8_add_strided_rows(UnsafeRawPointer(base + levelsAt).assumingMemoryBound(to: Int8.self), width,
                                       stride, b.count - levelsAt, base + scaleAt, stride, rows, n, target)
        }
    }
}
