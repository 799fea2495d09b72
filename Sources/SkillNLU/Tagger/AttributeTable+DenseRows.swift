/// The long rows of an ``AttributeTable`` marked as dense rows: rows that each intent's view of
/// the table (``AttributeTable/LocalColumns``) holds as half-precision weights, one per label
/// of the intent (zero where the row has no weight).
///
/// A row holding many labels' weights (the bias, common words) costs a load, an addition and a
/// store per cell when summed label by label; as a dense row it is added eight labels an
/// instruction (``snlu_half_row_add``). The sums are the same, bit for bit: each label still
/// receives the row's weight in the row's turn, and a label the row has no weight for receives
/// +0, which leaves every score as it was (a score starts at +0, and a sum of floats is −0 only
/// when both terms are). The cells stay: the intents' views are made from them, and they give
/// the rows back as a file stores them (``AttributeTable/rows()``).
struct DenseRows: Sendable {
    /// Where each dense row's cells begin in ``AttributeTable/cells``.
    var cellStart: [Int32] = []

    /// The slot value bit that marks a dense row (the low 30 bits its index).
    static let flag: UInt32 = 1 << 30
    static let indexMask: UInt32 = flag - 1

    /// The half-precision bits of `weight` when it is exactly a half: worked out from its bits
    /// for a normal half (nearly every trained weight), by rounding and comparing otherwise.
    @inline(__always)
    static func exactHalf(_ weight: Float) -> UInt16? {
        let bits = weight.bitPattern, exponent = (bits >> 23) & 0xFF
        if exponent >= 113, exponent <= 142, bits & 0x1FFF == 0 {
            return UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000 | (exponent - 112) << 10 | (bits & 0x7F_FFFF) >> 13)
        }
        let half = WeightCoding.halfBits(weight)
        return WeightCoding.float(fromHalf: half).bitPattern == bits ? half : nil
    }

    /// Whether a row of `length` cells is summed with fewer instructions as a dense row of
    /// `width` labels: a dense row costs about a cell's work per eight labels and a call.
    static func pays(length: Int, width: Int) -> Bool { length >= shortest && length * 12 >= width }

    /// The fewest cells a dense row replaces.
    static let shortest = 8

    /// A row of cells long enough to be a dense row: its slot, its first cell and its length.
    struct LongRow {
        var slot: Int32
        var start: Int32
        var length: Int32
    }

    /// The dense rows among the cell rows `long` (each of at least ``shortest`` cells, as the
    /// table's filling met them): those that pay (``pays(length:width:)``) and whose weights are
    /// exact half-precision values on distinct labels below `width`; their slot values are
    /// rewritten to point at them.
    static func made(slots: inout [UInt64], long: [LongRow], cells: [AttributeTable.Cell], width: Int) -> DenseRows {
        var dense = DenseRows()
        guard width > 0 else { return dense }
        var seen = [Int](repeating: -1, count: width)
        cells.withUnsafeBufferPointer { cells in
            for row in long where pays(length: Int(row.length), width: width) {
                let i = Int(row.slot), start = Int(row.start), end = start + Int(row.length)
                var fits = true
                for c in cells[start..<end] {
                    guard Int(c.label) < width, seen[Int(c.label)] != i, exactHalf(c.weight) != nil else {
                        fits = false
                        break
                    }
                    seen[Int(c.label)] = i
                }
                guard fits else { continue }
                precondition(dense.cellStart.count < Int(indexMask), "dense rows within the index bits")
                slots[i] = slots[i] & 0xFFFF_FFFF_0000_0000 | UInt64(flag | UInt32(dense.cellStart.count))
                dense.cellStart.append(Int32(start))
            }
        }
        return dense
    }
}
