import CInt8Products

/// Weight tables whose rows crowd around one level, stored in about two bits a weight: each row
/// is rounded as ``PackedRows`` rounds a centred row at 4 bits (levels `-7…7`, one scale byte),
/// then each level is written as a 2-bit code relative to the row's *base* level `b` — codes
/// 0, 1 and 2 for `b - 1`, `b` and `b + 1`, code 3 for an exception, whose level follows, four
/// bits of its own, in a list after all the codes.
///
/// A sparse linear row votes for a few intents and against a few; the rest of its weights,
/// after centring, lie within a level or two of each other. On a 151-intent benchmark nineteen
/// weights in twenty lie within a level of their row's base, so a table costs about 2.3 bits a
/// weight with the precision of 4 (the bits ``PackedRows`` spends at 3 a weight go mostly to
/// two levels).
///
/// The levels are those of ``PackedRows`` at 4 bits, so the coding is exact in the same way: a
/// table rounded by ``PackedRows/rounded(_:rowStarts:bits:centred:)`` at 4 bits, centred,
/// writes, reads back and writes again to the same bytes and the same floats. The base is a
/// function of the levels alone (``base(of:)``).
///
/// Layout, after the weight count: the rows' scale bytes, their base bytes (`b + 7`), the codes
/// (``stride(width:)`` bytes a row, four codes a byte from the lowest bits up, unused codes of a
/// row's last byte zero), the number of exceptions and their levels plus 7, two a byte (low
/// nibble first).
package enum BulkRows {
    /// The largest level (`-7…7`), that of ``PackedRows`` at 4 bits.
    static let top = 7

    /// The code of a weight whose level is in the exception list.
    static let escape: UInt8 = 3

    /// Bytes of codes a row of `width` takes: four codes a byte, each row starting on a byte.
    static func stride(width: Int) -> Int { (width * 2 + 7) / 8 }

    /// The base of a row's levels: the level `b` with the most levels in `b - 1 … b + 1` (the
    /// smallest such `b`), which leaves the fewest exceptions.
    static func base(of levels: [Int]) -> Int {
        var counts = [Int](repeating: 0, count: 2 * top + 3)
        for v in levels { counts[v + top + 1] += 1 }
        var best = 0, bestCount = -1
        for b in -top...top {
            let n = counts[b + top] + counts[b + top + 1] + counts[b + top + 2]
            if n > bestCount { (best, bestCount) = (b, n) }
        }
        return best
    }

    /// `values` as they read back once written: ``PackedRows``' 4-bit centred rounding.
    static func rounded(_ values: [Float], width: Int) -> [Float] {
        PackedRows.rounded(values, rowStarts: RowQuantization.rowStarts(count: values.count, width: width), bits: 4, centred: true)
    }

    /// Appends the table's rows of `width` (the count is the caller's) in this coding.
    static func write(_ values: [Float], width: Int, to w: inout BinaryWriter) {
        let rows = width > 0 ? values.count / width : 0
        let rowBytes = stride(width: width)
        var scaleBytes: [UInt8] = [], baseBytes: [UInt8] = [], exceptions: [UInt8] = []
        scaleBytes.reserveCapacity(rows)
        baseBytes.reserveCapacity(rows)
        var codes = [UInt8](repeating: 0, count: rows * rowBytes)
        for r in 0..<rows {
            let (k, levels) = PackedRows.quantize(values[(r * width)..<((r + 1) * width)], bits: 4, centred: true)
            let b = base(of: levels)
            scaleBytes.append(UInt8(k))
            baseBytes.append(UInt8(b + top))
            for (j, v) in levels.enumerated() {
                let code: UInt8
                if abs(v - b) <= 1 {
                    code = UInt8(v - b + 1)
                } else {
                    code = escape
                    exceptions.append(UInt8(v + top))
                }
                codes[r * rowBytes + j / 4] |= code << UInt8(2 * (j % 4))
            }
        }
        w.write(bytes: scaleBytes)
        w.write(bytes: baseBytes)
        w.write(bytes: codes)
        w.write(exceptions.count)
        w.write(bytes: Swift.stride(from: 0, to: exceptions.count, by: 2).map { i in
            exceptions[i] | (i + 1 < exceptions.count ? exceptions[i + 1] << 4 : 0)
        })
    }

    /// What ``read(rows:width:from:)`` finds: where the codes lie among the reader's bytes, and
    /// what a row needs besides them.
    struct Table {
        /// The codes, ``stride(width:)`` bytes a row, among the reader's bytes.
        var codes: Range<Int>
        /// Each row's scale.
        var scales: [Float]
        /// Each row's base level.
        var bases: [Int8]
        /// The exceptions' levels plus 7, two a byte, in row order, followed by ``PackedRows/padding`` zero bytes.
        var exceptions: [UInt8]
        /// The index of each row's first exception, and the number of exceptions last.
        var exceptionStarts: [Int32]
    }

    /// Reads what ``write(_:width:to:)`` wrote for `rows` rows of `width`, refusing a base or an
    /// exception no writer produces, a nonzero unused code, or exceptions that do not match the
    /// codes that announce them.
    static func read(rows: Int, width: Int, from r: inout BinaryReader) throws -> Table {
        let rowBytes = stride(width: width)
        let scaleBytes = try r.readByteRange()
        let baseBytes = try r.readByteRange()
        let codes = try r.readByteRange()
        let exceptionCount = try r.readInt()
        let exceptionBytes = try r.readByteRange()
        guard scaleBytes.count == rows, baseBytes.count == rows, codes.count == rows * rowBytes,
              exceptionCount >= 0, exceptionBytes.count == (exceptionCount + 1) / 2 else {
            throw ModelFileError.corrupt("\(r.part) holds a table of 2-bit codes whose parts do not fit \(rows) rows of \(width)")
        }
        let scales = r.withBytes(in: scaleBytes) { sb in (0..<rows).map { PackedRows.scales[Int(sb[$0])] } }
        var bad = false
        let bases = r.withBytes(in: baseBytes) { bb in
            (0..<rows).map { i in
                if bb[i] > 2 * top { bad = true }
                return Int8(bb[i]) - Int8(top)
            }
        }
        let starts = r.withBytes(in: codes) { c in Self.exceptionStarts(c, rows: rows, width: width, unusedSet: &bad) }
        let exceptions = r.withBytes(in: exceptionBytes) { e in
            var fifteens: UInt8 = 0
            for byte in e { fifteens |= (((byte & 15) &+ 1) | ((byte &>> 4) &+ 1)) & 16 }
            if exceptionCount % 2 == 1, let last = e.last, last &>> 4 != 0 { bad = true }
            if fifteens != 0 { bad = true }
            return Array(e) + [UInt8](repeating: 0, count: PackedRows.padding)
        }
        guard !bad, Int(starts.last ?? 0) == exceptionCount else {
            throw ModelFileError.corrupt("\(r.part) holds a 2-bit code, base or exception no writer produces")
        }
        return Table(codes: codes, scales: scales, bases: bases, exceptions: exceptions, exceptionStarts: starts)
    }

    /// The index of each row's first exception (the escape codes before it), and their total
    /// last; sets `unusedSet` when a row's unused codes are not zero. Counted in C
    /// (`snlu_bulk2_escape_starts`), with the processor's population count where it has one:
    /// every large classifier runs this over all its rows at each load.
    private static func exceptionStarts(_ c: UnsafeBufferPointer<UInt8>, rows: Int, width: Int, unusedSet: inout Bool) -> [Int32] {
        let rowBytes = stride(width: width)
        var unused: UInt8 = 0
        var total = 0
        let starts = [Int32](unsafeUninitializedCapacity: rows + 1) { starts, initialized in
            if let base = c.baseAddress, rows > 0 {
                total = snlu_bulk2_escape_starts(base, rows, rowBytes, Int32((width % 4) * 2), starts.baseAddress!, &unused)
            } else {
                starts.initialize(repeating: 0)
            }
            initialized = rows + 1
        }
        if unused != 0 || total > Int(Int32.max) { unusedSet = true }
        return starts
    }
}
