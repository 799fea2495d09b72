/// The slot tagger's weights laid out for decoding: an open-addressing hash table from an
/// attribute's 32-bit key straight to its weights, each row stored as contiguous
/// (label, weight) cells ending in a terminator.
///
/// Decoding looks up about two dozen attributes per token in a table of tens of thousands, so
/// its cost is memory latency, not arithmetic. With a `Dictionary` and separate row, label
/// and weight arrays one attribute cost five scattered reads (bucket, key, value, row start,
/// then the row's labels and weights in two arrays); here it costs two — the table slot, then
/// one short run of cells — and no hashing beyond one multiplication, since the keys already
/// are hashes. Rows keep their order, so sums come out bit for bit as before.
struct AttributeTable: Sendable {
    /// One weight of a row; `label < 0` ends the row.
    struct Cell: Sendable {
        var label: Int32
        var weight: Float
    }

    /// `key << 32 | (first cell + 1)`; 0 marks an empty slot.
    private let slots: [UInt64]
    private let shift: UInt32
    let cells: [Cell]

    /// - Parameters:
    ///   - keys: the key of each row, distinct.
    ///   - rowStart: row `a` spans `rowStart[a]..<rowStart[a + 1]` of `labels` and `weights`.
    init(keys: [UInt32], rowStart: [Int32], labels: [Int32], weights: [Float]) {
        var bits: UInt32 = 4
        while (1 << bits) < keys.count * 2 { bits += 1 }
        let capacity = 1 << Int(bits)
        shift = 32 - bits
        var cells: [Cell] = []
        cells.reserveCapacity(labels.count + keys.count)
        var slots = [UInt64](repeating: 0, count: capacity)
        for (a, key) in keys.enumerated() {
            let first = UInt64(cells.count + 1)
            for r in Int(rowStart[a])..<Int(rowStart[a + 1]) { cells.append(Cell(label: labels[r], weight: weights[r])) }
            cells.append(Cell(label: -1, weight: 0))
            var i = Int(Self.hash(key) >> shift)
            while slots[i] != 0 { i = (i + 1) & (capacity - 1) }
            slots[i] = UInt64(key) << 32 | first
        }
        self.slots = slots
        self.cells = cells
    }

    @inline(__always)
    private static func hash(_ key: UInt32) -> UInt32 { key &* 0x9E37_79B1 }

    /// Adds the weights of every token's attributes to its emission scores:
    /// `emission[t * labels + localOf[label]] += weight` for each attribute of token `t` (its
    /// 64-bit hashes `hashes[offsets[t]..<offsets[t + 1]]`, keyed by their upper 32 bits) and
    /// each label of the attribute's row with `localOf[label] >= 0`, in attribute then row order.
    ///
    /// The lookups run in passes, so that the processor can wait for many cache misses at once:
    /// first every attribute's home slot is read, with no branch between the reads; then the
    /// probes are finished (their slots are in cache by then); then the first cell of every row
    /// is read; only then are the weights added, in the same order as one pass would.
    func addEmissions(hashes: [UInt64], offsets: [Int32], localOf: UnsafeBufferPointer<Int32>, labels K: Int,
                      into emission: UnsafeMutableBufferPointer<Float>) {
        let n = hashes.count
        guard n > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { rows in
            slots.withUnsafeBufferPointer { slots in
                cells.withUnsafeBufferPointer { cells in
                    hashes.withUnsafeBufferPointer { hashes in
                        let mask = slots.count - 1
                        // 1. Home slots.
                        for j in 0..<n {
                            let key = UInt32(truncatingIfNeeded: hashes[j] >> 32)
                            rows[j] = Int(truncatingIfNeeded: slots[Int(Self.hash(key) >> shift)])
                        }
                        // 2. Probes: the first cell of each row, or -1.
                        var touch: Int32 = 0
                        for j in 0..<n {
                            let key = UInt32(truncatingIfNeeded: hashes[j] >> 32)
                            var slot = UInt64(bitPattern: Int64(rows[j]))
                            var i = Int(Self.hash(key) >> shift)
                            while slot != 0 && UInt32(truncatingIfNeeded: slot >> 32) != key {
                                i = (i + 1) & mask
                                slot = slots[i]
                            }
                            let first = slot == 0 ? -1 : Int(slot & 0xFFFF_FFFF) - 1
                            rows[j] = first
                            // 3. Touch the row's first cell (the loads overlap; `touch` keeps them).
                            touch |= cells[max(first, 0)].label
                        }
                        // 4. Weights, in order.
                        var t = 0
                        var end = Int(offsets[1])
                        for j in 0..<n {
                            while j >= end { t += 1; end = Int(offsets[t + 1]) }
                            var c = rows[j]
                            guard c >= 0 else { continue }
                            while true {
                                let cell = cells[c]
                                if cell.label < 0 { break }
                                let k = localOf[Int(cell.label)]
                                if k >= 0 { emission[t * K + Int(k)] += cell.weight }
                                c += 1
                            }
                        }
                        // Labels are below 2¹⁶ or -1, so this never fails; it keeps the loads of step 3.
                        precondition(touch != 0x7EAD_BEEF)
                    }
                }
            }
        }
    }

    /// The index of the first cell of `key`'s row, or nil when the tagger has no weights for it.
    @inline(__always)
    func row(_ key: UInt32) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = Int(Self.hash(key) >> shift)
            while true {
                let slot = slots[i]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot >> 32) == key { return Int(slot & 0xFFFF_FFFF) - 1 }
                i = (i + 1) & mask
            }
        }
    }
}
