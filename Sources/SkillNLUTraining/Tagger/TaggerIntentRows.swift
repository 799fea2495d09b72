/// The weight cells each (attribute, intent) pair of the training data can touch: of the
/// attribute's label cells those whose label the intent allows, each with that label's place
/// among the intent's labels, and of its part cells those whose part reaches one of the
/// intent's labels.
///
/// An attribute such as the bias or a common word has a cell for nearly every label of the
/// model, and the SGD loop used to visit them all and skip the labels the example's intent
/// does not allow, on every token of every epoch. Reading these lists instead visits only
/// the cells it uses, in the same order, so every sum it takes is the same, bit for bit.
struct TaggerIntentRows {
    /// Per example, parallel to ``TaggerTrainingData/exAttrs``: the row of each attribute
    /// occurrence for the example's intent.
    var exRows: [[Int32]] = []
    /// Four values a row `s`: where its entries start in ``labelEntries`` (`bounds[4s]`) and in
    /// ``partEntries`` (`bounds[4s + 1]`), and where its attribute's label and part cells start
    /// among the cells being trained (`bounds[4s + 2]`, `bounds[4s + 3]`), which its entries
    /// count from. Row `s` ends where row `s + 1` starts (a last row closes the final one). A
    /// row's values share a cache line, and the SGD loop reads them for every attribute
    /// occurrence.
    var bounds: [Int32] = [0, 0, 0, 0]
    /// One value an entry: a label cell being trained, as its place after its attribute's first
    /// cell (low 16 bits), and that cell's label as a place among the intent's allowed labels
    /// (high 16 bits). Half the bytes of two indices: the loop reads an entry for every weight
    /// it touches, so these lists are much of the memory an example's step reads.
    var labelEntries: [UInt32] = []
    /// One value an entry: a part cell, as its place after its attribute's first part cell
    /// (low 16 bits), and that cell's part (high 16 bits).
    var partEntries: [UInt32] = []
    /// Per intent, the parts that reach at least one of its labels, ascending.
    var intentParts: [[Int32]] = []

    /// How many (attribute, intent) rows there are.
    var rowCount: Int { bounds.count / 4 - 1 }

    /// Row `s`'s label cells: (cell index, local label), in cell order.
    func labelCells(ofRow s: Int) -> [(cell: Int32, local: Int32)] {
        (Int(bounds[4 * s])..<Int(bounds[4 * s + 4])).map {
            (bounds[4 * s + 2] + Int32(labelEntries[$0] & 0xFFFF), Int32(labelEntries[$0] >> 16))
        }
    }

    /// Row `s`'s part cells: (cell index, part), in cell order.
    func partCells(ofRow s: Int) -> [(cell: Int32, part: Int32)] {
        (Int(bounds[4 * s + 1])..<Int(bounds[4 * s + 5])).map {
            (bounds[4 * s + 3] + Int32(partEntries[$0] & 0xFFFF), Int32(partEntries[$0] >> 16))
        }
    }

    /// The rows of every (attribute, intent) pair of `data`'s examples, in first-seen order.
    init(examples: [TrainingExample], data: TaggerTrainingData, layout: TaggerLayout, allowedLabels: [[Int32]],
         labelCells: [TrainingCell], partCells: [TrainingCell], labelCount L: Int) {
        let intents = allowedLabels.count
        let localOf: [[Int32]] = allowedLabels.map { allowed in
            var local = [Int32](repeating: -1, count: L)
            for (k, l) in allowed.enumerated() { local[Int(l)] = Int32(k) }
            return local
        }
        intentParts = layout.partMembers.map { members in
            (0..<layout.partCount).filter { members.start[$0] < members.start[$0 + 1] }.map { Int32($0) }
        }
        let reaches: [[Bool]] = intentParts.map { parts in
            var r = [Bool](repeating: false, count: layout.partCount)
            for p in parts { r[Int(p)] = true }
            return r
        }
        // Each attribute's first (intent, row) in an array; the rows of its other intents in
        // a hash table. Most attributes name their intent, and the array is far smaller.
        var firstRow = [Int32](repeating: -1, count: data.hashOfId.count)
        var firstIntent = [Int32](repeating: -1, count: data.hashOfId.count)
        var rowOf = HashIndex()
        exRows.reserveCapacity(examples.count)
        for (e, ex) in examples.enumerated() {
            let ids = data.exAttrs[e]
            var rows = [Int32](repeating: 0, count: ids.count)
            for (j, a) in ids.enumerated() {
                let key = UInt64(a) &* UInt64(intents) &+ UInt64(ex.intent)
                if firstIntent[Int(a)] == Int32(ex.intent) {
                    rows[j] = firstRow[Int(a)]
                    continue
                }
                if firstIntent[Int(a)] >= 0, let known = rowOf.value(key) {
                    rows[j] = known
                    continue
                }
                let row = Int32(rowCount)
                if firstIntent[Int(a)] < 0 {
                    firstIntent[Int(a)] = Int32(ex.intent)
                    firstRow[Int(a)] = row
                } else {
                    rowOf.set(key, row)
                }
                rows[j] = row
                appendRow(attribute: Int(a), localOf: localOf[ex.intent], reaches: reaches.isEmpty ? [] : reaches[ex.intent],
                          layout: layout, labelCells: labelCells, partCells: partCells)
            }
            exRows.append(rows)
        }
    }

