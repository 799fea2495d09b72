import CInt8Products
import Testing
@testable import SkillNLU

/// The tagger's column copy (`snlu_gather_columns`) against the plain loop: rows of any width,
/// column lists of any length (not only whole steps of eight), columns past the limit leaving
/// their cells as they were.
@Suite struct GatherColumnsTests {
    @Test func gatherGivesThePlainLoopsCells() {
        var g = SeededGenerator(seed: 13)
        for _ in 0..<300 {
            let width = 1 + g.index(200), rows = 1 + g.index(12), count = 1 + g.index(150)
            let limit = Int32(1 + g.index(width))
            let columns = (0..<count).map { _ in Int32(g.index(width)) }
            let source = (0..<(rows * width)).map { _ in Float(g.index(100_001)) / 97 - 500 }
            let before = (0..<(rows * count)).map { _ in Float(g.index(1_001)) / 13 }
            var expected = before
            for r in 0..<rows {
                for k in 0..<count where columns[k] < limit {
                    expected[r * count + k] = source[r * width + Int(columns[k])]
                }
            }
            var target = before
            source.withUnsafeBufferPointer { source in
                columns.withUnsafeBufferPointer { columns in
                    target.withUnsafeMutableBufferPointer { target in
                        snlu_gather_columns(source.baseAddress!, rows, width, columns.baseAddress!, count, limit,
                                            target.baseAddress!)
                    }
                }
            }
            #expect(target.map(\.bitPattern) == expected.map(\.bitPattern))
        }
    }
}
