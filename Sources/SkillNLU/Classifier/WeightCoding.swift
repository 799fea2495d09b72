/// Rounding and coding of the large weight tables at the precision a model was trained for.
///
/// Half precision is converted by hand (round to nearest, ties to even) rather than through
/// `Float16`, which Swift lacks on Intel Macs; the conversion is exact for every value that
/// ``rounded(_:precision:)`` returns, so writing a model, reading it and writing it again
/// gives the same bytes.
package enum WeightCoding {
    /// `values` as they will read back from a file written at `precision`; a table of rows
    /// `width` weights long (``RowQuantization`` and ``PackedRows`` scale each row by itself).
    /// `centred`: each row only matters up to a constant added to all its weights (the sparse
    /// linear table), which the coding of fewer than 8 bits uses (``PackedRows``).
    package static func rounded(_ values: [Float], precision: IntentClassifierOptions.Precision, width: Int,
                                centred: Bool = false) -> [Float] {
        let rows = RowQuantization.rowStarts(count: values.count, width: width)
        switch precision {
        case .float32: return values
        case .float16: return values.map { float(fromHalf: halfBits($0)) }
        case .int8: return RowQuantization.rounded(values, rowStarts: rows)
        case .int4, .int3: return PackedRows.rounded(values, rowStarts: rows, bits: precision.bits, centred: centred)
        case .compact:
            return centred ? BulkRows.rounded(values, width: width) : PackedRows.rounded(values, rowStarts: rows, bits: 3, centred: false)
        }
    }

    static func write(_ values: [Float], precision: IntentClassifierOptions.Precision, width: Int, centred: Bool = false,
                      to writer: inout BinaryWriter) {
        switch precision {
        case .compact where centred:
            writer.write(values.count)
            BulkRows.write(values, width: width, to: &writer)
        case .int4, .int3, .compact:
            writer.write(values.count)
            PackedRows.write(values, rowStarts: RowQuantization.rowStarts(count: values.count, width: width),
                             bits: precision.bits, centred: centred, to: &writer)
        case .int8:
            writer.write(values.count)
            RowQuantization.write(values, rowStarts: RowQuantization.rowStarts(count: values.count, width: width), to: &writer)
        case .float32:
            writer.write(values)
        case .float16:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(values.count * 2)
            for v in values {
                let h = halfBits(v)
                bytes.append(UInt8(truncatingIfNeeded: h))
                bytes.append(UInt8(truncatingIfNeeded: h >> 8))
            }
            writer.write(values.count)
            writer.write(bytes: bytes)
        }
    }

    /// Reads a table written by ``write(_:precision:width:to:)``; its length is checked by the
    /// caller (and, at `int8`, `int4` and `int3`, must be a whole number of rows).
    static func read(precision: IntentClassifierOptions.Precision, width: Int, centred: Bool = false,
                     from reader: inout BinaryReader) throws -> [Float] {
        switch precision {
        case .compact where centred:
            return try readRows(precision: precision, width: width, centred: true, from: &reader).array
        case .int8, .int4, .int3, .compact:
            let rows = try quantizedRowStarts(precision: precision, width: width, from: &reader)
            if precision == .int8 { return try RowQuantization.read(rowStarts: rows, from: &reader) }
            return try PackedRows.read(rowStarts: rows, bits: precision.bits, from: &reader)
        case .float32:
            return try reader.readFloats()
        case .float16:
            let count = try reader.readCount(minimumBytesEach: 2)
            let range = try reader.readByteRange()
            guard range.count == count * 2 else {
                throw ModelFileError.corrupt("\(reader.part) holds \(range.count) bytes for \(count) half-precision weights")
            }
            return reader.withBytes(in: range) { b in
                [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for i in 0..<count {
                        buffer[i] = float(fromHalf: UInt16(b[2 * i]) | UInt16(b[2 * i + 1]) << 8)
                    }
                    initialized = count
                }
            }
        }
    }

    /// Reads a table written by ``write(_:precision:width:to:)`` with row scales and no float
    /// table built: at 8 bits a weight as the stored levels, at 3 as the packed codes (a row is
    /// unpacked where scoring reads it: three eighths of the memory and no unpacking at load,
    /// for some time each row scored), at 4 widened to a level a byte (4-bit tables are small
    /// ones, quick to unpack at load, and scoring stays as fast as int8's); otherwise as floats.
    /// A table that is much of the file is kept in the file's bytes.
    /// Its length is checked by the caller; a quantized one is a whole number of rows.
    static func readRows(precision: IntentClassifierOptions.Precision, width: Int, centred: Bool = false,
                         from reader: inout BinaryReader) throws -> WeightRows {
        switch precision {
        case .compact where centred:
            // Fewer than three bits a weight: the count is checked against two bits a weight.
            let count = try reader.readInt()
            guard count >= 0, count / 8 <= reader.remaining / 2 else { throw ModelFileError.truncated(part: reader.part) }
            guard width > 0, count % width == 0 else {
                throw ModelFileError.corrupt("\(reader.part) holds \(count) weights, no whole number of rows of \(width)")
            }
            return WeightRows(bulk: try BulkRows.read(rows: count / width, width: width, from: &reader), of: reader, width: width)
        case .int8, .int4, .int3, .compact:
            let rows = try quantizedRowStarts(precision: precision, width: width, from: &reader)
            switch precision {
            case .int4:
                let (levels, scales) = try PackedRows.readLevels(as: UInt8.self, rowStarts: rows, bits: 4, from: &reader)
                return WeightRows(stored: levels, start: 0, bits: 8, scales: scales, width: width)
            case .int3, .compact:
                let (range, scales) = try PackedRows.readPacked3(rowStarts: rows, from: &reader)
                return WeightRows(bytes: range, of: reader, bits: 3, scales: scales, width: width)
            default:
                let (range, scales) = try RowQuantization.readLevelRange(rowStarts: rows, from: &reader)
                return WeightRows(bytes: range, of: reader, bits: 8, scales: scales, width: width)
            }
        case .float32, .float16:
            return WeightRows(floats: try read(precision: precision, width: width, from: &reader), width: width)
        }
    }

    /// Reads the count of a table of fewer than 16 bits a weight, checked against the bytes
    /// left and the row width, and returns its rows' starts.
    private static func quantizedRowStarts(precision: IntentClassifierOptions.Precision, width: Int,
                                           from reader: inout BinaryReader) throws -> [Int] {
        // A packed weight takes less than a byte: the count is checked against the bits left.
        let count = try reader.readInt()
        guard count >= 0, count / 8 <= reader.remaining / precision.bits else { throw ModelFileError.truncated(part: reader.part) }
        guard width > 0, count % width == 0 else {
            throw ModelFileError.corrupt("\(reader.part) holds \(count) weights, no whole number of rows of \(width)")
        }
        return RowQuantization.rowStarts(count: count, width: width)
    }

    /// IEEE 754 binary16 bits of `value`, rounded to nearest even; values beyond the largest
    /// finite half saturate to it (weights never get there; a saturated weight is better than
    /// an infinite one).
    static func halfBits(_ value: Float) -> UInt16 {
        let bits = value.bitPattern
        let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
        let exponent = Int((bits >> 23) & 0xFF)
        var mantissa = bits & 0x7F_FFFF
        if exponent == 0xFF { return sign | 0x7C00 | (mantissa != 0 ? 0x200 : 0) }
        let e = exponent - 127 + 15
        if e >= 31 { return sign | 0x7BFF }
        if e <= 0 {
            if e < -10 { return sign }
            mantissa |= 0x80_0000
            let shift = UInt32(14 - e)
            var half = mantissa >> shift
            let rest = mantissa & ((1 << shift) - 1)
            let halfway = UInt32(1) << (shift - 1)
            if rest > halfway || (rest == halfway && half & 1 == 1) { half += 1 }
            return sign | UInt16(half)
        }
        var half = UInt32(e) << 10 | (mantissa >> 13)
        let rest = mantissa & 0x1FFF
        if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) { half += 1 }
        return sign | UInt16(min(half, 0x7BFF))
    }

    static func float(fromHalf h: UInt16) -> Float {
        let sign = UInt32(h & 0x8000) << 16
        let exponent = UInt32((h >> 10) & 0x1F)
        let mantissa = UInt32(h & 0x3FF)
        if exponent == 0 {
            let magnitude = Float(mantissa) * 0x1p-24
            return sign != 0 ? -magnitude : magnitude
        }
        if exponent == 31 { return Float(bitPattern: sign | 0x7F80_0000 | mantissa << 13) }
        return Float(bitPattern: sign | (exponent + 112) << 23 | mantissa << 13)
    }
}
