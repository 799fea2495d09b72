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
    /// Row `s`'s label cells are `cellStart[s]..<cellStart[s + 1]` of ``cell`` and ``local``.
    var cellStart: [Int32] = [0]
    /// Index of the cell in the label cells being trained.
    var cell: [Int32] = []
    /// The cell's label as a place among the intent's allowed labels.
    var local: [Int32] = []
    /// Row `s`'s part cells are `partStart[s]..<partStart[s + 1]` of ``partCell``.
    var partStart: [Int32] = [0]
    /// Index of the cell in the part cells being trained.
    var partCell: [Int32] = []
    /// The part cell's part.
    var partLabel: [Int32] = []
    /// Per intent, the parts that reach at least one of its labels, ascending.
    var intentParts: [[Int32]] = []

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
        var rowOf = HashIndex(reserving: data.hashOfId.count)
        exRows.reserveCapacity(examples.count)
        for (e, ex) in examples.enumerated() {
            let ids = data.exAttrs[e]
            var rows = [Int32](repeating: 0, count: ids.count)
            for (j, a) in ids.enumerated() {
                let key = UInt64(a) &* UInt64(intents) &+ UInt64(ex.intent)
                if let known = rowOf.value(key) {
                    rows[j] = known
                    continue
                }
                let row = Int32(cellStart.count - 1)
                rowOf.set(key, row)
                rows[j] = row
                appendRow(attribute: Int(a), localOf: localOf[ex.intent], reaches: reaches.isEmpty ? [] : reaches[ex.intent],
                          layout: layout, labelCells: labelCells, partCells: partCells)
            }
            exRows.append(rows)
        }
    }

    private mutating func appendRow(attribute a: Int, localOf: [Int32], reaches: [Bool], layout: TaggerLayout,
                                    labelCells: [TrainingCell], partCells: [TrainingCell]) {
        for r in Int(layout.rowStart[a])..<Int(layout.rowStart[a + 1]) {
            let k = localOf[Int(labelCells[r].label)]
            if k >= 0 {
                cell.append(Int32(r))
                local.append(k)
            }
        }
        cellStart.append(Int32(cell.count))
        if !reaches.isEmpty {
            for r in Int(layout.partRowStart[a])..<Int(layout.partRowStart[a + 1]) where reaches[Int(partCells[r].label)] {
                partCell.append(Int32(r))
                partLabel.append(partCells[r].label)
            }
        }
        partStart.append(Int32(partCell.count))
    }

    /// Raw views of the rows, for the SGD loop.
    struct Buffers {
        let cellStart: UnsafeBufferPointer<Int32>
        let cell: UnsafeBufferPointer<Int32>
        let local: UnsafeBufferPointer<Int32>
        let partStart: UnsafeBufferPointer<Int32>
        let partCell: UnsafeBufferPointer<Int32>
        let partLabel: UnsafeBufferPointer<Int32>
    }

    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        cellStart.withUnsafeBufferPointer { cellStart in
            cell.withUnsafeBufferPointer { cell in
                local.withUnsafeBufferPointer { local in
                    partStart.withUnsafeBufferPointer { partStart in
                        partCell.withUnsafeBufferPointer { partCell in
                            partLabel.withUnsafeBufferPointer { partLabel in
                                body(Buffers(cellStart: cellStart, cell: cell, local: local, partStart: partStart,
                                             partCell: partCell, partLabel: partLabel))
                            }
                        }
                    }
                }
            }
        }
    }
}
