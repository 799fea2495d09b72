import Testing
import Understanding
@testable import SkillNLU

/// The slot tagger's weight table sums rows of many labels as dense half-precision rows
/// (``DenseRows``) into one intent's columns (``AttributeTable/LocalColumns``): the sums must
/// be those of the rows added cell by cell in their order, bit for bit, whichever labels the
/// intent has, and the table must give its rows back as a file stores them.
@Suite struct AttributeTableDenseRowsTests {
    /// Rows of 1 to 60 weights on distinct labels below `labels`: half-precision values
    /// (zeros and negative zeros among them), and some rows with a weight no half holds or a
    /// label twice, which must stay cell rows.
    static func rows(count: Int, labels: Int, g: inout SeededGenerator) -> AttributeTable.Rows {
        var rows = AttributeTable.Rows(keys: [], rowStart: [0], labels: [], weights: [])
        var keys = Set<UInt32>()
        while keys.count < count { keys.insert(UInt32(truncatingIfNeeded: g.next())) }
        rows.keys = keys.sorted()
        for a in 0..<count {
            let length = 1 + g.index(60)
            var chosen = Array((0..<labels).map(Int32.init).shuffled(using: &g).prefix(length))
            if a % 11 == 0, chosen.count > 1 { chosen[1] = chosen[0] }
            for (j, label) in chosen.enumerated() {
                var weight = WeightCoding.float(fromHalf: WeightCoding.halfBits(Float(g.index(2001)) / 256 - 3.9))
                if j == 2 && a % 7 == 0 { weight = 0 }
                if j == 3 && a % 7 == 0 { weight = -0.0 }
                if j == 0 && a % 13 == 0 { weight = 0.1 }
                rows.labels.append(label)
                rows.weights.append(weight)
            }
            rows.rowStart.append(Int32(rows.labels.count))
        }
        return rows
    }

    @Test func denseRowsSumAsTheirCellsDoAndGiveTheRowsBack() {
        var g = SeededGenerator(seed: 11)
        for trial in 0..<20 {
            let labels = 20 + g.index(200)
            let stored = Self.rows(count: 50 + g.index(200), labels: labels, g: &g)
            let table = AttributeTable(keys: stored.keys, rowStart: stored.rowStart, labels: stored.labels, weights: stored.weights)
            #expect(!table.dense.cellStart.isEmpty, "some rows dense, trial \(trial)")
            let again = table.rows()
            let order = AttributeTable.fillOrder(keys: stored.keys)
            #expect(again.keys == order.map { stored.keys[$0] }, "keys, trial \(trial)")
            #expect(again.rowStart.count == stored.rowStart.count && again.labels.count == stored.labels.count)

            // Tokens of a few dozen attributes each: listed keys, some twice, and unknown ones.
            let T = 1 + g.index(8)
            var hashes: [UInt64] = [], offsets: [Int32] = [0]
            for _ in 0..<T {
                for _ in 0..<(1 + g.index(30)) {
                    let key = g.index(5) == 0 ? UInt32(truncatingIfNeeded: g.next()) : stored.keys[g.index(stored.keys.count)]
                    hashes.append(UInt64(key) << 32 | UInt64(g.index(1 << 20)))
                }
                offsets.append(Int32(hashes.count))
            }
            var values = [UInt64](repeating: 0, count: hashes.count)
            hashes.withUnsafeBufferPointer { h in values.withUnsafeMutableBufferPointer { table.probe(h, into: $0) } }
            // An intent's labels: a shuffled few of the tagger's, and now and then one past them.
            var intentLabels = Array((0..<Int32(labels)).shuffled(using: &g).prefix(1 + g.index(labels)))
            if trial % 3 == 0 { intentLabels.append(Int32(labels + g.index(3))) }
            let columns = table.localColumns(for: intentLabels)
            let K = intentLabels.count, width = columns.width
            #expect(width == K + 1)
            var local = [Float](repeating: 0, count: T * width)
            values.withUnsafeBufferPointer { v in
                local.withUnsafeMutableBufferPointer { table.addWeights(v, offsets: offsets, columns: columns, into: $0) }
            }
            let sums = (0..<T).flatMap { t in (0..<K).map { local[t * width + $0] } }

            var rowOf: [UInt32: Int] = [:]
            for (a, key) in stored.keys.enumerated() { rowOf[key] = a }
            var all = [Float](repeating: 0, count: T * (labels + 3))
            for t in 0..<T {
                for j in Int(offsets[t])..<Int(offsets[t + 1]) {
                    guard let a = rowOf[UInt32(truncatingIfNeeded: hashes[j] >> 32)] else { continue }
                    for r in Int(stored.rowStart[a])..<Int(stored.rowStart[a + 1]) {
                        all[t * (labels + 3) + Int(stored.labels[r])] += stored.weights[r]
                    }
                }
            }
            let expected = (0..<T).flatMap { t in intentLabels.map { all[t * (labels + 3) + Int($0)] } }
            #expect(sums.map(\.bitPattern) == expected.map(\.bitPattern), "sums, trial \(trial)")
        }
    }
}
