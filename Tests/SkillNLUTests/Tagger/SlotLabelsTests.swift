import Testing
@testable import SkillNLU

/// Spans read from BIO labels: each begin label starts a span, an inside label continues the
/// span of its own slot and otherwise starts one (lenient decoding), and the visitor sees the
/// same spans, in the same order, as the array.
@Suite struct SlotLabelsTests {
    static let b0 = SlotLabels.begin(0), i0 = SlotLabels.inside(0)
    static let b1 = SlotLabels.begin(1), i1 = SlotLabels.inside(1)

    static func visited(_ labels: [Int32]) -> [[Int]] {
        var out: [[Int]] = []
        SlotLabels.forEachSpan(labels) { out.append([$0, $1, $2]) }
        return out
    }

    @Test func readsSpansLeniently() {
        let labels: [Int32] = [0, Self.b0, Self.i0, Self.i1, Self.b1, 0, Self.i0, Self.b0, Self.b0]
        let want = [[0, 1, 3], [1, 3, 4], [1, 4, 5], [0, 6, 7], [0, 7, 8], [0, 8, 9]]
        #expect(SlotLabels.spans(labels).map { [$0.slot, $0.start, $0.end] } == want)
        #expect(Self.visited(labels) == want)
    }

    @Test func emptyAndOutsideOnly() {
        #expect(SlotLabels.spans([]).isEmpty)
        #expect(SlotLabels.spans([0, 0]).isEmpty)
        #expect(Self.visited([0, 0]).isEmpty)
        #expect(Self.visited([Self.i1]) == [[1, 0, 1]])
    }
}
