/// The long rows of an ``AttributeTable`` again as dense rows of half-precision weights, one
/// per label up to ``AttributeTable/labelLimit`` (zero where the row has no weight).
///
/// A row holding many labels' weights (the bias, an intent's attributes, common words) costs a
/// load, an addition and a store per cell when summed label by label; as a dense row it is
/// added eight labels an instruction (``snlu_half_row_add``). The sums are the same, bit for
/// bit: each label still receives the row's weight in the row's turn, and a label the row has
/// no weight for receives +0, which leaves every score as it was (a score starts at +0, and a
/// sum of floats is −0 only when both terms are). The cells stay: they give the rows back as a
/// file stores them (``AttributeTable/rows()``).
struct DenseRows: Sendable {
    /// `width` half-precision weights per row, and 8 more after the last (read, not used).
    var halves: [UInt16] = []
    var width = 0
    /// Where each dense row's cells begin in ``AttributeTable/cells``.
    var cellStart: [Int32] = []

    /// The slot value bit that marks a dense row (the low 30 bits its index).
    static let flag: UInt32 = 1 << 30
    static let indexMask: UInt32 = flag - 1

    /// Whether a row of `length` cells is summed with fewer instructions as a dense row of
    /// `width` labels: a dense row costs about a cell's work per eight labels and a call.
    static func pays(length: Int, width: Int) -> Bool { length >= 8 && length * 12 >= width }

    /// The dense rows of the cell rows in `slots` that pay (``pays(length:width:)``) and whose
    /// weights are exact half-precision values on distinct labels below `width`; their slot
    /// values are rewritten to point at them.
    static func made(slots: inout [UInt64], cells: [AttributeTable.Cell], width: Int) -> DenseRows {
        var dense = DenseRows()
        dense.width = width
        guard width > 0 else { return dense }
        var seen = [Int](repeating: -1, count: width)
        cells.withUnsafeBufferPointer { cells in
            for i in slots.indices {
                let value = UInt32(truncatingIfNeeded: slots[i])
                guard value != 0, value & AttributeTable.inlineFlag == 0 else { continue }
                let start = Int(value) - 1
                var end = start
                var fits = true
                while cells[end].label >= 0 {
                    let c = cells[end]
                    if Int(c.label) >= width || seen[Int(c.label)] == i { fits = false }
                    if fits { seen[Int(c.label)] = i }
                    if WeightCoding.float(fromHalf: WeightCoding.halfBits(c.weight)).bitPattern != c.weight.bitPattern { fits = false }
                    end += 1
                }
                guard fits, pays(length: end - start, width: width) else { continue }
                let index = dense.cellStart.count
                precondition(index < Int(indexMask), "dense rows within the index bits")
                dense.cellStart.append(Int32(start))
                dense.halves.append(contentsOf: repeatElement(0, count: width))
                for c in cells[start..<end] { dense.halves[index * width + Int(c.label)] = WeightCoding.halfBits(c.weight) }
                slots[i] = slots[i] & 0xFFFF_FFFF_0000_0000 | UInt64(flag | UInt32(index))
            }
        }
        // ``snlu_half_row_add`` reads up to 7 halves past a row's end.
        if !dense.cellStart.isEmpty { dense.halves.append(contentsOf: repeatElement(0, count: 8)) }
        return dense
    }
}
