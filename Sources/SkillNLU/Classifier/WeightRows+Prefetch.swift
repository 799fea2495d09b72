import CInt8Products

extension WeightRows {
    /// Starts fetching row `row`'s weights (and its scale) into the cache without waiting for
    /// them: the classifier names every row an utterance needs before it sums any
    /// (``IntentClassifier/accumulate(_:x:chars:linear:)``), so the rows' cache misses overlap
    /// instead of each sum waiting for its own. Changes nothing but when the memory is read.
    @inline(__always)
    func prefetch(row: Int) {
        let w = width
        if bits == 8 {
            scales.withUnsafeBufferPointer { snlu_prefetch($0.baseAddress! + row) }
            bytes.withUnsafeBufferPointer { q in Self.prefetch(UnsafeRawPointer(q.baseAddress! + (start &+ row &* w)), bytes: w) }
        } else if bits == 2 {
            scales.withUnsafeBufferPointer { snlu_prefetch($0.baseAddress! + row) }
            let rowBytes = BulkRows.stride(width: w)
            bytes.withUnsafeBufferPointer { c in
                Self.prefetch(UnsafeRawPointer(c.baseAddress! + (start &+ row &* rowBytes)), bytes: rowBytes)
            }
        } else if bits < 8 {
            scales.withUnsafeBufferPointer { snlu_prefetch($0.baseAddress! + row) }
            let first = row &* w &* bits
            bytes.withUnsafeBufferPointer { c in
                Self.prefetch(UnsafeRawPointer(c.baseAddress! + (start &+ first &>> 3)), bytes: (first & 7 &+ w &* bits &+ 7) &>> 3)
            }
        } else {
            floats.withUnsafeBufferPointer { f in
                Self.prefetch(UnsafeRawPointer(f.baseAddress! + row * w), bytes: w * MemoryLayout<Float>.stride)
            }
        }
    }

    /// Prefetches every cache line of `bytes` bytes from `start`.
    @inline(__always)
    private static func prefetch(_ start: UnsafeRawPointer, bytes: Int) {
        guard bytes > 0 else { return }
        var offset = 0
        while offset < bytes {
            snlu_prefetch(start + offset)
            offset += 64
        }
        // The last byte's line, when the row does not start on a line boundary.
        snlu_prefetch(start + (bytes - 1))
    }
}
