import CInt8Products

/// The slot tagger's weights laid out for decoding: an open-addressing hash table from an
/// attribute's 32-bit key straight to its weights.
///
/// Decoding looks up about two dozen attributes per token in a table of tens of thousands, so
/// its cost is memory latency, not arithmetic. With a `Dictionary` and separate row, label
/// and weight arrays one attribute cost five scattered reads (bucket, key, value, row start,
/// then the row's labels and weights in two arrays). Here a row of one weight — four rows in
/// five on SNIPS — lives in the table slot itself (label and half-precision weight, which is
/// exact: the tagger's weights are half-precision values), and a longer row is one run of
/// (label, weight) cells ending in a terminator: one read or two, and no hashing beyond a
/// multiplication, since the keys already are hashes. A row of many labels is marked a dense
/// row (``DenseRows``), which each intent's view of the table (``LocalColumns``) holds as
/// half-precision weights over the intent's labels, added eight labels an instruction. Rows
/// keep their order, so sums come out bit for bit as before.
struct AttributeTable: Sendable {
    /// One weight of a row; `label < 0` ends the row.
    struct Cell: Sendable {
        var label: Int32
        var weight: Float
    }

    /// `key << 32 | value`; value 0 marks an empty slot. A value with ``inlineFlag`` holds a
    /// one-weight row (label in bits 16–30, half-precision weight in bits 0–15); one with
    /// ``DenseRows/flag`` the index of the row's dense row; any other is the index of the row's
    /// first cell plus one.
    private let slots: [UInt64]
    private let shift: UInt32
    let cells: [Cell]
    /// The longest rows, marked as dense rows (``DenseRows``): a slot value with
    /// ``DenseRows/flag`` points at one.
    let dense: DenseRows
    /// Whether a key was given twice (only a damaged model file does that).
    let hasRepeatedKeys: Bool
    /// One more than the largest label of any row: how many labels ``LocalColumns`` maps.
    let labelLimit: Int

    static let inlineFlag: UInt32 = 1 << 31

    /// How many weights the rows hold.
    let weightCount: Int

    /// - Parameters:
    ///   - keys: the key of each row, distinct.
    ///   - rowStart: row `a` spans `rowStart[a]..<rowStart[a + 1]` of `labels` and `weights`.
    init(keys: [UInt32], rowStart: [Int32], labels: [Int32], weights: [Float]) {
        precondition(labels.count == weights.count && Int(rowStart.last ?? 0) == labels.count, "a label for every weight")
        self.init(rows: keys.count, weights: labels.count, key: { keys[$0] },
                  length: { Int(rowStart[$0 + 1] - rowStart[$0]) }, cell: { _, r in Cell(label: labels[r], weight: weights[r]) })
    }

