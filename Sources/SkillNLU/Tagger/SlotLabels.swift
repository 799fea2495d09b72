import BuiltInValues

/// BIO labels over the slot names of a model: 0 is outside, `1 + 2s` begins slot `s` and
/// `2 + 2s` continues it.
public enum SlotLabels {
    @inline(__always) public static func begin(_ slot: Int) -> Int32 { Int32(1 + 2 * slot) }
    @inline(__always) public static func inside(_ slot: Int) -> Int32 { Int32(2 + 2 * slot) }
    @inline(__always) public static func slot(of label: Int32) -> Int { Int(label - 1) / 2 }
    @inline(__always) public static func isBegin(_ label: Int32) -> Bool { label > 0 && label % 2 == 1 }
    public static func count(slots: Int) -> Int { 1 + 2 * slots }

    /// Labels for `tokens` given slot spans in Unicode-scalar offsets.
    public static func labels(tokens: [Token], spans: [(slot: Int, start: Int, end: Int)]) -> [Int32] {
        var labels = [Int32](repeating: 0, count: tokens.count)
        for span in spans {
            var first = true
            for (i, t) in tokens.enumerated() where t.range.lowerBound >= span.start && t.range.upperBound <= span.end {
                labels[i] = first ? begin(span.slot) : inside(span.slot)
                first = false
            }
        }
        return labels
    }
}

extension SlotLabels {
    /// Calls `body` with each token span `(slot, start, end)` (end exclusive) spelled by a BIO
    /// label sequence, in order; an `I-x` that does not continue an `x` starts a new span
    /// (lenient decoding). Callers that read each span once need no array of them.
    @inline(__always)
    public static func forEachSpan(_ labels: [Int32], _ body: (_ slot: Int, _ start: Int, _ end: Int) throws -> Void) rethrows {
        var current: (slot: Int, start: Int)? = nil
        for (i, l) in labels.enumerated() {
            if l == 0 {
                if let c = current { try body(c.slot, c.start, i); current = nil }
                continue
            }
            let s = slot(of: l)
            if isBegin(l) || current?.slot != s {
                if let c = current { try body(c.slot, c.start, i) }
                current = (s, i)
            }
        }
        if let c = current { try body(c.slot, c.start, labels.count) }
    }

    /// Token spans `(slot, start, end)` (end exclusive) spelled by a BIO label sequence
    /// (``forEachSpan(_:_:)``).
    public static func spans(_ labels: [Int32]) -> [(slot: Int, start: Int, end: Int)] {
        // Counted first, so the result is allocated once at its size rather than grown.
        var count = 0
        forEachSpan(labels) { _, _, _ in count += 1 }
        guard count > 0 else { return [] }
        var out: [(slot: Int, start: Int, end: Int)] = []
        out.reserveCapacity(count)
        forEachSpan(labels) { out.append(($0, $1, $2)) }
        return out
    }
}
