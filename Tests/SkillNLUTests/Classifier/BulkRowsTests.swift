import Testing
@testable import SkillNLU

/// Linear tables as 2-bit codes around each row's base with their exceptions: the levels of
/// 4-bit centred rows come back exactly, a row decodes to the floats a plain table holds, and
/// parts no writer produces are refused.
@Suite struct BulkRowsTests {
    /// Random rows of `width`: most weights near a row's own bulk, a few far above or below it
    /// (the shape of a sparse linear row), some rows all zero and some all spread out.
    static func randomRows(rows: Int, width: Int, seed: UInt64) -> [Float] {
        var random = SeededGenerator(seed: seed)
        func uniform() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
        var values: [Float] = []
        for r in 0..<rows {
            let bulk = (uniform() - 0.5) * 0.2, scale = 0.01 + uniform() * Float(r % 5)
            for _ in 0..<width {
                switch r % 7 {
                case 0: values.append(0)
                case 1: values.append((uniform() - 0.5) * scale * 10)
                default:
                    let u = uniform()
                    values.append(u < 0.08 ? bulk + (uniform() - 0.3) * scale * 8 : bulk + (uniform() - 0.5) * scale)
                }
            }
        }
        return values
    }

    static func written(_ values: [Float], width: Int) -> [UInt8] {
        var w = BinaryWriter()
        BulkRows.write(values, width: width, to: &w)
        return w.bytes
    }

    @Test(arguments: [1, 3, 4, 5, 9, 155])
    func randomRowsComeBackWithTheirExactLevels(_ width: Int) throws {
        let values = Self.randomRows(rows: 40, width: width, seed: UInt64(width))
        let rounded = BulkRows.rounded(values, width: width)
        #expect(BulkRows.rounded(rounded, width: width) == rounded, "rounding twice changes nothing")
        let bytes = Self.written(values, width: width)
        var r = BinaryReader(bytes)
        let table = try BulkRows.read(rows: 40, width: width, from: &r)
        #expect(r.remaining == 0)
        let rows = WeightRows(bulk: table, of: r, width: width)
        #expect(rows.bits == 2 && rows.count == values.count)
        // The levels decoded are the ones the 4-bit coding gives each row, exceptions included.
        let rowBytes = BulkRows.stride(width: width)
        var exceptions = 0
        for row in 0..<40 {
            let (k, levels) = PackedRows.quantize(values[(row * width)..<((row + 1) * width)], bits: 4, centred: true)
            #expect(rows.scales[row] == PackedRows.scales[k])
            let base = BulkRows.base(of: levels)
            exceptions += levels.filter { abs($0 - base) > 1 }.count
            var decoded = [Int8](repeating: 0, count: rowBytes * 4)
            rows.bytes.withUnsafeBufferPointer { c in
                rows.exceptions.withUnsafeBufferPointer { e in
                    BulkRows.decode(codes: c.baseAddress! + rows.start + row * rowBytes, rowBytes: rowBytes, base: rows.bases[row],
                                    exceptions: e.baseAddress!, first: Int(rows.exceptionStarts[row]), into: &decoded)
                }
            }
            #expect(decoded[0..<width].map(Int.init) == levels, "row \(row) of \(width)")
        }
        #expect(Int(table.exceptionStarts.last!) == exceptions)
        #expect(rows.array.map(\.bitPattern) == rounded.map(\.bitPattern))
        #expect(Self.written(rows.array, width: width) == bytes, "written, read and written again: the same bytes")
        // Lengths, scales, bases, codes, the exception count and the exceptions two a byte.
        #expect(bytes.count == 8 + 40 + 8 + 40 + 8 + 40 * rowBytes + 8 + 8 + (exceptions + 1) / 2)
    }

    /// Adding a row sums `Float(level) * scale` into the target in order, as a plain float
    /// table of the same weights does.
    @Test func rowsAddAsAPlainTableOfTheirWeights() throws {
        let width = 155
        let values = Self.randomRows(rows: 30, width: width, seed: 11)
        var r = BinaryReader(Self.written(values, width: width))
        let rows = WeightRows(bulk: try BulkRows.read(rows: 30, width: width, from: &r), of: r, width: width)
        let plain = WeightRows(floats: BulkRows.rounded(values, width: width), width: width)
        #expect(rows == plain)
        var a = (0..<width).map { Float($0) * 0.013 - 1 }, b = a
        for row in [3, 0, 29, 17, 3] {
            a.withUnsafeMutableBufferPointer { rows.add(row: row, to: $0.baseAddress!) }
            b.withUnsafeMutableBufferPointer { plain.add(row: row, to: $0.baseAddress!) }
        }
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }

    /// A changed count, base, code, unused code or exception that no writer produces is refused
    /// with ``ModelFileError``.
    @Test func partsNoWriterProducesAreRefused() throws {
        let width = 5, rows = 12
        let bytes = Self.written(Self.randomRows(rows: rows, width: width, seed: 5), width: width)
        let rowBytes = BulkRows.stride(width: width)
        // Offsets: scales' length and bytes, bases' length and bytes, codes' length and bytes.
        let bases = 8 + rows + 8, codes = bases + rows + 8, count = codes + rows * rowBytes
        func read(_ change: (inout [UInt8]) -> Void) -> Error? {
            var b = bytes
            change(&b)
            var r = BinaryReader(b)
            do { _ = try BulkRows.read(rows: rows, width: width, from: &r); return nil } catch { return error }
        }
        #expect(read { _ in } == nil)
        #expect(read { $0[bases] = 15 } is ModelFileError, "a base beyond 7")
        #expect(read { $0[codes + rowBytes - 1] |= 0x0C } is ModelFileError, "an unused code set")
        #expect(read { $0[count] &+= 1 } is ModelFileError, "one exception more than the bytes hold")
        // An escape code more or fewer than the exceptions listed.
        let first = (codes..<count).first { bytes[$0] & 0x03 != 0x03 }!
        #expect(read { $0[first] |= 0x03 } is ModelFileError, "a code turned into an escape")
        let escaping = (codes..<count).first { bytes[$0] & 0x03 == 0x03 }!
        #expect(read { $0[escaping] &= 0xFC } is ModelFileError, "an escape turned into a code")
        #expect(read { $0[bytes.count - 1] |= 0x0F } is ModelFileError, "an exception of 15")
        #expect(read { $0.removeLast() } is ModelFileError, "cut short")
    }
}
