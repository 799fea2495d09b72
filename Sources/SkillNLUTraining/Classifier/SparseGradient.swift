import Foundation

/// The gradients one batch gathers for the sparse tables' rows under lazy Adam, kept apart
/// from the tables in slots handed out as rows are first touched.
///
/// The rows a batch touches lie scattered over tables far larger than the cache. Gathering
/// into slots keeps the scattered additions within a block the size of the batch's rows, and
/// leaves the tables' rows holding only what Adam reads (values and moments). The touched
/// rows are remembered as bits, so that Adam visits them in ascending order, walking the
/// tables in one direction as the hardware prefetches best. Only where sums land and the
/// order in which rows are updated change: each row's sums are added in the same order, and
/// each row's Adam step reads that row alone, so the trained tables are the same.
struct SparseGradient {
    let embeddingWidth: Int
    let linearWidth: Int
    /// Rows below this have a linear row too.
    let linearRows: Int
    /// The buffers behind the pointers below.
    private let buffers: [TrainingBuffer]
    /// Per slot, the embedding row's gradient (`embeddingWidth` floats).
    let embedding: UnsafeMutablePointer<Float>
    /// Per slot, the linear row's gradient (`linearWidth` floats), for rows with one.
    let linear: UnsafeMutablePointer<Float>
    /// One bit per row: whether this batch touched it.
    private var touched: [UInt64]
    /// Per row this batch touched, its slot.
    private var slotOfRow: [Int32]
    /// Slots handed out this batch.
    private var slotCount = 0

    init(rows: Int, embeddingWidth: Int, linearWidth: Int, linearRows: Int) {
        self.embeddingWidth = embeddingWidth
        self.linearWidth = linearWidth
        self.linearRows = linearRows
        // A slot is below `rows`; rows without a linear part leave their slot's linear floats unused.
        buffers = [TrainingBuffer(count: rows * embeddingWidth), TrainingBuffer(count: linearRows > 0 ? rows * linearWidth : 0)]
        embedding = buffers[0].pointer
        linear = buffers[1].pointer
        touched = [UInt64](repeating: 0, count: (rows + 63) / 64)
        slotOfRow = [Int32](repeating: 0, count: rows)
    }

    /// The slot of `row` in this batch; the first time the batch touches it, a new slot with
    /// its gradients zeroed.
    @inline(__always)
    mutating func slot(_ row: Int) -> Int {
        let word = row &>> 6, bit = UInt64(1) &<< UInt64(row & 63)
        if touched[word] & bit != 0 { return Int(slotOfRow[row]) }
        touched[word] |= bit
        let slot = slotCount
        slotCount += 1
        slotOfRow[row] = Int32(slot)
        (embedding + slot * embeddingWidth).update(repeating: 0, count: embeddingWidth)
        if row < linearRows { (linear + slot * linearWidth).update(repeating: 0, count: linearWidth) }
        return slot
    }

    /// The rows this batch touched, in ascending order, into `rows` (replacing its contents),
    /// forgotten for the next batch.
    mutating func drain(into rows: inout [Int32]) {
        rows.removeAll(keepingCapacity: true)
        for w in touched.indices where touched[w] != 0 {
            var bits = touched[w]
            touched[w] = 0
            while bits != 0 {
                rows.append(Int32(truncatingIfNeeded: w &<< 6 | bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
        slotCount = 0
    }

    /// The slot `row` had this batch (before ``drain(into:)``).
    @inline(__always) func slotOf(_ row: Int) -> Int { Int(slotOfRow[row]) }
}
