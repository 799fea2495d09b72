/// A table of weight rows of one width, kept in memory as the model file stores it: at 8 bits
/// a weight or fewer, a signed level per weight and one scale per row (``RowQuantization``'s
/// power of two, or ``PackedRows``' scale with its 3- or 4-bit levels widened to a byte);
/// otherwise (single or half precision, or a table built in memory by training) as floats.
///
/// A stored weight is `Float(level) * scale`, the very multiplication the file's readers do, so
/// a row added through ``add(row:to:)`` sums the same floats in the same order as a float
/// table would: answers do not depend on the form kept. Levels take a quarter of the memory and
/// need no float table to be built at load.
package struct WeightRows: Sendable, Equatable {
    /// Weights a row.
    package let width: Int
    /// The weights, row-major, when kept as floats (empty when `quantized`).
    let floats: [Float]
    /// The levels, row-major, when `quantized` (empty otherwise).
    let levels: [Int8]
    /// The scale of each row, when `quantized`.
    let scales: [Float]
    /// Whether the table is kept as levels and row scales.
    let quantized: Bool

    /// A table kept as the floats given.
    package init(floats: [Float], width: Int) {
        self.width = width
        self.floats = floats
        self.levels = []
        self.scales = []
        self.quantized = false
    }

    /// A table kept as `levels` (row-major) with one scale per row of `width`.
    init(levels: [Int8], scales: [Float], width: Int) {
        precondition(levels.count == scales.count * width, "\(levels.count) levels for \(scales.count) rows of \(width)")
        self.width = width
        self.floats = []
        self.levels = levels
        self.scales = scales
        self.quantized = true
    }

    /// Number of weights.
    package var count: Int { quantized ? levels.count : floats.count }

    /// The weights as floats, each `Float(level) * scale` when quantized.
    package var array: [Float] {
        guard quantized else { return floats }
        return [Float](unsafeUninitializedCapacity: levels.count) { buffer, initialized in
            let w = width
            for (row, s) in scales.enumerated() {
                for k in row * w..<(row + 1) * w { buffer[k] = Float(levels[k]) * s }
            }
            initialized = levels.count
        }
    }

    /// Adds row `row`'s weights to `target[0..<width]`.
    @inline(__always)
    package func add(row: Int, to target: UnsafeMutablePointer<Float>) {
        let w = width
        if quantized {
            let s = scales[row]
            levels.withUnsafeBufferPointer { q in
                let src = q.baseAddress! + row * w
                for k in 0..<w { target[k] += Float(src[k]) * s }
            }
        } else {
            floats.withUnsafeBufferPointer { f in
                let src = f.baseAddress! + row * w
                for k in 0..<w { target[k] += src[k] }
            }
        }
    }

    /// Equal when they hold the same weights, bit for bit, whichever form each is kept in.
    package static func == (a: WeightRows, b: WeightRows) -> Bool {
        guard a.width == b.width, a.count == b.count else { return false }
        if a.quantized, b.quantized, a.levels == b.levels,
           a.scales.map(\.bitPattern) == b.scales.map(\.bitPattern) { return true }
        let x = a.array, y = b.array
        return x.withUnsafeBytes { p in y.withUnsafeBytes { q in p.elementsEqual(q) } }
    }
}
