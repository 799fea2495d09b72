import CInt8Products

/// Fetching the memory of the examples the SGD loop takes next while it works on the current one.
///
/// An example's step reads, for every attribute occurrence, its row's bounds, then the row's
/// entries, then the weights (and their averaging twins) the entries name: three reads that
/// each wait on the one before, scattered over tables far larger than the cache, so most of
/// them miss. ``SlotTagger/runSGD`` knows the order of the epoch in advance, so it asks for
/// those lines a few examples ahead, one stage per example (bounds three ahead, entries two
/// ahead, weights one ahead), each stage reading only what the stage before brought in.
/// Prefetching changes nothing but when memory is read: every sum is the same.
extension TaggerIntentRows.Buffers {
    /// Stage 1: the bounds of each row in `rows`: its four values and the next row's first
    /// two, where its entries end (`bounds[4s ... 4s + 5]`, on one cache line or two).
    @inline(__always)
    func prefetchBounds(_ rows: UnsafeBufferPointer<Int32>) {
        guard let base = bounds.baseAddress else { return }
        for s in rows {
            let first = base + Int(s) &* 4
            snlu_prefetch(first)
            snlu_prefetch(first + 5)
        }
    }

    /// Stage 2: the label and part entries of each row in `rows` (reads their bounds).
    @inline(__always)
    func prefetchEntries(_ rows: UnsafeBufferPointer<Int32>) {
        for s in rows {
            let labels = labelRange(Int(s)), parts = partRange(Int(s))
            if !labels.isEmpty { Self.prefetchLines(labelEntries, from: labels.lowerBound, to: labels.upperBound &- 1) }
            if !parts.isEmpty { Self.prefetchLines(partEntries, from: parts.lowerBound, to: parts.upperBound &- 1) }
        }
    }

    /// Stage 3: the label and part weights each row in `rows` names, and their twins when
    /// `twins` is given (reads the rows' entries). A row's cells ascend within its
    /// attribute's run, so the lines from its first cell to its last hold them all.
    @inline(__always)
    func prefetchWeights(_ rows: UnsafeBufferPointer<Int32>, cells: UnsafeMutableBufferPointer<Float>,
                         partCells: UnsafeMutableBufferPointer<Float>, twins: SGDAverage.View?) {
        for s in rows {
            let labels = labelRange(Int(s)), parts = partRange(Int(s))
            if !labels.isEmpty {
                let base = labelBase(Int(s))
                let first = base &+ cell(labels.lowerBound), last = base &+ cell(labels.upperBound &- 1)
                Self.prefetchLines(UnsafeBufferPointer(cells), from: first, to: last)
                if let twins { Self.prefetchLines(UnsafeBufferPointer(twins.cells), from: first, to: last) }
            }
            if !parts.isEmpty {
                let base = partBase(Int(s))
                let first = base &+ partCell(parts.lowerBound), last = base &+ partCell(parts.upperBound &- 1)
                Self.prefetchLines(UnsafeBufferPointer(partCells), from: first, to: last)
                if let twins { Self.prefetchLines(UnsafeBufferPointer(twins.partCells), from: first, to: last) }
            }
        }
    }

    /// Every cache line holding `buffer[first...last]`.
    @inline(__always)
    static func prefetchLines<T>(_ buffer: UnsafeBufferPointer<T>, from first: Int, to last: Int) {
        guard let base = buffer.baseAddress else { return }
        var line = UnsafeRawPointer(base + first)
        let end = UnsafeRawPointer(base + last)
        let lineMask = ~UInt(63)
        // From the start of the first element's line, so the last line is not skipped when
        // the first element sits late in its line.
        line = UnsafeRawPointer(bitPattern: UInt(bitPattern: line) & lineMask)!
        while line <= end {
            snlu_prefetch(line)
            line += 64
        }
    }
}

extension SlotTagger {
    /// Before the step of the example at `position` of the epoch's `order`: stage 3 for the
    /// next example, stage 2 for the one after, stage 1 for the one after that.
    @inline(__always)
    static func prefetchAhead(order: [Int], position i: Int, rows: TaggerIntentRows, buffers: TaggerIntentRows.Buffers,
                              cells: UnsafeMutableBufferPointer<Float>, partCells: UnsafeMutableBufferPointer<Float>,
                              twins: SGDAverage.View?) {
        let n = order.count
        if i + 3 < n { rows.exRows[order[i + 3]].withUnsafeBufferPointer { buffers.prefetchBounds($0) } }
        if i + 2 < n { rows.exRows[order[i + 2]].withUnsafeBufferPointer { buffers.prefetchEntries($0) } }
        if i + 1 < n {
            rows.exRows[order[i + 1]].withUnsafeBufferPointer {
                buffers.prefetchWeights($0, cells: cells, partCells: partCells, twins: twins)
            }
        }
    }
}
