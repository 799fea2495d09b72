/// A table of weight rows of one width, kept in memory as the model file stores it: at 8 bits
/// a weight a signed level per weight and one scale per row (``RowQuantization``'s power of
/// two); at 3 or 4 bits the codes packed as the file packs them and one scale per row
/// (``PackedRows``), a row unpacked when it is read; otherwise (single or half precision, or a
/// table built in memory by training) as floats.
///
/// A stored weight is `Float(level) * scale`, the very multiplication the file's readers do, so
/// a row added through ``add(row:to:)`` sums the same floats in the same order as a float
/// table would: answers do not depend on the form kept. Levels take a quarter of the memory of
/// floats and packed codes a tenth or less, and neither needs a table to be built at load.
package struct WeightRows: Sendable, Equatable {
    /// Weights a row.
    package let width: Int
    /// The weights, row-major, when kept as floats (empty when `quantized`).
    let floats: [Float]
    /// The levels, row-major, when kept at 8 bits (empty otherwise).
    let levels: [Int8]
    /// The codes, row-major and `bits` each, when kept packed, followed by
    /// ``PackedRows/padding`` zero bytes (empty otherwise).
    let codes: [UInt8]
    /// Bits a weight: 32 for floats, 8 for levels, 3 or 4 for packed codes.
    let bits: Int
    /// The scale of each row, when `quantized`.
    let scales: [Float]

    /// Whether the table is kept as levels or codes and row scales.
    var quantized: Bool { bits <= 8 }

    /// A table kept as the floats given.
    package init(floats: [Float], width: Int) {
        self.width = width
        self.floats = floats
        self.levels = []
        self.codes = []
        self.bits = 32
        self.scales = []
    }

    /// A table kept as `levels` (row-major) with one scale per row of `width`.
    init(levels: [Int8], scales: [Float], width: Int) {
        precondition(levels.count == scales.count * width, "\(levels.count) levels for \(scales.count) rows of \(width)")
        self.width = width
        self.floats = []
        self.levels = levels
        self.codes = []
        self.bits = 8
        self.scales = scales
    }

    /// A table kept as `codes` of `bits` each (row-major, as ``PackedRows`` packs them, then
    /// ``PackedRows/padding`` zero bytes) with one scale per row of `width`.
    init(codes: [UInt8], bits: Int, scales: [Float], width: Int) {
        precondition(PackedRows.widths.contains(bits) && codes.count == (scales.count * width * bits + 7) / 8 + PackedRows.padding,
                     "\(codes.count) bytes of \(bits)-bit codes for \(scales.count) rows of \(width)")
        self.width = width
        self.floats = []
        self.levels = []
        self.codes = codes
        self.bits = bits
        self.scales = scales
    }

    /// Number of weights.
    package var count: Int { quantized ? scales.count * width : floats.count }

    /// The weights as floats, each `Float(level) * scale` when quantized.
    package var array: [Float] {
        guard quantized else { return floats }
        var out = [Float](repeating: 0, count: count)
        out.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<scales.count { add(row: row, to: buffer.baseAddress! + row * width) }
        }
        return out
    }

    /// Adds row `row`'s weights to `target[0..<width]`.
    @inline(__always)
    package func add(row: Int, to target: UnsafeMutablePointer<Float>) {
        let w = width
        if bits < 8 {
            addPacked(row: row, to: target)
        } else if bits == 8 {
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

    /// Codes unpacked at a time when a packed row is added (a stack buffer of this many levels).
    static let unpackedChunk = 64

    /// Adds a packed row: its codes are unpacked into levels ``unpackedChunk`` at a time and
    /// each added as `Float(level) * scale`, the sum a table of levels makes.
    @inline(__always)
    private func addPacked(row: Int, to target: UnsafeMutablePointer<Float>) {
        let w = width, s = scales[row], chunk = Self.unpackedChunk
        codes.withUnsafeBufferPointer { c in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: chunk) { buffer in
                let levels = buffer.baseAddress!
                var done = 0
                while done < w {
                    let n = min(chunk, w &- done)
                    PackedRows.decode(c.baseAddress!, bits: bits, first: row &* w &+ done,
                                      groups: (n &+ PackedRows.groupSize &- 1) / PackedRows.groupSize, into: levels)
                    let out = target + done
                    for k in 0..<n { out[k] += Float(levels[k]) * s }
                    done &+= n
                }
            }
        }
    }

    /// Equal when they hold the same weights, bit for bit, whichever form each is kept in.
    package static func == (a: WeightRows, b: WeightRows) -> Bool {
        guard a.width == b.width, a.count == b.count else { return false }
        if a.quantized, b.quantized, a.bits == b.bits, a.levels == b.levels, a.codes == b.codes,
           a.scales.map(\.bitPattern) == b.scales.map(\.bitPattern) { return true }
        let x = a.array, y = b.array
        return x.withUnsafeBytes { p in y.withUnsafeBytes { q in p.elementsEqual(q) } }
    }
}
