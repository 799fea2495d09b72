import InteractionModel

/// The compiled samples as the older section layouts (versions 1 to 3) and file formats store them.
extension ExactMatcher {
    // MARK: Persistence

    /// The compiled samples as section versions 1 and 2 and older file formats store them (now
    /// written only to make such files): the distinct literal keys; each node in number order
    /// with its parent and how it is reached (a literal, or a slot, its type and whether it
    /// takes any words), so that reading re-creates the edges in the order they were numbered
    /// and gets the same tables; and the samples that end at each node.
    func write(to w: inout BinaryWriter) {
        let stored = storedTables()
        w.write(nodeCount)
        w.write(stored.vocabulary)
        w.write(bytes: stored.nodes)
        w.write(bytes: stored.ends)
    }

    /// Section version 3 (now written only to make such files): what ``write(to:)`` writes,
    /// with the nodes and ends deflated (``DeflatedPayload``) and the literal keys left as they
    /// are: 64-bit hashes, which deflate cannot shrink, are read with one copy instead of being
    /// inflated byte by byte.
    func writeKeysApart(to w: inout BinaryWriter) {
        let stored = storedTables()
        w.write(nodeCount)
        w.write(stored.vocabulary)
        DeflatedPayload.write(to: &w) {
            $0.write(bytes: stored.nodes)
            $0.write(bytes: stored.ends)
        }
    }

    /// The distinct literal keys, and as varints the nodes and the samples that end at each.
    private func storedTables() -> (vocabulary: [UInt64], nodes: [UInt8], ends: [UInt8]) {
        var vocabulary: [UInt64] = []
        var index: [UInt64: Int] = [:]
        var nodes = VarintWriter()
        var slotOfChild: [Int32: SlotEdge] = [:]
        for e in slotEdges { slotOfChild[e.child] = e }
        for n in 1..<nodeCount {
            nodes.put(n - Int(parentOf[n]))
            if let key = literal(of: n) {
                let k: Int
                if let known = index[key] { k = known } else { k = vocabulary.count; index[key] = k; vocabulary.append(key) }
                nodes.put(0)
                nodes.put(k)
            } else {
                let e = slotOfChild[Int32(n)]!
                nodes.put(e.takesAnyWords ? 2 : 1)
                nodes.put(Int(e.slot))
                nodes.put(Int(e.type))
            }
        }
        return (vocabulary, nodes.bytes, endsTable())
    }

    /// As varints: how many nodes samples end at, then for each (in node order) its distance
    /// from the one before, how many samples end there and their (intent, sample) pairs.
    func endsTable() -> [UInt8] {
        var ends = VarintWriter()
        let accepting = (0..<nodeCount).filter { acceptStart[$0] < acceptStart[$0 + 1] }
        ends.put(accepting.count)
        var previous = 0
        for n in accepting {
            ends.put(n - previous)
            previous = n
            ends.put(Int(acceptStart[n + 1] - acceptStart[n]) / 2)
            for a in Int(acceptStart[n])..<Int(acceptStart[n + 1]) { ends.put(Int(accepts[a])) }
        }
        return ends.bytes
    }

