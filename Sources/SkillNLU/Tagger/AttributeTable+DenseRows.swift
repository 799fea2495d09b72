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

    /// The dense rows of the cell rows `long` (each of at least ``shortest`` cells, as the
    /// table's filling met them) that pay (``pays(length:width:)``) and whose weights are exact
    /// half-precision values on distinct labels below `width`; their slot values are rewritten
    /// to point at them.
    static func made(slots: inout [UInt64], long: [LongRow], cells: [AttributeTable.Cell], width: Int) -> DenseRows {
        var dense = DenseRows()
        dense.width = width
        guard width > 0 else { return dense }
        var seen = [Int](repeating: -1, count: width)
        // Room for every row that pays, made once: growing the rows' halves as they came
        // copied them over and over, into fresh memory, at every load.
        let paying = long.filter { pays(length: Int($0.length), width: width) }
        dense.halves.reserveCapacity(paying.count * width + 8)
        cells.withUnsafeBufferPointer { cells in
            for row in paying {
                let i = Int(row.slot), start = Int(row.start), end = start + Int(row.length)
                let base = dense.halves.count
                dense.halves.append(contentsOf: repeatElement(0, count: width))
                var fits = true
                for c in cells[start..<end] {
                    guard Int(c.label) < width, seen[Int(c.label)] != i, let half = exactHalf(c.weight) else {
                        fits = false
                        break
                    }
                    seen[Int(c.label)] = i
                    dense.halves[base + Int(c.label)] = half
                }
                guard fits else {
                    dense.halves.removeLast(width)
                    continue
                }
                precondition(dense.cellStart.count < Int(indexMask), "dense rows within the index bits")
                slots[i] = slots[i] & 0xFFFF_FFFF_0000_0000 | UInt64(flag | UInt32(dense.cellStart.count))
                dense.cellStart.append(Int32(start))
            }
        }
        // ``snlu_half_row_add`` reads up to 7 halves past a row's end.
        if !dense.cellStart.isEmpty { dense.halves.append(contentsOf: repeatElement(0, count: 8)) }
        return dense
    }
}
