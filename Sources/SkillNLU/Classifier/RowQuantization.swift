/// Weight tables stored as signed bytes with one power-of-two scale per row: a weight is
/// `q × 2^e`, `q` in -127…127 and `e` the row's exponent, the smallest that fits the row's
/// largest magnitude. A quarter of single precision, half of half precision.
///
/// The scale is a power of two so that the coding is exact both ways: a table rounded by
/// ``rounded(_:rowStarts:)`` writes, reads back and writes again to the same bytes and the
/// same floats, so a model answers alike before and after it is saved. Every such value is
/// also a half-precision number (at most seven significant bits, exponents within half's
/// range), which the slot tagger's lookup table relies on. Weights far below a row's largest
/// become zero: the pruning of near-zero weights comes with the rounding.
package enum RowQuantization {
    /// The smallest and largest row exponents: below 2^-24 a weight is no half-precision
    /// number; 127 × 2^9 is the largest multiple within half precision's range (weights never
    /// get near it: ``checkWeights(_:in:)`` refuses larger ones).
    static let exponents: ClosedRange<Int> = -24...9

    /// The exponent of a row whose largest magnitude is `top`.
    static func exponent(top: Float) -> Int {
        guard top > 0, top.isFinite else { return exponents.lowerBound }
        var e = Int(top.exponent) - 6
        while e > exponents.lowerBound, top <= 63.5 * Float(sign: .plus, exponent: e, significand: 1) { e -= 1 }
        while e < exponents.upperBound, top > 127 * Float(sign: .plus, exponent: e, significand: 1) { e += 1 }
        return min(max(e, exponents.lowerBound), exponents.upperBound)
    }

    /// The row's weights as bytes and its exponent.
    static func quantize(_ row: ArraySlice<Float>) -> (exponent: Int, values: [Int8]) {
        let e = exponent(top: row.reduce(Float(0)) { max($0, abs($1)) })
        let inverse = Float(sign: .plus, exponent: -e, significand: 1)
        return (e, row.map { Int8(max(-127, min(127, ($0 * inverse).rounded(.toNearestOrEven)))) })
    }

    /// `values` as they read back once written; rows are `rowStarts[i]..<rowStarts[i + 1]`.
    package static func rounded(_ values: [Float], rowStarts: [Int]) -> [Float] {
        var out = values
        for i in 0..<max(0, rowStarts.count - 1) {
            let range = rowStarts[i]..<rowStarts[i + 1]
            let (e, q) = quantize(values[range])
            let scale = Float(sign: .plus, exponent: e, significand: 1)
            for (k, v) in zip(range, q) { out[k] = Float(v) * scale }
        }
        return out
    }

    /// Rows of `width` weights each, as ``rounded(_:rowStarts:)`` and the coders take them.
    package static func rowStarts(count: Int, width: Int) -> [Int] {
        guard width > 0 else { return [0] }
        // Filled in place: `Array(stride(...))` copies element by element through the generic
        // sequence path, and loading asks for the starts of every table's rows.
        let rows = count / width + 1
        return [Int](unsafeUninitializedCapacity: rows) { buffer, initialized in
            for i in 0..<rows { buffer[i] = i &* width }
            initialized = rows
        }
    }

    /// Appends the exponents (one byte each, offset by 128) and then the weights.
    static func write(_ values: [Float], rowStarts: [Int], to w: inout BinaryWriter) {
        let (exponents, levels) = coded(values, rowStarts: rowStarts)
        w.write(bytes: exponents)
        w.write(bytes: levels)
    }

    /// The rows' exponents (one byte each, offset by 128) and their weights as signed bytes:
    /// what ``write(_:rowStarts:to:)`` writes.
    static func coded(_ values: [Float], rowStarts: [Int]) -> (exponents: [UInt8], levels: [UInt8]) {
        var exponents: [UInt8] = []
        var bytes: [UInt8] = []
        exponents.reserveCapacity(rowStarts.count)
        bytes.reserveCapacity(values.count)
        for i in 0..<max(0, rowStarts.count - 1) {
            let (e, q) = quantize(values[rowStarts[i]..<rowStarts[i + 1]])
            exponents.append(UInt8(e + 128))
            for v in q { bytes.append(UInt8(bitPattern: v)) }
        }
        return (exponents, bytes)
    }

    /// Reads what ``write(_:rowStarts:to:)`` wrote for the same rows, refusing an exponent out
    /// of range or a weight of -128 (no writer produces them).
    static func read<Start: BinaryInteger>(rowStarts: [Start], from r: inout BinaryReader) throws -> [Float] {
        let (range, scales) = try readLevelRange(rows: max(0, rowStarts.count - 1), count: Int(rowStarts.last ?? 0), from: &r)
        return r.withBytes(in: range) { levels in
            [Float](unsafeUninitializedCapacity: levels.count) { buffer, initialized in
                for (i, scale) in scales.enumerated() {
                    for k in Int(rowStarts[i])..<Int(rowStarts[i + 1]) { buffer[k] = Float(Int8(bitPattern: levels[k])) * scale }
                }
                initialized = levels.count
            }
        }
    }

    /// What ``read(rowStarts:from:)`` reads, as the stored levels and each row's scale (a weight
    /// is `Float(level) * scale`, exactly).
    static func readLevels(rowStarts: [Int], from r: inout BinaryReader) throws -> (levels: [Int8], scales: [Float]) {
        let (range, scales) = try readLevelRange(rowStarts: rowStarts, from: &r)
        let levels = r.withBytes(in: range) { b in b.map { Int8(bitPattern: $0) } }
        return (levels, scales)
    }

    /// Where the levels of what ``read(rowStarts:from:)`` reads lie among the reader's bytes
    /// (nothing is copied), and each row's scale; an exponent out of range or a level of -128
    /// is refused here.
    static func readLevelRange(rowStarts: [Int], from r: inout BinaryReader) throws -> (levels: Range<Int>, scales: [Float]) {
        try readLevelRange(rows: max(0, rowStarts.count - 1), count: rowStarts.last ?? 0, from: &r)
    }

    /// ``readLevelRange(rowStarts:from:)`` for `rows` rows of `count` weights in all.
    private static func readLevelRange(rows: Int, count: Int, from r: inout BinaryReader) throws -> (levels: Range<Int>, scales: [Float]) {
        let (exponentBytes, levels) = try readLevelRanges(rows: rows, count: count, from: &r)
        let scales = r.withBytes(in: exponentBytes) { ex in
            [Float](unsafeUninitializedCapacity: rows) { scales, initialized in
                for i in 0..<rows { scales[i] = scale(exponentByte: ex[i]) }
                initialized = rows
            }
        }
        return (levels, scales)
    }

    /// The scale of a row whose exponent is stored as `byte` (offset by 128; one of
    /// ``exponents``, as ``readLevelRanges(rows:count:from:)`` checks): 2^e from its bits,
    /// e being normal throughout ``exponents``.
    @inline(__always)
    static func scale(exponentByte byte: UInt8) -> Float {
        Float(bitPattern: UInt32(truncatingIfNeeded: Int32(byte) &- 128 &+ 127) &<< 23)
    }

    /// Where the row exponents and the levels of what ``read(rowStarts:from:)`` reads lie
    /// among the reader's bytes, for `rows` rows of `count` weights in all (nothing is
    /// copied); an exponent out of range or a level of -128 is refused here. A weight is
    /// `Float(Int8(bitPattern: level)) * scale(exponentByte: its row's exponent)`.
    static func readLevelRanges(rows: Int, count: Int, from r: inout BinaryReader) throws -> (exponents: Range<Int>, levels: Range<Int>) {
        let exponentBytes = try r.readByteRange()
        let valueBytes = try r.readByteRange()
        guard exponentBytes.count == rows, valueBytes.count == count else {
            throw ModelFileError.corrupt("\(r.part) holds \(valueBytes.count) weights in \(exponentBytes.count) rows for \(count) in \(rows)")
        }
        let valid = r.withBytes(in: exponentBytes) { ex in r.withBytes(in: valueBytes) { areValid(exponents: ex, levels: $0) } }
        guard valid else { throw ModelFileError.corrupt("\(r.part) holds a weight or scale no writer produces") }
        return (exponentBytes, valueBytes)
    }

    /// Whether every exponent byte is one of ``exponents`` (offset by 128) and no level is -128:
    /// what a writer produces.
    static func areValid(exponents ex: UnsafeBufferPointer<UInt8>, levels: UnsafeBufferPointer<UInt8>) -> Bool {
        // The range checked without a branch: a model has a row per attribute, tens of thousands of them.
        let low = UInt8(exponents.lowerBound + 128), high = UInt8(exponents.upperBound + 128)
        var outside = false
        for byte in ex { outside = outside || byte < low || byte > high }
        // The smallest level, read as signed bytes; a loop that vectorizes.
        var minimum = Int8.max
        for byte in levels { minimum = min(minimum, Int8(bitPattern: byte)) }
        return !outside && minimum != .min
    }
}
