import BuiltInValues
/// Per token of an utterance, the values said from there — listed values and synonyms, parsed
/// values, the caller's dynamic values — each with its end and the schema types it is a value of.
///
/// Held as three flat arrays (the spans grouped by start, their types, and where each token's
/// spans begin) rather than an array per token and another per span: the exact layer walks
/// these for every utterance, and gathering them took an allocation for each token that starts
/// a value and each value found. Spans are added in any order and grouped once
/// (``group()``); spans starting at the same token keep the order they were added in.
public struct ValueSpans: Sendable {
    /// One span: where it starts and ends (exclusive) and the bounds of its types in ``types``.
    struct Span: Sendable {
        var start: Int32
        var end: Int32
        var typesStart: Int32
        var typesEnd: Int32
    }

    /// The spans, grouped by start once ``group()`` ran.
    private var spans: [Span] = []
    private var types: [Int32] = []
    /// Token `t`'s spans are `spans[first[t]..<first[t + 1]]`; empty until grouped.
    private var first: [Int32] = []
    /// How many tokens the utterance has.
    public private(set) var tokenCount: Int

    /// No spans over `tokenCount` tokens.
    public init(tokenCount: Int = 0) {
        self.tokenCount = tokenCount
    }

    /// The spans of the nested form, token by token: `nested[t]` lists the spans starting at `t`.
    public init(_ nested: [[(end: Int, types: [Int32])]]) {
        self.init(tokenCount: nested.count)
        for (start, found) in nested.enumerated() {
            for v in found { add(start: start, end: v.end, types: v.types) }
        }
        group()
    }

    /// Adds a span of tokens `start..<end` that is a value of each of `types`.
    mutating func add(start: Int, end: Int, types newTypes: some Sequence<Int32>) {
        let from = Int32(types.count)
        types.append(contentsOf: newTypes)
        spans.append(Span(start: Int32(start), end: Int32(end), typesStart: from, typesEnd: Int32(types.count)))
    }

    /// Room for `spans` spans and `types` types in all, so that adding them allocates once.
    mutating func reserve(spans count: Int, types typeCount: Int) {
        spans.reserveCapacity(count)
        types.reserveCapacity(typeCount)
    }

    /// Groups the spans by start, keeping the order of those with the same start.
    mutating func group() {
        // Spans arrive grouped by kind (listed, then parsed, then dynamic), each kind by start:
        // a stable sort of a few of them moves little.
        if zip(spans, spans.dropFirst()).contains(where: { $0.start > $1.start }) { spans.sort { $0.start < $1.start } }
        var first = [Int32](filled: 0, count: tokenCount + 1)
        for s in spans { first[Int(s.start) + 1] += 1 }
        for t in 0..<tokenCount { first[t + 1] += first[t] }
        self.first = first
    }

    /// The indices of the spans that start at token `start` (for ``end(of:)`` and ``isValue(_:of:)``).
    @inline(__always)
    func indices(startingAt start: Int) -> Range<Int> {
        first.isEmpty ? 0..<0 : Int(first[start])..<Int(first[start + 1])
    }

    /// Where span `k` ends (exclusive).
    @inline(__always)
    func end(of k: Int) -> Int { Int(spans[k].end) }

    /// Whether span `k` is a value of schema type `type`.
    @inline(__always)
    func isValue(_ k: Int, of type: Int32) -> Bool {
        let s = spans[k]
        for i in Int(s.typesStart)..<Int(s.typesEnd) where types[i] == type { return true }
        return false
    }

    /// The spans starting at token `start`, as (end, types).
    public func starting(at start: Int) -> [(end: Int, types: ArraySlice<Int32>)] {
        indices(startingAt: start).map { k in
            (Int(spans[k].end), types[Int(spans[k].typesStart)..<Int(spans[k].typesEnd)])
        }
    }
}