    /// Reads what ``write(to:)`` wrote for `schema`'s intents, refusing anything a match could
    /// not follow safely (nodes, slots, types, intents or samples out of range).
    init(reading r: inout BinaryReader, schema: SkillSchema) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let vocabulary = try r.readUInt64s()
        let nodes = try r.readVarints(part: Self.part), ends = try r.readVarints(part: Self.part)
        try self.init(count: count, vocabulary: vocabulary, nodes: nodes, ends: ends, schema: schema)
    }

    /// Reads what ``writeKeysApart(to:)`` wrote, checked as ``init(reading:schema:)`` checks.
    init(readingKeysApart r: inout BinaryReader, schema: SkillSchema) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let vocabulary = try r.readUInt64s()
        self = try DeflatedPayload.read(from: &r) {
            try ExactMatcher(count: count, vocabulary: vocabulary, nodes: try $0.readVarints(part: Self.part),
                             ends: try $0.readVarints(part: Self.part), schema: schema)
        }
    }

    /// What a model file's errors call the compiled samples.
    static let part = "the compiled samples"

    /// The compiled samples of `count` nodes whose tables are `nodes` and `ends` over the literal keys `vocabulary`.
    private init(count: Int, vocabulary: [UInt64], nodes: VarintReader, ends: VarintReader, schema: SkillSchema) throws {
        guard count >= 1, count < Int(Int32.max) else { throw ModelFileError.corrupt("the compiled samples' size") }
        var nodes = nodes, ends = ends
        let maxSlots = schema.intents.map(\.slots.count).max() ?? 0
        var edgeParents: [Int32] = []
        var edges: [SlotEdge] = []
        var parentOf: [Int32] = [-1]
        var wordOf: [Int32] = [-1]
        parentOf.reserveCapacity(count)
        wordOf.reserveCapacity(count)
        for n in 1..<count {
            let parent = Int32(n - (try nodes.next(1, n)))
            let kind = try nodes.next(0, 2)
            if kind == 0 {
                guard !vocabulary.isEmpty else { throw ModelFileError.corrupt("the compiled samples' words") }
                wordOf.append(Int32(try nodes.next(0, vocabulary.count - 1)))
            } else {
                let slot = try nodes.next(0, maxSlots - 1)
                let type = try nodes.next(0, schema.types.count - 1)
                edgeParents.append(parent)
                edges.append(SlotEdge(slot: Int32(slot), type: Int32(type), takesAnyWords: kind == 2, child: Int32(n)))
                wordOf.append(-1)
            }
            parentOf.append(parent)
        }
        guard nodes.isAtEnd else { throw ModelFileError.corrupt("data after the compiled samples' nodes") }
        guard let literals = TrieEdges(parents: parentOf, words: wordOf, vocabulary: vocabulary) else {
            throw ModelFileError.corrupt("a repeated edge in the compiled samples")
        }
        // Slot edges grouped by parent, each parent's in creation order (a stable counting sort).
        var slotStart = [Int32](repeating: 0, count: count + 1)
        for p in edgeParents { slotStart[Int(p) + 1] += 1 }
        for n in 0..<count { slotStart[n + 1] += slotStart[n] }
        var fill = slotStart
        var slotEdges = edges
        for (e, p) in edgeParents.enumerated() {
            slotEdges[Int(fill[Int(p)])] = edges[e]
            fill[Int(p)] += 1
        }
        let (acceptStart, accepts) = try Self.readEnds(&ends, count: count, schema: schema)
        self.literals = literals
        self.parentOf = parentOf
        self.wordOf = wordOf
        self.words = vocabulary
        self.slotStart = slotStart
        self.slotEdges = slotEdges
        self.acceptStart = acceptStart
        self.accepts = accepts
        entrySlotCounts = schema.intents.map { Int32($0.slots.count) }
        entryDefaultsFrom = schema.intents.map { Int32($0.ownSampleCount) }
    }

    /// What ``endsTable()`` wrote for a trie of `count` nodes: ``acceptStart`` and ``accepts``,
    /// refusing nodes, intents or samples out of range.
    static func readEnds<Ends: BoundedVarints>(_ ends: inout Ends, count: Int, schema: SkillSchema) throws
        -> (acceptStart: [Int32], accepts: [Int32]) {
        var acceptStart: [Int32] = LaidOutTables.unwritten(count + 1)
        var accepts: [Int32] = []
        let sampleCounts = schema.intents.map(\.sampleCount)
        let samples = sampleCounts.reduce(0, +)
        try acceptStart.withUnsafeMutableBufferPointer { acceptStart in
            acceptStart[0] = 0
            var node = 0
            for _ in 0..<(try ends.next(0, count - 1)) {
                let next = node + (try ends.next(1, count - 1 - node))
                let filled = Int32(truncatingIfNeeded: accepts.count)
                for n in (node + 1)...next { acceptStart[n] = filled }
                node = next
                for _ in 0..<(try ends.next(1, max(1, samples))) {
                    let intent = try ends.next(0, sampleCounts.count - 1)
                    let sample = try ends.next(0, sampleCounts[intent] - 1)
                    accepts.append(Int32(intent))
                    accepts.append(Int32(sample))
                }
            }
            let filled = Int32(truncatingIfNeeded: accepts.count)
            for n in (node + 1)...count { acceptStart[n] = filled }
        }
        guard ends.isAtEnd else { throw ModelFileError.corrupt("data after the compiled samples' ends") }
        return (acceptStart, accepts)
    }
}
