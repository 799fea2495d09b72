import BuiltInValues

/// A trie over token sequences, keyed by hashes of tokens' folded forms.
///
/// It is the gazetteer of the engine: every value and synonym of every custom slot type is a
/// path, and each path's end lists which (type, value) it spells. Looking up all phrases that
/// start at a position costs one table probe per token, so matching a whole utterance is
/// linear in its length times the longest phrase.
package struct PhraseTrie: Sendable {
    /// What a phrase spells: an index into the owner's list of types, and of values within it.
    public struct Entry: Sendable, Hashable {
        public var type: Int32
        public var value: Int32
        public init(type: Int32, value: Int32) {
            self.type = type
            self.value = value
        }
    }

    /// One phrase found in a token sequence.
    public struct Match: Sendable, Hashable {
        public var start: Int
        /// Exclusive.
        public var end: Int
        /// What the phrase spells: a view of the trie's list (no copy per match).
        public var entries: ArraySlice<Entry>
    }

    /// Edge (node, token key) → child node.
    private var edges = HashIndex()
    /// The entries of every node, node `n`'s at `entries[bounds[n].start..<bounds[n].end]`
    /// (none for a node where no phrase ends): tens of thousands of values would otherwise take
    /// an allocation or a retained slice each to load and a release each to free. A trie read
    /// from a model file has each node's entries after the previous node's; one being built
    /// moves a node's entries to the end when it gets another, and is written compacted.
    private var entries: [Entry] = []
    private var bounds: [EntryBounds] = [EntryBounds()]
    /// Each node's parent and the token key of the edge into it (what a model file stores).
    private var parentOf: [Int32] = [-1]
    private var tokenOf: [UInt64] = [0]
    private var nodeCount: Int32 = 1
    /// The most tokens any phrase has.
    public private(set) var longestPhrase = 0

    public init() {}

    /// Where a node's entries lie in ``entries``.
    private struct EntryBounds: Sendable {
        var start: Int32 = 0
        var end: Int32 = 0
    }

    /// The entries of node `n` (a view of ``entries``).
    @inline(__always)
    private func terminals(_ n: Int) -> ArraySlice<Entry> {
        let b = bounds[n]
        return entries[Int(b.start)..<Int(b.end)]
    }

    /// The hash a token contributes to trie paths.
    @inline(__always)
    public static func key(_ token: Token) -> UInt64 { key(folded: token.folded) }

    /// ``key(_:)`` of a token whose folded form is `folded`.
    @inline(__always)
    static func key(folded: String) -> UInt64 { StableHash.hash(folded) }

    @inline(__always)
    private static func edge(_ node: Int32, _ key: UInt64) -> UInt64 {
        StableHash.combine(UInt64(UInt32(bitPattern: node)), key)
    }

    /// Adds a phrase given as token keys. Empty phrases are ignored.
    public mutating func insert(_ keys: [UInt64], entry: Entry) {
        guard !keys.isEmpty else { return }
        var node: Int32 = 0
        for k in keys {
            let edge = Self.edge(node, k)
            if let next = edges.value(edge) {
                node = next
            } else {
                edges.set(edge, nodeCount)
                parentOf.append(node)
                tokenOf.append(k)
                node = nodeCount
                nodeCount += 1
                bounds.append(EntryBounds())
            }
        }
        let n = Int(node)
        guard !terminals(n).contains(entry) else { return }
        if bounds[n].start == bounds[n].end {
            bounds[n].start = Int32(entries.count)
        } else if bounds[n].end != Int32(entries.count) {
            let list = Array(terminals(n))
            bounds[n].start = Int32(entries.count)
            entries += list
        }
        entries.append(entry)
        bounds[n].end = Int32(entries.count)
        longestPhrase = max(longestPhrase, keys.count)
    }

    /// Every phrase that starts at `start`, shortest first.
    @inline(__always)
    public func matches(in keys: UnsafeBufferPointer<UInt64>, from start: Int, into out: inout [Match]) {
        var node: Int32 = 0
        var i = start
        while i < keys.count, i - start < longestPhrase {
            guard let next = edges.value(Self.edge(node, keys[i])) else { return }
            node = next
            i += 1
            let b = bounds[Int(node)]
            if b.start < b.end { out.append(Match(start: start, end: i, entries: entries[Int(b.start)..<Int(b.end)])) }
        }
    }

    /// Every phrase anywhere in `keys`.
    public func allMatches(_ keys: [UInt64]) -> [Match] {
        var out: [Match] = []
        // Room for a match a token at once: grown from empty, a few matches took several allocations.
        out.reserveCapacity(keys.count)
        keys.withUnsafeBufferPointer { buf in
            // Every walk starts with the root's edge of its first token: those lookups are
            // independent, so their slots are fetched together before the walks wait on any.
            for s in 0..<buf.count { edges.prefetch(Self.edge(0, buf[s])) }
            for s in 0..<buf.count { matches(in: buf, from: s, into: &out) }
        }
        return out
    }

    /// The entries of exactly this phrase, if it is one (a view of the trie's list, as a
    /// match's ``Match/entries``).
    public func lookup(_ keys: some Collection<UInt64>) -> ArraySlice<Entry>? {
        var node: Int32 = 0
        for k in keys {
            guard let next = edges.value(Self.edge(node, k)) else { return nil }
            node = next
        }
        let list = terminals(Int(node))
        return list.isEmpty ? nil : list
    }

    /// For each type whose flag in `wanted` is set, the keys of every token of its phrases (the
    /// keys on the path to each node where a phrase of the type ends), ascending and distinct;
    /// empty for the others.
    ///
    /// Each node is visited once per group of 64 wanted types: a node gets a type's bit when a
    /// phrase of the type passes through it, and a walk towards the root stops at the first
    /// node that has the bits already (its ancestors have them too). Loading a model works
    /// this out for every closed-looking list, so no set is filled key by key.
    func tokens(ofTypes wanted: [Bool]) -> [[UInt64]] {
        var out = [[UInt64]](repeating: [], count: wanted.count)
        let types = wanted.indices.filter { wanted[$0] }
        guard !types.isEmpty else { return out }
        let nodes = Int(nodeCount)
        var bitOf = [Int](repeating: -1, count: wanted.count)
        var marks = [UInt64](repeating: 0, count: nodes)
        for groupStart in stride(from: 0, to: types.count, by: 64) {
            let group = types[groupStart..<min(types.count, groupStart + 64)]
            for (bit, type) in group.enumerated() { bitOf[type] = bit }
            var keys = [[UInt64]](repeating: [], count: group.count)
            marks.withUnsafeMutableBufferPointer { marks in
                if groupStart > 0 { marks.update(repeating: 0) }
                entries.withUnsafeBufferPointer { entries in
                    bounds.withUnsafeBufferPointer { bounds in
                        parentOf.withUnsafeBufferPointer { parentOf in
                            bitOf.withUnsafeBufferPointer { bitOf in
                                for node in 1..<max(1, nodes) where bounds[node].start < bounds[node].end {
                                    var add: UInt64 = 0
                                    for e in entries[Int(bounds[node].start)..<Int(bounds[node].end)]
                                    where Int(e.type) < bitOf.count && bitOf[Int(e.type)] >= 0 {
                                        add |= 1 << UInt64(bitOf[Int(e.type)])
                                    }
                                    var n = node
                                    while n > 0 {
                                        let missing = add & ~marks[n]
                                        if missing == 0 { break }
                                        marks[n] |= missing
                                        add = missing
                                        n = Int(parentOf[n])
                                    }
                                }
                            }
                        }
                    }
                }
                for n in 1..<max(1, nodes) {
                    var bits = marks[n]
                    while bits != 0 {
                        keys[bits.trailingZeroBitCount].append(tokenOf[n])
                        bits &= bits - 1
                    }
                }
            }
            for (bit, type) in group.enumerated() {
                keys[bit].sort()
                out[type] = Self.distinct(sorted: keys[bit])
            }
            for type in group { bitOf[type] = -1 }
        }
        return out
    }

    /// `keys` (ascending) without repeats.
    private static func distinct(sorted keys: [UInt64]) -> [UInt64] {
        var out = keys
        var kept = 0
        for (i, key) in keys.enumerated() where i == 0 || key != keys[i - 1] {
            out[kept] = key
            kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }

    // MARK: Persistence

    /// The compiled trie in a model file: the distinct token keys, each node's parent and
    /// token (in creation order, so reading re-inserts the edges in the order training did and
    /// gets the same table), and the entries of the nodes where phrases end.
    func write(to w: inout BinaryWriter) { write(deflating: [], to: &w) }

    /// What ``write(to:)`` writes, with the nodes and ends deflated (``DeflatedPayload``) and the
    /// token keys left as they are: 64-bit hashes, which deflate cannot shrink, are read with
    /// one copy instead of being inflated byte by byte.
    func writeKeysApart(to w: inout BinaryWriter) { write(deflating: [.nodes, .ends], to: &w) }

    /// Section version 4: what ``writeKeysApart(to:)`` writes, with the nodes (each one's
    /// parent distance and key index) also left as they are, after the keys: deflate shrinks
    /// them by a fifth and would inflate every byte at each load. The ends stay deflated.
    func writeNodesApart(to w: inout BinaryWriter) { write(deflating: [.ends], to: &w) }

    /// The two tables a file may deflate.
    private enum Table { case nodes, ends }

    /// The sizes and keys, then the nodes and ends: those in `deflated` in one deflated
    /// part after the others.
    private func write(deflating deflated: [Table], to w: inout BinaryWriter) {
        w.write(Int(nodeCount))
        w.write(longestPhrase)
        let stored = storedTables()
        w.write(stored.vocabulary)
        let tables: [(Table, [UInt8])] = [(.nodes, stored.nodes), (.ends, stored.ends)]
        for (table, bytes) in tables where !deflated.contains(table) { w.write(bytes: bytes) }
        guard !deflated.isEmpty else { return }
        DeflatedPayload.write(to: &w) {
            for (table, bytes) in tables where deflated.contains(table) { $0.write(bytes: bytes) }
        }
    }

    /// The distinct token keys, and as varints each node's parent and key index and the
    /// entries of the nodes where phrases end.
    private func storedTables() -> (vocabulary: [UInt64], nodes: [UInt8], ends: [UInt8]) {
        var vocabulary: [UInt64] = []
        var index: [UInt64: Int] = [:]
        var nodes = VarintWriter()
        for n in 1..<Int(nodeCount) {
            let key = tokenOf[n]
            let k: Int
            if let known = index[key] { k = known } else { k = vocabulary.count; index[key] = k; vocabulary.append(key) }
            nodes.put(n - Int(parentOf[n]))
            nodes.put(k)
        }
        var ends = VarintWriter()
        var previous = 0
        let terminalNodes = bounds.indices.filter { bounds[$0].start < bounds[$0].end }
        ends.put(terminalNodes.count)
        for n in terminalNodes {
            ends.put(n - previous)
            previous = n
            ends.put(terminals(n).count)
            for e in terminals(n) {
                ends.put(Int(e.type))
                ends.put(Int(e.value))
            }
        }
        return (vocabulary, nodes.bytes, ends.bytes)
    }

    /// Reads what ``writeKeysApart(to:)`` wrote, checked as ``init(reading:valueCounts:)`` checks.
    /// Reads what ``writeNodesApart(to:)`` wrote, checked as ``init(reading:valueCounts:)`` checks.
    init(readingNodesApart r: inout BinaryReader, valueCounts: [Int]) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let longest = try r.readInt()
        let vocabulary = try r.readUInt64s()
        let nodes = try r.readByteRange()
        let file = r
        self = try DeflatedPayload.read(from: &r) { inner in
            let ends = try inner.readByteRange()
            return try file.withBytes(in: nodes) { nodes in
                try inner.withBytes(in: ends) { ends in
                    try PhraseTrie(count: count, longest: longest, vocabulary: vocabulary, nodes: RawVarints(nodes, part: Self.part),
                                   ends: RawVarints(ends, part: Self.part), valueCounts: valueCounts)
                }
            }
        }
    }

    init(readingKeysApart r: inout BinaryReader, valueCounts: [Int]) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let longest = try r.readInt()
        let vocabulary = try r.readUInt64s()
        self = try DeflatedPayload.read(from: &r) { inner in
            let nodes = try inner.readByteRange(), ends = try inner.readByteRange()
            return try inner.withBytes(in: nodes) { nodes in
                try inner.withBytes(in: ends) { ends in
                    try PhraseTrie(count: count, longest: longest, vocabulary: vocabulary, nodes: RawVarints(nodes, part: Self.part),
                                   ends: RawVarints(ends, part: Self.part), valueCounts: valueCounts)
                }
            }
        }
    }

    /// Reads what ``write(to:)`` wrote; entries must name one of `valueCounts.count` types and
    /// one of that type's values.
    init(reading r: inout BinaryReader, valueCounts: [Int]) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let longest = try r.readInt()
        let vocabulary = try r.readUInt64s()
        let nodes = try r.readVarints(part: Self.part), ends = try r.readVarints(part: Self.part)
        try self.init(count: count, longest: longest, vocabulary: vocabulary, nodes: nodes, ends: ends, valueCounts: valueCounts)
    }

    /// What a model file's errors call the gazetteer.
    private static let part = "the gazetteer"

    /// The trie of `count` nodes whose tables are `nodes` and `ends` over the token keys `vocabulary`.
    private init<Varints: BoundedVarints>(count: Int, longest: Int, vocabulary: [UInt64], nodes: Varints, ends: Varints,
                                          valueCounts: [Int]) throws {
        guard count >= 1, count < Int(Int32.max), longest >= 0, longest <= count else {
            throw ModelFileError.corrupt("the gazetteer's size")
        }
        var nodes = nodes, ends = ends
        var trie = PhraseTrie()
        guard count == 1 || !vocabulary.isEmpty else { throw ModelFileError.corrupt("the gazetteer's tokens") }
        // Each node's parent and token written in place (a large skill's gazetteer has a
        // hundred thousand nodes, read at every load).
        var parentOf = [Int32](repeating: -1, count: count)
        var tokenOf = [UInt64](repeating: 0, count: count)
        try parentOf.withUnsafeMutableBufferPointer { parents in
            try tokenOf.withUnsafeMutableBufferPointer { tokens in
                try vocabulary.withUnsafeBufferPointer { vocabulary in
                    for n in 1..<count {
                        parents[n] = Int32(truncatingIfNeeded: n - (try nodes.next(1, n)))
                        tokens[n] = vocabulary[try nodes.next(0, vocabulary.count - 1)]
                    }
                }
            }
        }
        trie.parentOf = parentOf
        trie.tokenOf = tokenOf
        guard nodes.isAtEnd else { throw ModelFileError.corrupt("data after the gazetteer's nodes") }
        // The edges in one pass over what was read (no table work while decoding).
        let edges = (1..<count).lazy.map { [parentOf = trie.parentOf, tokenOf = trie.tokenOf] n in
            (key: Self.edge(parentOf[n], tokenOf[n]), value: Int32(n))
        }
        guard let table = HashIndex(count: count - 1, distinct: edges) else {
            throw ModelFileError.corrupt("a repeated gazetteer edge")
        }
        trie.edges = table
        let allValues = valueCounts.reduce(0, +)
        var node = 0
        var entries: [Entry] = []
        var bounds = [EntryBounds](repeating: EntryBounds(), count: count)
        for _ in 0..<(try ends.next(0, count - 1)) {
            node += try ends.next(1, count - 1 - node)
            bounds[node].start = Int32(entries.count)
            for _ in 0..<(try ends.next(1, allValues)) {
                let type = try ends.next(0, valueCounts.count - 1)
                let value = try ends.next(0, valueCounts[type] - 1)
                entries.append(Entry(type: Int32(type), value: Int32(value)))
            }
            bounds[node].end = Int32(entries.count)
        }
        guard ends.isAtEnd else { throw ModelFileError.corrupt("data after the gazetteer's entries") }
        trie.entries = entries
        trie.bounds = bounds
        trie.nodeCount = Int32(count)
        trie.longestPhrase = longest
        self = trie
    }
}
