import CInt8Products

extension AttributeTable {
    /// One intent's view of the table: where each label's weights go among the intent's
    /// labels, and the dense rows (``DenseRows``) cut down to those labels.
    ///
    /// An utterance is read as one intent at a time, and an intent's graph holds a fraction of
    /// the tagger's labels. Summed straight into the intent's columns, a dense row is a pass
    /// over those few labels rather than over all of them, and nothing is copied out column by
    /// column; a weight of another intent's label lands in one spare column that nothing reads.
    /// Each label receives its weights in the rows' order, as a sum over every label would
    /// give them, so the emission scores do not depend on which intents share the tagger.
    struct LocalColumns: Sendable {
        /// The column of each label below ``AttributeTable/labelLimit``: its place among the
        /// intent's labels, or the spare column `labels` for a label the intent does not have.
        let column: [Int32]
        /// The intent's number of labels; column `labels` is the spare one.
        let labels: Int
        /// Each dense row's weights for the intent's labels, `labels` a row, and 8 halves more
        /// after the last (``snlu_half_row_add`` reads up to 7 past a row's end).
        let halves: [UInt16]

        /// The columns a table of scores needs a row: the intent's labels and the spare one.
        var width: Int { labels + 1 }
    }

    /// The view of the table for a graph whose labels are `labels` (global ids, distinct).
    func localColumns(for labels: [Int32]) -> LocalColumns {
        let K = labels.count
        var column = [Int32](filled: Int32(K), count: labelLimit)
        for (k, l) in labels.enumerated() where l >= 0 && Int(l) < labelLimit { column[Int(l)] = Int32(k) }
        let rows = dense.cellStart.count
        var halves = [UInt16](filled: 0, count: rows * K + 8)
        cells.withUnsafeBufferPointer { cells in
            for d in 0..<rows {
                var c = Int(dense.cellStart[d])
                while cells[c].label >= 0 {
                    let k = Int(column[Int(cells[c].label)])
                    // Dense rows hold exact halves (``DenseRows/made(slots:long:cells:width:)``).
                    if k < K { halves[d * K + k] = DenseRows.exactHalf(cells[c].weight)! }
                    c += 1
                }
            }
        }
        return LocalColumns(column: column, labels: K, halves: halves)
    }

    /// The weights of the probed attributes (``probe(_:into:)``) into a T × `columns.width`
    /// table of one intent's columns (``LocalColumns``, the spare column last; zero before),
    /// token by token, in attribute then row order.
    func addWeights(_ values: UnsafeBufferPointer<UInt64>, offsets: [Int32], columns: LocalColumns,
                    into scores: UnsafeMutableBufferPointer<Float>) {
        guard !values.isEmpty else { return }
        let width = columns.width, K = columns.labels
        precondition(columns.column.count >= labelLimit && scores.count >= (offsets.count - 1) * width, "a column for every label")
        columns.column.withUnsafeBufferPointer { column in
        columns.halves.withUnsafeBufferPointer { halves in
        cells.withUnsafeBufferPointer { cells in
            offsets.withUnsafeBufferPointer { offsets in
                for t in 0..<(offsets.count - 1) {
                    let row = scores.baseAddress! + t * width
                    for j in Int(offsets[t])..<Int(offsets[t + 1]) {
                        let value = UInt32(truncatingIfNeeded: values[j])
                        if value == 0 { continue }
                        if value & Self.inlineFlag != 0 {
                            row[Int(column[Int((value >> 16) & 0x7FFF)])] += Self.inlineWeight(value)
                            continue
                        }
                        if value & DenseRows.flag != 0 {
                            snlu_half_row_add(halves.baseAddress! + Int(value & DenseRows.indexMask) &* K, K, row)
                            continue
                        }
                        // A row ends with its terminator inside `cells`: wrapping steps, no overflow test.
                        var c = Int(value) &- 1
                        while true {
                            let cell = cells[c]
                            if cell.label < 0 { break }
                            row[Int(column[Int(cell.label)])] += cell.weight
                            c &+= 1
                        }
                    }
                }
            }
        }
        }
        }
    }
}