    /// Appends attribute `a`'s row for an intent. A place or label past 16 bits would need an
    /// attribute with more than 65,535 cells or an intent with as many labels, far beyond the
    /// slots an interaction model can declare.
    private mutating func appendRow(attribute a: Int, localOf: [Int32], reaches: [Bool], layout: TaggerLayout,
                                    labelCells: [TrainingCell], partCells: [TrainingCell]) {
        let labelBase = Int(layout.rowStart[a]), partBase = Int(layout.partRowStart[a])
        precondition(Int(layout.rowStart[a + 1]) - labelBase <= 0x10000
                     && Int(layout.partRowStart[a + 1]) - partBase <= 0x10000, "an attribute's cells fit 16 bits")
        for r in labelBase..<Int(layout.rowStart[a + 1]) {
            let k = localOf[Int(labelCells[r].label)]
            if k >= 0 { labelEntries.append(UInt32(r - labelBase) | UInt32(k) << 16) }
        }
        if !reaches.isEmpty {
            for r in partBase..<Int(layout.partRowStart[a + 1]) where reaches[Int(partCells[r].label)] {
                precondition(partCells[r].label < 0x10000, "a part fits 16 bits")
                partEntries.append(UInt32(r - partBase) | UInt32(partCells[r].label) << 16)
            }
        }
        // The row's bases replace the closing row's placeholders; a new closing row follows.
        bounds[bounds.count - 2] = Int32(labelBase)
        bounds[bounds.count - 1] = Int32(partBase)
        bounds += [Int32(labelEntries.count), Int32(partEntries.count), 0, 0]
    }

    /// Raw views of the rows, for the SGD loop.
    struct Buffers {
        let bounds: UnsafeBufferPointer<Int32>
        let labelEntries: UnsafeBufferPointer<UInt32>
        let partEntries: UnsafeBufferPointer<UInt32>

        /// Row `s`'s entries in ``labelEntries``.
        @inline(__always) func labelRange(_ s: Int) -> Range<Int> { Int(bounds[s &* 4])..<Int(bounds[s &* 4 &+ 4]) }
        /// Row `s`'s entries in ``partEntries``.
        @inline(__always) func partRange(_ s: Int) -> Range<Int> { Int(bounds[s &* 4 &+ 1])..<Int(bounds[s &* 4 &+ 5]) }
        /// The first label cell of row `s`'s attribute, which its entries count from.
        @inline(__always) func labelBase(_ s: Int) -> Int { Int(bounds[s &* 4 &+ 2]) }
        /// The first part cell of row `s`'s attribute, which its entries count from.
        @inline(__always) func partBase(_ s: Int) -> Int { Int(bounds[s &* 4 &+ 3]) }
        /// Label entry `q`'s cell, counted from its row's ``labelBase(_:)``.
        @inline(__always) func cell(_ q: Int) -> Int { Int(labelEntries[q] & 0xFFFF) }
        /// Label entry `q`'s label as a place among the intent's labels.
        @inline(__always) func local(_ q: Int) -> Int { Int(labelEntries[q] &>> 16) }
        /// Part entry `q`'s cell, counted from its row's ``partBase(_:)``.
        @inline(__always) func partCell(_ q: Int) -> Int { Int(partEntries[q] & 0xFFFF) }
        /// Part entry `q`'s part.
        @inline(__always) func part(_ q: Int) -> Int { Int(partEntries[q] &>> 16) }
    }

    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        bounds.withUnsafeBufferPointer { bounds in
            labelEntries.withUnsafeBufferPointer { labelEntries in
                partEntries.withUnsafeBufferPointer { partEntries in
                    body(Buffers(bounds: bounds, labelEntries: labelEntries, partEntries: partEntries))
                }
            }
        }
    }
}
