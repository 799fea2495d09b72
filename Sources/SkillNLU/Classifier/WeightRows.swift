import CInt8Products

/// A table of weight rows of one width, kept in memory with one scale per row and no float
/// table: as signed levels, a byte each (``RowQuantization``'s tables as stored, or
/// ``PackedRows``' 4-bit ones widened), as 3-bit codes packed as the file packs them
/// (``PackedRows``), or as 2-bit codes around each row's base with their exceptions
/// (``BulkRows``), a row unpacked when it is read; otherwise (single or half precision, or a
/// table built in memory by training) as floats. ``WeightCoding`` chooses the form per coding.
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
    /// The bytes holding the levels (8 bits) or codes (3 bits) from `start` on, row-major:
    /// the model file's own bytes when the table makes up much of them (no copy), else a copy
    /// of the table. Packed codes are followed by ``PackedRows/padding`` bytes or more.
    let bytes: [UInt8]
    /// Where the table starts in `bytes`.
    let start: Int
    /// At 8 bits: bytes from one row's first level to the next row's — the width, or more when
    /// the rows lie in records with other data between them (``FeatureRecords``).
    let rowBytes: Int
    /// Bits a weight: 32 for floats, 8 for levels, 3 for packed codes, 2 for codes around a
    /// base (``BulkRows``).
    let bits: Int
    /// The scale of each row, when `quantized`.
    let scales: [Float]
    /// At 2 bits: each row's base level, the exceptions' levels (``BulkRows/Table``) and the
    /// index of each row's first exception; empty otherwise.
    let bases: [Int8]
    let exceptions: [UInt8]
    let exceptionStarts: [Int32]

    /// Whether the table is kept as levels or codes and row scales.
    var quantized: Bool { bits <= 8 }

    /// A table read from a model file is kept in the file's own bytes when it is at least this
    /// share of them: copying it would cost time at load and free only the rest of the file.
    static let sharedShare = 4

    /// A table kept as the floats given.
    package init(floats: [Float], width: Int) {
        self.width = width
        self.floats = floats
        self.bytes = []
        self.start = 0
        self.rowBytes = width
        self.bits = 32
        self.scales = []
        self.bases = []
        self.exceptions = []
        self.exceptionStarts = []
    }

    /// A table kept as `levels` (row-major) with one scale per row of `width`.
    init(levels: [Int8], scales: [Float], width: Int) {
        self.init(stored: levels.withUnsafeBytes { [UInt8]($0) }, start: 0, bits: 8, scales: scales, width: width)
    }

    /// A table of `bits` a weight (8: a signed level each; 3: packed as ``PackedRows`` packs
    /// them, then at least ``PackedRows/padding`` bytes of any value) held in `stored`
    /// from `start`, with one scale per row of `width`.
    init(stored: [UInt8], start: Int, bits: Int, scales: [Float], width: Int) {
        let size = Self.storedSize(count: scales.count * width, bits: bits) + (bits < 8 ? PackedRows.padding : 0)
        precondition((bits == 3 || bits == 8) && start >= 0 && start + size <= stored.count,
                     "\(stored.count - start) bytes of \(bits)-bit weights for \(scales.count) rows of \(width)")
        self.init(bytes: stored, start: start, rowBytes: width, bits: bits, scales: scales, width: width)
    }

    /// A table of levels, a byte each, whose rows lie `rowBytes` apart in `records` from
    /// `start` (``FeatureRecords``), with one scale per row of `width`.
    init(records: [UInt8], start: Int, rowBytes: Int, scales: [Float], width: Int) {
        precondition(rowBytes >= width && start >= 0 && (scales.isEmpty || start + (scales.count - 1) * rowBytes + width <= records.count),
                     "\(records.count) bytes of records for \(scales.count) rows of \(width), \(rowBytes) apart")
        self.init(bytes: records, start: start, rowBytes: rowBytes, bits: 8, scales: scales, width: width)
    }

    /// A table of levels or packed weights in `bytes` (checked by the callers).
    private init(bytes: [UInt8], start: Int, rowBytes: Int, bits: Int, scales: [Float], width: Int) {
        self.width = width
        self.floats = []
        self.bytes = bytes
        self.start = start
        self.rowBytes = rowBytes
        self.bits = bits
        self.scales = scales
        self.bases = []
        self.exceptions = []
        self.exceptionStarts = []
    }

    /// A table of 2-bit codes around each row's base (``BulkRows``), the codes being `table.codes`
    /// of what `reader` reads: kept in the reader's array when they are at least a
    /// ``sharedShare``-th of it, else copied (with a word of zero padding).
    init(bulk table: BulkRows.Table, of reader: BinaryReader, width: Int) {
        let all = reader.storage
        let shared = table.codes.count * Self.sharedShare >= all.count
        self.width = width
        self.floats = []
        // A row's codes are read a word at a time: a copy is followed by a word of padding
        // (in the file the exception count follows them).
        self.bytes = shared ? all : reader.withBytes(in: table.codes) { Array($0) } + [UInt8](repeating: 0, count: PackedRows.padding)
        self.start = shared ? table.codes.lowerBound : 0
        self.rowBytes = width
        self.bits = 2
        self.scales = table.scales
        self.bases = table.bases
        self.exceptions = table.exceptions
        self.exceptionStarts = table.exceptionStarts
    }

    /// The bytes of a table of `count` weights of `bits` each (8 or 3), as a file stores it.
    static func storedSize(count: Int, bits: Int) -> Int { (count * bits + 7) / 8 }

    /// The levels (8 bits) or codes of the table, as stored (without padding), when its rows
    /// follow one another (`rowBytes` is the width).
    var stored: ArraySlice<UInt8> {
        let size = bits == 2 ? scales.count * BulkRows.stride(width: width) : Self.storedSize(count: count, bits: bits)
        return bytes[start..<(start + size)]
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
        if bits == 8 {
            let s = scales[row]
            bytes.withUnsafeBufferPointer { q in
                // A level is a signed byte: the same memory read as Int8 (layout-compatible).
                let src = UnsafePointer<Int8>(OpaquePointer(q.baseAddress! + start + row * rowBytes))
                for k in 0..<w { target[k] += Float(src[k]) * s }
            }
        } else if bits == 3 {
            addPacked(row: row, to: target)
        } else if bits == 2 {
            addBulk(row: row, to: target)
        } else {
            floats.withUnsafeBufferPointer { f in
                let src = f.baseAddress! + row * w
                for k in 0..<w { target[k] += src[k] }
            }
        }
    }

    /// A table of `bits` a weight and `scales.count` rows of `width` whose bytes are `range` of
    /// what `reader` reads: kept in the reader's array when it is at least a
    /// ``sharedShare``-th of it and the padding packed codes need follows it there, else copied
    /// (with zero padding).
    init(bytes range: Range<Int>, of reader: BinaryReader, bits: Int, scales: [Float], width: Int) {
        let padding = bits < 8 ? PackedRows.padding : 0
        let all = reader.storage
        if range.count * Self.sharedShare >= all.count, range.upperBound + padding <= all.count {
            self.init(stored: all, start: range.lowerBound, bits: bits, scales: scales, width: width)
            return
        }
        let copy = reader.withBytes(in: range) { b in
            [UInt8](unsafeUninitializedCapacity: b.count + padding) { buffer, initialized in
                let base = buffer.baseAddress!
                if let source = b.baseAddress { base.update(from: source, count: b.count) }
                (base + b.count).initialize(repeating: 0, count: padding)
                initialized = b.count + padding
            }
        }
        self.init(stored: copy, start: 0, bits: bits, scales: scales, width: width)
    }

    /// Whether 3-bit rows are summed by the vector kernel (``snlu_packed3_add``, eight codes an
    /// instruction, on processors with AVX2) rather than unpacked here a word at a time; both
    /// add the same floats in the same order.
    static let vectorUnpack = snlu_packed3_uses_avx2() == 1

    /// Codes unpacked at a time when a packed row is added (a stack buffer of this many levels).
    static let unpackedChunk = 64

    /// Adds a packed row: its codes are unpacked into levels ``unpackedChunk`` at a time and
    /// each added as `Float(level) * scale`, the sum a table of levels makes.
    @inline(never)
    private func addPacked(row: Int, to target: UnsafeMutablePointer<Float>) {
        let w = width, s = scales[row], chunk = Self.unpackedChunk
        if Self.vectorUnpack {
            bytes.withUnsafeBufferPointer { c in snlu_packed3_add(c.baseAddress! + start, row &* w, w, s, target) }
            return
        }
        bytes.withUnsafeBufferPointer { c in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: chunk) { buffer in
                let levels = buffer.baseAddress!
                var done = 0
                while done < w {
                    let n = min(chunk, w &- done)
                    PackedRows.decode3(c.baseAddress! + start, first: row &* w &+ done,
                                       groups: (n &+ PackedRows.groupSize &- 1) / PackedRows.groupSize, into: levels)
                    let out = target + done
                    for k in 0..<n { out[k] += Float(levels[k]) * s }
                    done &+= n
                }
            }
        }
    }

    /// Adds a row of codes around its base: ``snlu_bulk2_add`` adds each weight as
    /// `Float(level) * scale` (sixteen codes an instruction where AVX2 is present, the
    /// exceptions after), the sum a table of levels makes, with no buffer of levels.
    @inline(never)
    private func addBulk(row: Int, to target: UnsafeMutablePointer<Float>) {
        let rowBytes = BulkRows.stride(width: width)
        bytes.withUnsafeBufferPointer { c in
            exceptions.withUnsafeBufferPointer { e in
                snlu_bulk2_add(c.baseAddress! + (start &+ row &* rowBytes), width, Int32(bases[row]), e.baseAddress!,
                               Int(exceptionStarts[row]), scales[row], target)
            }
        }
    }

    /// Equal when they hold the same weights, bit for bit, whichever form each is kept in.
    package static func == (a: WeightRows, b: WeightRows) -> Bool {
        guard a.width == b.width, a.count == b.count else { return false }
        if a.quantized, b.quantized, a.bits == b.bits, a.bits != 2, a.rowBytes == a.width, b.rowBytes == b.width,
           a.stored == b.stored,
           a.scales.map(\.bitPattern) == b.scales.map(\.bitPattern) { return true }
        let x = a.array, y = b.array
        return x.withUnsafeBytes { p in y.withUnsafeBytes { q in p.elementsEqual(q) } }
    }
}
