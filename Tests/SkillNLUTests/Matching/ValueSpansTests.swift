import Testing
@testable import SkillNLU

/// The flat value spans hold, token by token, what the nested lists held: spans added out of
/// order are grouped by start, those of one start keep the order they were added in, and each
/// keeps its own types.
@Suite struct ValueSpansTests {
    /// A few spans over five tokens, added as the stage adds them: listed values by start, then
    /// a parsed value that starts before some of them, then a dynamic one.
    static func sample() -> ValueSpans {
        var spans = ValueSpans(tokenCount: 5)
        spans.add(start: 1, end: 3, types: [4, 7])
        spans.add(start: 3, end: 4, types: [2])
        spans.add(start: 0, end: 2, types: [9])
        spans.add(start: 1, end: 2, types: [5])
        spans.add(start: 3, end: 5, types: CollectionOfOne(8))
        spans.group()
        return spans
    }

    static func nested(_ spans: ValueSpans) -> [[(end: Int, types: [Int32])]] {
        (0..<spans.tokenCount).map { t in spans.starting(at: t).map { ($0.end, Array($0.types)) } }
    }

    @Test func groupsByStartKeepingOrder() {
        let spans = Self.sample()
        let got = Self.nested(spans)
        let want: [[(end: Int, types: [Int32])]] = [[(2, [9])], [(3, [4, 7]), (2, [5])], [], [(4, [2]), (5, [8])], []]
        #expect(got.count == want.count)
        for (g, w) in zip(got, want) {
            #expect(g.map(\.end) == w.map(\.end))
            #expect(g.map(\.types) == w.map(\.types))
        }
    }

    @Test func answersByIndex() {
        let spans = Self.sample()
        let at1 = spans.indices(startingAt: 1)
        #expect(at1.count == 2)
        #expect(at1.map { spans.end(of: $0) } == [3, 2])
        #expect(at1.filter { spans.isValue($0, of: 7) }.map { spans.end(of: $0) } == [3])
        #expect(!at1.contains { spans.isValue($0, of: 9) })
        #expect(spans.indices(startingAt: 2).isEmpty)
        #expect(ValueSpans().indices(startingAt: 0).isEmpty)
    }

    @Test func nestedFormRoundTrips() {
        let nested: [[(end: Int, types: [Int32])]] = [[(1, [3])], [], [(4, [1, 2]), (3, [])], [(4, [6])]]
        let back = Self.nested(ValueSpans(nested))
        #expect(back.map { $0.map(\.end) } == nested.map { $0.map(\.end) })
        #expect(back.map { $0.map(\.types) } == nested.map { $0.map(\.types) })
    }
}