    /// The table of `rows` rows holding `weights` weights in all, read one after the other:
    /// row `a` has key `key(a)` and `length(a)` weights, the `r`-th weight of all (row `a`'s
    /// among them) being `cell(a, r)`. A model file's rows are read this way straight from
    /// its bytes, with no arrays of keys, labels and weights in between.
    @inline(__always)
    init(rows: Int, weights: Int, key: (Int) -> UInt32, length: (Int) -> Int, cell: (_ row: Int, _ r: Int) -> Cell) {
        precondition(weights + rows + 1 < Int(DenseRows.flag), "cell indices below the dense flag")
        let bits = Self.slotBits(keys: rows)
        let capacity = 1 << Int(bits)
        let shift = 32 - bits
        self.shift = shift
        var slots = [UInt64](repeating: 0, count: capacity)
        var repeated = false
        var largest: Int32 = -1
        var r = 0
        // The slots of the rows long enough to be dense rows (``DenseRows``), met while filling.
        var long: [DenseRows.LongRow] = []
        // Cells written in place: at most one per weight and one terminator per row.
        let cells = [Cell](unsafeUninitializedCapacity: weights + rows + 1) { cells, initialized in
            var used = 0
            slots.withUnsafeMutableBufferPointer { slots in
                for a in 0..<rows {
                    let n = length(a)
                    precondition(n >= 0 && r + n <= weights, "rows within the weights")
                    var value: UInt32
                    let first = n == 1 ? cell(a, r) : Cell(label: -1, weight: 0)
                    if n == 1, let packed = Self.packed(label: first.label, weight: first.weight) {
                        value = packed
                        largest = max(largest, first.label)
                        r += 1
                    } else {
                        value = UInt32(used + 1)
                        for _ in 0..<n {
                            let c = cell(a, r)
                            largest = max(largest, c.label)
                            cells.initializeElement(at: used, to: c)
                            used += 1
                            r += 1
                        }
                        cells.initializeElement(at: used, to: Cell(label: -1, weight: 0))
                        used += 1
                    }
                    let key = key(a)
                    var i = Int(Self.hash(key) >> shift)
                    while slots[i] != 0 {
                        if UInt32(truncatingIfNeeded: slots[i] >> 32) == key { repeated = true }
                        i = (i + 1) & (capacity - 1)
                    }
                    slots[i] = UInt64(key) << 32 | UInt64(value)
                    if n >= DenseRows.shortest, value & Self.inlineFlag == 0 {
                        long.append(DenseRows.LongRow(slot: Int32(i), start: Int32(value - 1), length: Int32(n)))
                    }
                }
            }
            if used == 0 {
                cells.initializeElement(at: 0, to: Cell(label: -1, weight: 0))
                used = 1
            }
            initialized = used
        }
        precondition(r == weights, "as many weights as the rows hold")
        labelLimit = Int(largest) + 1
        weightCount = weights
        dense = DenseRows.made(slots: &slots, long: long, cells: cells, width: labelLimit)
        self.slots = slots
        self.cells = cells
        hasRepeatedKeys = repeated
    }

    /// The rows a table holds, as a model file stores them.
    struct Rows: Sendable, Equatable {
        /// The key of each row.
        var keys: [UInt32]
        /// Row `a` spans `rowStart[a]..<rowStart[a + 1]` of `labels` and `weights`.
        var rowStart: [Int32]
        var labels: [Int32]
        var weights: [Float]
    }

    /// The rows of the table in the order that fills it (``fillOrder(keys:)``), each row's
    /// weights in their order, worked out from the slots and cells (a one-weight row's
    /// half-precision weight is exact): what writing a model file needs, kept nowhere else.
    func rows() -> Rows {
        var filled: [(key: UInt32, value: UInt32)] = []
        filled.reserveCapacity(slots.count)
        for slot in slots where slot != 0 {
            filled.append((UInt32(truncatingIfNeeded: slot >> 32), UInt32(truncatingIfNeeded: slot)))
        }
        filled.sort { a, b in (Self.hash(a.key) >> shift, a.key) < (Self.hash(b.key) >> shift, b.key) }
        var rows = Rows(keys: filled.map(\.key), rowStart: [0], labels: [], weights: [])
        rows.rowStart.reserveCapacity(filled.count + 1)
        rows.labels.reserveCapacity(weightCount)
        rows.weights.reserveCapacity(weightCount)
        for (_, value) in filled {
            if value & Self.inlineFlag != 0 {
                rows.labels.append(Int32((value >> 16) & 0x7FFF))
                rows.weights.append(WeightCoding.float(fromHalf: UInt16(truncatingIfNeeded: value)))
            } else {
                var c = value & DenseRows.flag != 0 ? Int(dense.cellStart[Int(value & DenseRows.indexMask)]) : Int(value) - 1
                while cells[c].label >= 0 {
                    rows.labels.append(cells[c].label)
                    rows.weights.append(cells[c].weight)
                    c += 1
                }
            }
            rows.rowStart.append(Int32(rows.labels.count))
        }
        return rows
    }

    /// The slot value of a one-weight row, when its label fits and its weight is a normal
    /// half-precision number (nearly every trained weight; a zero or a smaller one keeps a row
    /// of cells), so that decoding widens it with no test (``inlineWeight(_:)``).
    @inline(__always)
    private static func packed(label: Int32, weight: Float) -> UInt32? {
        guard label >= 0, label < 1 << 15, let half = normalHalfBits(weight), half & 0x7C00 != 0 else { return nil }
        return inlineFlag | UInt32(label) << 16 | UInt32(half)
    }

