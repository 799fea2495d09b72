/// Weight tables stored in a few bits a weight (3 or 4), with one byte of scale per row: a
/// weight is `q × s`, `q` in `-L…L` (`L` = 2^(bits-1) - 1) and `s` one of 256 scales a
/// sixteenth of an octave apart (2^-12 up to nearly 2^4). At 4 bits `s` is the smallest that
/// fits the row's largest magnitude; at 3 bits it is the one of least squared error, weights
/// beyond `±L × s` saturating (``fitted(_:centred:)``). At 4 bits a table takes half of
/// ``RowQuantization``'s bytes, at 3 bits three eighths; the finer scale makes up part of the
/// fewer levels.
///
/// Rows whose weights all add to the same scores (a sparse linear row adds to every intent's
/// logit, and a softmax ignores a constant added to all of them) may be *centred* first: at 4
/// bits the midpoint of their smallest and largest weight is subtracted, so the levels span
/// the row's range instead of twice its largest magnitude; at 3 bits a shift that puts the
/// row's median on a level. Probabilities do not change by it; logits shift by a constant.
///
/// The coding is exact once rounded: a table rounded by ``rounded(_:rowStarts:bits:centred:)``
/// writes, reads back and writes again to the same bytes and the same floats (at 4 bits a
/// row's largest magnitude lands on `±L × s`, which picks `s` again, and a centred row is
/// symmetric; at 3 bits a rounded row is its own candidate of no error). The file's layout
/// does not depend on how the scale was chosen.
package enum PackedRows {
    /// 2^(i/16) for i in 0..<16, as single-precision literals so that every platform scales alike.
    static let mantissas: [Float] = [
        0x1.000000p+0, 0x1.0b5586p+0, 0x1.172b84p+0, 0x1.2387a6p+0, 0x1.306fe0p+0, 0x1.3dea64p+0,
        0x1.4bfdaep+0, 0x1.5ab07ep+0, 0x1.6a09e6p+0, 0x1.7a1148p+0, 0x1.8ace54p+0, 0x1.9c4918p+0,
        0x1.ae89fap+0, 0x1.c199bep+0, 0x1.d5818ep+0, 0x1.ea4afap+0,
    ]

    /// The scale of byte `k`: `2^(k/16 - 12)`.
    static let scales: [Float] = (0..<256).map { k in
        mantissas[k & 15] * Float(sign: .plus, exponent: (k >> 4) - 12, significand: 1)
    }

    /// Bit widths this coding writes.
    static let widths: ClosedRange<Int> = 3...4

    /// The largest level at `bits` a weight.
    static func top(bits: Int) -> Int { (1 << (bits - 1)) - 1 }

    /// The scale byte of a row whose largest magnitude is `top`: the smallest whose `levels`
    /// steps reach it, or the largest scale (whose levels then saturate).
    static func scaleByte(top: Float, levels: Int) -> Int {
        let l = Float(levels)
        var lo = 0, hi = 255
        while lo < hi {
            let mid = (lo + hi) / 2
            if top <= l * scales[mid] { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The row's scale byte and levels in `-L…L`, after centring it if `centred` (at 3 bits
    /// fitted for the least error: ``fitted(_:centred:)``).
    static func quantize(_ row: ArraySlice<Float>, bits: Int, centred: Bool) -> (scale: Int, levels: [Int]) {
        if bits == 3 {
            let (k, levels, _) = fitted(row, centred: centred)
            return (k, levels)
        }
        let l = top(bits: bits)
        var shift: Float = 0
        if centred, let lo = row.min(), let hi = row.max() { shift = (lo + hi) / 2 }
        let magnitude = row.reduce(Float(0)) { max($0, abs($1 - shift)) }
        let k = scaleByte(top: magnitude, levels: l)
        let s = scales[k]
        return (k, row.map { max(-l, min(l, Int((($0 - shift) / s).rounded(.toNearestOrEven)))) })
    }

    /// `values` as they read back once written; rows are `rowStarts[i]..<rowStarts[i + 1]`.
    package static func rounded(_ values: [Float], rowStarts: [Int], bits: Int, centred: Bool) -> [Float] {
        var out = values
        for i in 0..<max(0, rowStarts.count - 1) {
            let range = rowStarts[i]..<rowStarts[i + 1]
            let (k, q) = quantize(values[range], bits: bits, centred: centred)
            for (j, v) in zip(range, q) { out[j] = Float(v) * scales[k] }
        }
        return out
    }

    /// Appends the scale bytes (one a row) and then the levels, `bits` each, packed from the
    /// lowest bit of each byte up (the level plus `L`, so `0…2L`; `2^bits - 1` is never written).
    static func write(_ values: [Float], rowStarts: [Int], bits: Int, centred: Bool, to w: inout BinaryWriter) {
        let l = top(bits: bits)
        var scaleBytes: [UInt8] = []
        scaleBytes.reserveCapacity(rowStarts.count)
        var packed = [UInt8](repeating: 0, count: ((rowStarts.last ?? 0) * bits + 7) / 8)
        var bit = 0
        for i in 0..<max(0, rowStarts.count - 1) {
            let (k, q) = quantize(values[rowStarts[i]..<rowStarts[i + 1]], bits: bits, centred: centred)
            scaleBytes.append(UInt8(k))
            for v in q {
                let code = UInt16(v + l) << UInt16(bit & 7)
                packed[bit >> 3] |= UInt8(truncatingIfNeeded: code)
                if code > 0xFF { packed[(bit >> 3) + 1] |= UInt8(truncatingIfNeeded: code >> 8) }
                bit += bits
            }
        }
        w.write(bytes: scaleBytes)
        w.write(bytes: packed)
    }

    /// Reads what ``write(_:rowStarts:bits:centred:to:)`` wrote for the same rows, refusing a
    /// code no writer produces.
    static func read(rowStarts: [Int], bits: Int, from r: inout BinaryReader) throws -> [Float] {
        let (levels, rowScales) = try readLevels(rowStarts: rowStarts, bits: bits, from: &r)
        return [Float](unsafeUninitializedCapacity: levels.count) { buffer, initialized in
            for (i, s) in rowScales.enumerated() {
                for k in rowStarts[i]..<rowStarts[i + 1] { buffer[k] = Float(levels[k]) * s }
            }
            initialized = levels.count
        }
    }

    /// What ``read(rowStarts:bits:from:)`` reads, as the levels (`-L…L`, a byte each) and each
    /// row's scale: a weight is `Float(level) * scale`.
    static func readLevels(rowStarts: [Int], bits: Int, from r: inout BinaryReader) throws -> (levels: [Int8], scales: [Float]) {
        try readLevels(as: Int8.self, rowStarts: rowStarts, bits: bits, from: &r)
    }

    /// ``readLevels(rowStarts:bits:from:)`` with each level's byte as an element of `Element`
    /// (`UInt8`: the levels as ``WeightRows`` keeps them, unpacked straight into the array
    /// it keeps rather than into one it would copy).
    static func readLevels<Element: FixedWidthInteger>(as _: Element.Type, rowStarts: [Int], bits: Int,
                                                       from r: inout BinaryReader) throws -> (levels: [Element], scales: [Float]) {
        precondition(Element.bitWidth == 8, "a level takes one byte")
        let count = rowStarts.last ?? 0
        let (rowScales, codeBytes) = try readScales(rowStarts: rowStarts, bits: bits, from: &r)
        var invalid = 0
        let levels = r.withBytes(in: codeBytes) { b in
            [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let base = buffer.baseAddress {
                    base.withMemoryRebound(to: Int8.self, capacity: count) { levels in
                        if bits == 4 {
                            invalid = unpackNibbles(b, count: count, into: UnsafeMutableBufferPointer(start: levels, count: count))
                        } else {
                            invalid = unpack3(b, count: count, into: levels)
                        }
                    }
                }
                initialized = count
            }
        }
        guard invalid == 0 else { throw ModelFileError.corrupt("\(r.part) holds a weight no writer produces") }
        return (levels, rowScales)
    }

    /// Where the codes of what ``read(rowStarts:bits:from:)`` reads at 3 bits lie among the
    /// reader's bytes, packed as stored, and each row's scale: nothing is unpacked or copied. A code no
    /// writer produces is refused here, at load.
    static func readPacked3(rowStarts: [Int], from r: inout BinaryReader) throws -> (codes: Range<Int>, scales: [Float]) {
        let count = rowStarts.last ?? 0
        let (rowScales, codeBytes) = try readScales(rowStarts: rowStarts, bits: 3, from: &r)
        guard !r.withBytes(in: codeBytes, { holdsSevens($0, count: count) }) else {
            throw ModelFileError.corrupt("\(r.part) holds a weight no writer produces")
        }
        return (codeBytes, rowScales)
    }

    /// Reads a table's row scales and finds its codes' bytes, checking both lengths.
    private static func readScales(rowStarts: [Int], bits: Int, from r: inout BinaryReader) throws -> (scales: [Float], codes: Range<Int>) {
        guard widths.contains(bits) else { throw ModelFileError.corrupt("\(r.part) holds weights of \(bits) bits") }
        let rows = max(0, rowStarts.count - 1)
        let count = rowStarts.last ?? 0
        let scaleBytes = try r.readByteRange()
        let codeBytes = try r.readByteRange()
        guard scaleBytes.count == rows, codeBytes.count == (count * bits + 7) / 8 else {
            throw ModelFileError.corrupt("\(r.part) holds \(codeBytes.count) bytes of weights in \(scaleBytes.count) rows for \(count) in \(rows)")
        }
        return (r.withBytes(in: scaleBytes) { sb in (0..<rows).map { scales[Int(sb[$0])] } }, codeBytes)
    }

    /// The levels of `count` 4-bit codes, two a byte (low nibble first), into `buffer`; nonzero
    /// when a code is 15, which no writer produces. The general reading's result, a byte at a
    /// time with no branch, so that it vectorizes.
    private static func unpackNibbles(_ b: UnsafeBufferPointer<UInt8>, count: Int, into buffer: UnsafeMutableBufferPointer<Int8>) -> Int {
        let l = Int8(top(bits: 4))
        var fifteens: UInt8 = 0
        let pairs = count / 2
        for j in 0..<pairs {
            let byte = b[j], low = byte & 15, high = byte &>> 4
            fifteens |= ((low &+ 1) | (high &+ 1)) & 16
            buffer[2 &* j] = Int8(bitPattern: low) &- l
            buffer[2 &* j &+ 1] = Int8(bitPattern: high) &- l
        }
        if count % 2 == 1 {
            let low = b[pairs] & 15
            fifteens |= (low &+ 1) & 16
            buffer[count - 1] = Int8(bitPattern: low) &- l
        }
        return Int(fifteens)
    }

    /// Unpacks `count` 3-bit codes from `b` into levels (`code - 3`); non-zero when a code is 7,
    /// which no writer produces. Eight codes fill three bytes exactly; each such group is spread
    /// into eight bytes of one word (``spread3(_:)``), checked and offset bytewise, and stored at
    /// once: no code is handled alone. The last few codes are read one by one.
    private static func unpack3(_ b: UnsafeBufferPointer<UInt8>, count: Int, into levels: UnsafeMutablePointer<Int8>) -> Int {
        let groups = count / 8
        var sevens: UInt64 = 0
        let raw = UnsafeMutableRawPointer(levels)
        for g in 0..<groups {
            let at = g &* 3
            let codes = spread3(UInt64(b[at]) | UInt64(b[at &+ 1]) &<< 8 | UInt64(b[at &+ 2]) &<< 16)
            // A code of 7 is the only one whose byte reaches 8 once 1 is added (no byte carries).
            sevens |= (codes &+ 0x0101_0101_0101_0101) & 0x0808_0808_0808_0808
            raw.storeBytes(of: levels3(codes).littleEndian, toByteOffset: g &* 8, as: UInt64.self)
        }
        var invalid = Int(truncatingIfNeeded: sevens)
        let last = b.count - 1
        for k in (groups * 8)..<count {
            let bit = k &* 3, at = bit &>> 3
            let pair = Int(b[at]) | (at < last ? Int(b[at &+ 1]) &<< 8 : 0)
            let code = (pair &>> (bit & 7)) & 7
            invalid |= (code &+ 1) &>> 3
            levels[k] = Int8(truncatingIfNeeded: code &- 3)
        }
        return invalid
    }
}
