import CInt8Products
import Testing
@testable import SkillNLU

/// A classifier's records (``FeatureRecords``) add the very floats its two tables add, row
/// list by row list, on the vector kernel and on the portable loop, for widths around the
/// kernel's steps and for a linear table with fewer rows than the embedding.
@Suite struct FeatureRecordsTests {
    static let widths = [(1, 1), (7, 3), (8, 8), (16, 7), (17, 11), (33, 9), (96, 151)]

    static func levelTable(rows: Int, width: Int, _ random: inout SeededGenerator) -> WeightRows {
        let levels = (0..<(rows * width)).map { _ in Int8(truncatingIfNeeded: Int(random.next() % 255) - 127) }
        let scales = (0..<rows).map { _ in PackedRows.scales[Int(random.next() % 256)] }
        return WeightRows(levels: levels, scales: scales, width: width)
    }

    @Test(arguments: widths)
    func recordsAddAsTheTables(_ widths: (Int, Int)) throws {
        let (e, l) = widths
        var random = SeededGenerator(seed: UInt64(e * 1_000 + l))
        let rows = 29, linearRows = 17
        let embedding = Self.levelTable(rows: rows, width: e, &random)
        let linear = Self.levelTable(rows: linearRows, width: l, &random)
        let records = try #require(FeatureRecords(embedding: embedding, linear: linear))
        #expect(records.stride == 8 + e + l)
        for length in [0, 1, 6, 50] {
            // Rows repeated and out of order, as an utterance's features list them; the last
            // rows (whose records end the table) among them.
            let list = (0..<length).map { i in i == 0 ? Int32(rows - 1) : Int32(random.next() % UInt64(rows)) }
            let linearList = list.filter { $0 < linearRows }
            let start = WeightRowListsTests.randomFloats(max(e, l), &random)
            var tableE = start, recordE = start, tableL = start, recordL = start
            list.withUnsafeBufferPointer { list in
                tableE.withUnsafeMutableBufferPointer { embedding.add(rows: list.baseAddress!, count: length, to: $0.baseAddress!) }
                recordE.withUnsafeMutableBufferPointer { records.addEmbedding(rows: list.baseAddress!, count: length, to: $0.baseAddress!) }
            }
            linearList.withUnsafeBufferPointer { list in
                tableL.withUnsafeMutableBufferPointer { linear.add(rows: list.baseAddress!, count: list.count, to: $0.baseAddress!) }
                recordL.withUnsafeMutableBufferPointer { records.addLinear(rows: list.baseAddress!, count: list.count, to: $0.baseAddress!) }
            }
            #expect(recordE.map(\.bitPattern) == tableE.map(\.bitPattern), "embedding, widths \(e) and \(l), \(length) rows")
            #expect(recordL.map(\.bitPattern) == tableL.map(\.bitPattern), "linear, widths \(e) and \(l), \(length) rows")
        }
    }

    /// The tables read back from the records (what a classifier keeps) hold the same weights
    /// and add the same floats as the tables they were made from.
    @Test(arguments: widths)
    func tablesInTheRecordsAreTheTables(_ widths: (Int, Int)) throws {
        let (e, l) = widths
        var random = SeededGenerator(seed: UInt64(e * 31 + l))
        let embedding = Self.levelTable(rows: 13, width: e, &random)
        let linear = Self.levelTable(rows: 9, width: l, &random)
        let records = try #require(FeatureRecords(embedding: embedding, linear: linear))
        let viewE = records.embeddingRows(scales: embedding.scales), viewL = records.linearRows(scales: linear.scales)
        #expect(viewE == embedding && viewL == linear)
        #expect(viewE.array.map(\.bitPattern) == embedding.array.map(\.bitPattern))
        let list: [Int32] = [8, 0, 3, 8, 5]
        var fromView = WeightRowListsTests.randomFloats(e, &random), fromTable = fromView
        list.withUnsafeBufferPointer { list in
            fromView.withUnsafeMutableBufferPointer { viewE.add(rows: list.baseAddress!, count: list.count, to: $0.baseAddress!) }
            fromTable.withUnsafeMutableBufferPointer { embedding.add(rows: list.baseAddress!, count: list.count, to: $0.baseAddress!) }
        }
        #expect(fromView.map(\.bitPattern) == fromTable.map(\.bitPattern))
    }

    /// The portable loop adds what the vector kernel adds.
    @Test func portableLoopAddsTheKernelsFloats() throws {
        var random = SeededGenerator(seed: 31)
        let embedding = Self.levelTable(rows: 12, width: 17, &random)
        let linear = Self.levelTable(rows: 12, width: 11, &random)
        let records = try #require(FeatureRecords(embedding: embedding, linear: linear))
        let list: [Int32] = [11, 0, 4, 4, 7]
        let start = WeightRowListsTests.randomFloats(17, &random)
        var vector = start, portable = start
        records.withRecords { base in
            let readable = 12 * records.stride + FeatureRecords.padding
            let levels = UnsafeRawPointer(base + 8).assumingMemoryBound(to: Int8.self)
            snlu_int8_add_strided_rows(levels, 17, records.stride, readable - 8, base, records.stride, list, list.count, &vector)
            snlu_int8_add_strided_rows_portable(levels, 17, records.stride, base, records.stride, list, list.count, &portable)
        }
        #expect(vector.map(\.bitPattern) == portable.map(\.bitPattern))
    }

    /// Tables kept in other forms have no records: the classifier reads the tables.
    @Test func onlyLevelTablesHaveRecords() {
        var random = SeededGenerator(seed: 5)
        let levels = Self.levelTable(rows: 4, width: 3, &random)
        let floats = WeightRows(floats: [Float](repeating: 1, count: 12), width: 3)
        #expect(FeatureRecords(embedding: floats, linear: levels) == nil)
        #expect(FeatureRecords(embedding: levels, linear: floats) == nil)
        // A linear table with more rows than the embedding is not a classifier's.
        #expect(FeatureRecords(embedding: Self.levelTable(rows: 2, width: 3, &random), linear: levels) == nil)
    }
}