    /// The weight of a slot value holding a one-weight row: its normal half-precision bits
    /// widened (the exponent rebased from 15 to 127), what ``WeightCoding/float(fromHalf:)``
    /// gives for them.
    @inline(__always)
    static func inlineWeight(_ value: UInt32) -> Float {
        Float(bitPattern: (value & 0x8000) << 16 | ((value & 0x7FFF) << 13 &+ 0x3800_0000))
    }

    /// The half-precision bits of `weight` when it is a normal half-precision number or zero,
    /// worked out from its bits (what ``WeightCoding/halfBits(_:)`` gives it, without the
    /// rounding such a number never needs); nil for any other value. Loading packs tens of
    /// thousands of weights, nearly all of them normal halves.
    @inline(__always)
    private static func normalHalfBits(_ weight: Float) -> UInt16? {
        let bits = weight.bitPattern
        let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
        if bits & 0x7FFF_FFFF == 0 { return sign }
        let exponent = (bits >> 23) & 0xFF
        guard exponent >= 113, exponent <= 142, bits & 0x1FFF == 0 else { return nil }
        return sign | UInt16(truncatingIfNeeded: (exponent - 112) << 10 | (bits & 0x7F_FFFF) >> 13)
    }

    @inline(__always)
    private static func hash(_ key: UInt32) -> UInt32 { key &* 0x9E37_79B1 }

    /// log2 of the slots a table of `keys` rows has: at most two thirds of them full.
    private static func slotBits(keys: Int) -> UInt32 {
        var bits: UInt32 = 4
        while (1 << bits) * 2 < keys * 3 { bits += 1 }
        return bits
    }

    /// The order in which to store rows with `keys` so that building their table fills it
    /// from its first slot to its last: by home slot, then by key. Rows in any order build
    /// the same lookups; in this one each insertion lands at or just after the previous, where
    /// keys in ascending order scatter the insertions over the whole table, one cache miss each.
    static func fillOrder(keys: [UInt32]) -> [Int] {
        let shift = 32 - slotBits(keys: keys.count)
        return keys.indices.sorted { a, b in
            (hash(keys[a]) >> shift, keys[a]) < (hash(keys[b]) >> shift, keys[b])
        }
    }

    /// The slot value of each attribute (0: not in the table) into `values` (as long as
    /// `hashes`), keyed by the upper 32 bits of the attribute's 64-bit hash.
    ///
    /// The lookups run in passes, so that the processor can wait for many cache misses at once:
    /// first every attribute's home slot is read, with no branch between the reads; then the
    /// probes are finished (their slots are in cache by then) and the first cell of every
    /// longer row is read. ``addWeights(_:offsets:columns:into:)`` then adds the weights.
    func probe(_ hashes: UnsafeBufferPointer<UInt64>, into values: UnsafeMutableBufferPointer<UInt64>) {
        let n = hashes.count
        precondition(values.count >= n, "probe needs a value per attribute")
        slots.withUnsafeBufferPointer { slots in
            cells.withUnsafeBufferPointer { cells in
                let mask = slots.count - 1
                // 1. Home slots.
                for j in 0..<n {
                    let key = UInt32(truncatingIfNeeded: hashes[j] >> 32)
                    values[j] = slots[Int(Self.hash(key) >> shift)]
                }
                // 2. Probes from the home slots, and a read of the first cell of longer rows.
                var touch: Int32 = 0
                for j in 0..<n {
                    let key = UInt32(truncatingIfNeeded: hashes[j] >> 32)
                    var i = Int(Self.hash(key) >> shift)
                    var slot = values[j]
                    while slot != 0 && UInt32(truncatingIfNeeded: slot >> 32) != key {
                        i = (i + 1) & mask
                        slot = slots[i]
                    }
                    let value = UInt32(truncatingIfNeeded: slot)
                    values[j] = UInt64(value)
                    let first = value & (Self.inlineFlag | DenseRows.flag) == 0 && value != 0 ? Int(value) - 1 : 0
                    touch |= cells[first].label
                }
                // Labels are below 2¹⁶ or -1, so this never fails; it keeps the reads of step 2.
                precondition(touch != 0x7EAD_BEEF)
            }
        }
    }
}
