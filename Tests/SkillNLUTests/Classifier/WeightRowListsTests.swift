import CInt8Products
import Testing
@testable import SkillNLU

/// A list of rows added in one call (``WeightRows/add(rows:count:to:)``, one C kernel call a
/// list for quantized tables) adds the very floats that adding each row in turn adds, for
/// every form a table is kept in and widths around the kernels' vector steps.
@Suite struct WeightRowListsTests {
    static let widths = [1, 3, 7, 8, 9, 16, 17, 31, 33, 96, 151]

    static func randomFloats(_ n: Int, _ random: inout SeededGenerator) -> [Float] {
        (0..<n).map { _ in (Float(random.next() >> 40) / Float(1 << 24) - 0.5) * 3 }
    }

    /// A table of `rows` rows of `width` in each form: floats, a byte a level, 3-bit packed
    /// codes, and 2-bit codes around each row's base (with exceptions).
    static func tables(rows: Int, width: Int, _ random: inout SeededGenerator) throws -> [(String, WeightRows)] {
        let n = rows * width
        let scales = (0..<rows).map { _ in PackedRows.scales[Int(random.next() % 256)] }
        let levels = (0..<n).map { _ in Int8(truncatingIfNeeded: Int(random.next() % 255) - 127) }
        let packed = (0..<(WeightRows.storedSize(count: n, bits: 3) + PackedRows.padding)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var writer = BinaryWriter()
        // Crowded around a level per row, with a few far weights: exceptions in most rows.
        let crowded = (0..<n).map { i in Float(i / width % 5) * 0.1 + (random.next() % 9 == 0 ? 0.9 : 0) + Float(random.next() % 3) * 0.01 }
        BulkRows.write(crowded, width: width, to: &writer)
        var reader = BinaryReader(writer.bytes)
        let bulk = try BulkRows.read(rows: rows, width: width, from: &reader)
        return [
            ("floats", WeightRows(floats: randomFloats(n, &random), width: width)),
            ("levels", WeightRows(levels: levels, scales: scales, width: width)),
            ("3-bit codes", WeightRows(stored: packed, start: 0, bits: 3, scales: scales, width: width)),
            ("2-bit codes", WeightRows(bulk: bulk, of: reader, width: width)),
        ]
    }

    @Test(arguments: widths)
    func aListAddsAsItsRowsInTurn(_ width: Int) throws {
        var random = SeededGenerator(seed: UInt64(width) &* 104_729)
        let rows = 23
        for (form, table) in try Self.tables(rows: rows, width: width, &random) {
            #expect(table.bits == ["floats": 32, "levels": 8, "3-bit codes": 3, "2-bit codes": 2][form])
            // Rows repeated and out of order, as an utterance's features list them; and none.
            for length in [0, 1, 5, 40] {
                let list = (0..<length).map { _ in Int32(random.next() % UInt64(rows)) }
                let start = Self.randomFloats(width, &random)
                var one = start, each = start
                list.withUnsafeBufferPointer { l in
                    one.withUnsafeMutableBufferPointer { table.add(rows: l.baseAddress!, count: length, to: $0.baseAddress!) }
                }
                each.withUnsafeMutableBufferPointer { t in for r in list { table.add(row: Int(r), to: t.baseAddress!) } }
                #expect(one.map(\.bitPattern) == each.map(\.bitPattern), "\(form), width \(width), \(length) rows")
            }
        }
    }

    /// The vector and portable loops of the level kernel add the same floats as a plain loop.
    @Test(arguments: widths)
    func levelKernelAddsThePlainLoopsFloats(_ width: Int) {
        var random = SeededGenerator(seed: UInt64(width) &* 7_919)
        let rows = 9
        let levels = (0..<(rows * width)).map { _ in Int8(truncatingIfNeeded: Int(random.next() % 255) - 127) }
        let scales = (0..<rows).map { _ in PackedRows.scales[Int(random.next() % 256)] }
        let list: [Int32] = [3, 0, 8, 3, 5, 1]
        let start = Self.randomFloats(width, &random)
        var plain = start
        for r in list {
            for k in 0..<width { plain[k] += Float(levels[Int(r) * width + k]) * scales[Int(r)] }
        }
        var vector = start, portable = start
        // A plain table: rows `width` apart, the scales in an array of their own.
        levels.withUnsafeBufferPointer { l in
            scales.withUnsafeBytes { s in
                let scaleBytes = s.baseAddress!.assumingMemoryBound(to: UInt8.self), step = MemoryLayout<Float>.stride
                snlu_int8_add_strided_rows(l.baseAddress!, width, width, l.count, scaleBytes, step, list, list.count, &vector)
                snlu_int8_add_strided_rows_portable(l.baseAddress!, width, width, scaleBytes, step, list, list.count, &portable)
            }
        }
        #expect(vector.map(\.bitPattern) == plain.map(\.bitPattern))
        #expect(portable.map(\.bitPattern) == plain.map(\.bitPattern))
    }
}
