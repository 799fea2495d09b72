import CInt8Products

extension WeightRows {
    /// Adds rows `rows[0..<count]`, in that order, to `target[0..<width]`: the same floats as
    /// ``add(row:to:)`` called for each in turn. A quantized table hands the whole list to one
    /// C kernel call (the table's pointers taken once, the processor's vector support asked
    /// once), where a call a row spent more in its wrapper than in the sum; a float table adds
    /// row by row. Every listed row must lie in the table.
    @inline(__always)
    package func add(rows: UnsafePointer<Int32>, count n: Int, to target: UnsafeMutablePointer<Float>) {
        guard n > 0 else { return }
        let w = width
        switch bits {
        case 8:
            bytes.withUnsafeBufferPointer { q in
                scales.withUnsafeBytes { s in
                    // A level is a signed byte: the same memory read as Int8 (layout-compatible).
                    let levels = UnsafePointer<Int8>(OpaquePointer(q.baseAddress! + start))
                    snlu_int8_add_strided_rows(levels, w, rowBytes, q.count - start, s.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                               MemoryLayout<Float>.stride, rows, n, target)
                }
            }
        case 3:
            bytes.withUnsafeBufferPointer { c in
                scales.withUnsafeBufferPointer { s in snlu_packed3_add_rows(c.baseAddress! + start, w, s.baseAddress!, rows, n, target) }
            }
        case 2:
            bytes.withUnsafeBufferPointer { c in
                scales.withUnsafeBufferPointer { s in
                    bases.withUnsafeBufferPointer { b in
                        exceptions.withUnsafeBufferPointer { e in
                            exceptionStarts.withUnsafeBufferPointer { f in
                                snlu_bulk2_add_rows(c.baseAddress! + start, w, b.baseAddress!, e.baseAddress!, f.baseAddress!,
                                                    s.baseAddress!, rows, n, target)
                            }
                        }
                    }
                }
            }
        default:
            for i in 0..<n { add(row: Int(rows[i]), to: target) }
        }
    }
}
