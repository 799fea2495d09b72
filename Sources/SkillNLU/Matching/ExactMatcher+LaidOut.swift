import InteractionModel

/// The compiled samples laid out breadth first, as section version 4 stores them.
extension ExactMatcher {
    // MARK: Laid out (section version 4)

    /// This trie with its nodes numbered breadth first, each node's children together and in
    /// the order lookups and matching take them: its literal children as ``TrieEdges`` keeps
    /// them (in the order they were made, by key at a node with many), then its slot children
    /// in the order of its slot edges; the literal keys from the most used (the shortest
    /// varints in a file) to the least, first use breaking ties. Matches are those of this
    /// trie, found in the same order; only the numbers of nodes and keys differ.
    func laidOut() -> ExactMatcher {
        let count = nodeCount
        var order: [Int32] = [0]   // the node of each new number
        order.reserveCapacity(count)
        var i = 0
        while i < order.count {
            let node = order[i]
            order += literals.children(of: node)
            for e in slotEdges[Int(slotStart[Int(node)])..<Int(slotStart[Int(node) + 1])] { order.append(e.child) }
            i += 1
        }
        precondition(order.count == count, "every node is reached from the root")
        var numberOf = [Int32](repeating: 0, count: count)
        for (new, node) in order.enumerated() { numberOf[Int(node)] = Int32(new) }
        var uses = [Int](repeating: 0, count: words.count), firstUse = [Int](repeating: count, count: words.count)
        for (new, node) in order.enumerated() where wordOf[Int(node)] >= 0 {
            let w = Int(wordOf[Int(node)])
            uses[w] += 1
            firstUse[w] = min(firstUse[w], new)
        }
        let used = words.indices.filter { uses[$0] > 0 }.sorted { (-uses[$0], firstUse[$0]) < (-uses[$1], firstUse[$1]) }
        var wordNumber = [Int32](repeating: -1, count: words.count)
        for (new, w) in used.enumerated() { wordNumber[w] = Int32(new) }
        var m = self
        m.words = used.map { words[$0] }
        m.parentOf = order.map { $0 == 0 ? -1 : numberOf[Int(parentOf[Int($0)])] }
        m.wordOf = order.map { wordOf[Int($0)] < 0 ? -1 : wordNumber[Int(wordOf[Int($0)])] }
        m.slotStart = [0]
        m.slotEdges = []
        m.acceptStart = [0]
        m.accepts = []
        for node in order {
            for var e in slotEdges[Int(slotStart[Int(node)])..<Int(slotStart[Int(node) + 1])] {
                e.child = numberOf[Int(e.child)]
                m.slotEdges.append(e)
            }
            m.slotStart.append(Int32(m.slotEdges.count))
            m.accepts += accepts[Int(acceptStart[Int(node)])..<Int(acceptStart[Int(node) + 1])]
            m.acceptStart.append(Int32(m.accepts.count))
        }
        // A trie's edges are distinct; grouped by parent in number order they keep each node's order.
        m.literals = TrieEdges(parents: m.parentOf, words: m.wordOf, vocabulary: m.words)!
        return m
    }

    /// The compiled samples laid out (``laidOut()``), so that reading makes the tables of the
    /// literal edges in one pass, with no sorting: the node count and the literal keys as
    /// ``writeKeysApart(to:)`` writes them, four tables of varints, the words and the ends as
    /// they are, then the shapes and the slots deflated (``DeflatedPayload``). The words: the
    /// key index of each literal child. The ends: the samples that end at each node
    /// (``endsTable()``). The shapes: the literal edge count, then for each node in number
    /// order its literal child count times two, plus one when it has slot children, and then
    /// their count less one. The slots: for each slot child whether it takes any words, its
    /// slot and its type. A node's children take the numbers after those of the nodes before
    /// it. Numbers of one kind kept together deflate better than interleaved.
    func writeLaidOut(to w: inout BinaryWriter) {
        let m = laidOut()
        var shapes = VarintWriter(), words = VarintWriter(), slots = VarintWriter()
        shapes.put(m.literals.count)
        for n in 0..<m.nodeCount {
            let literalChildren = m.literals.children(of: Int32(n))
            let slotEdges = m.slotEdges[Int(m.slotStart[n])..<Int(m.slotStart[n + 1])]
            shapes.put(literalChildren.count << 1 | (slotEdges.isEmpty ? 0 : 1))
            if !slotEdges.isEmpty { shapes.put(slotEdges.count - 1) }
            for c in literalChildren { words.put(Int(m.wordOf[Int(c)])) }
            for e in slotEdges {
                slots.put(e.takesAnyWords ? 1 : 0)
                slots.put(Int(e.slot))
                slots.put(Int(e.type))
            }
        }
        w.write(m.nodeCount)
        w.write(m.words)
        // The key indexes and the ends as they are: deflate shrinks them by a fifth and a third
        // and would inflate each byte at every load; the shapes and slots shrink to a third.
        w.write(bytes: words.bytes)
        w.write(bytes: m.endsTable())
        DeflatedPayload.write(to: &w) {
            $0.write(bytes: shapes.bytes)
            $0.write(bytes: slots.bytes)
        }
    }

    /// Reads what ``writeLaidOut(to:)`` wrote for `schema`'s intents, refusing what
    /// ``init(reading:schema:)`` refuses and a node no other reaches, a child count out of
    /// range, a node's repeated key and a node's many keys out of order.
    init(readingLaidOut r: inout BinaryReader, schema: SkillSchema) throws {
        let count = try r.readCount(minimumBytesEach: 1)
        let vocabulary = try r.readUInt64s()
        let words = try r.readByteRange(), ends = try r.readByteRange()
        let file = r
        self = try DeflatedPayload.read(from: &r) { inner in
            let shapes = try inner.readByteRange(), slots = try inner.readByteRange()
            func varints(_ bytes: UnsafeBufferPointer<UInt8>) -> RawVarints { RawVarints(bytes, part: Self.part) }
            let tables = try inner.withBytes(in: shapes) { shapes in
                try file.withBytes(in: words) { words in
                    try inner.withBytes(in: slots) { slots in
                        try LaidOutTables(count: count, vocabulary: vocabulary, schema: schema,
                                          shapes: varints(shapes), words: varints(words), slots: varints(slots))
                    }
                }
            }
            guard let literals = TrieEdges(start: tables.start, keys: tables.keys, children: tables.children) else {
                throw ModelFileError.corrupt("a repeated key, or keys out of order, in the compiled samples")
            }
            let (acceptStart, accepts) = try file.withBytes(in: ends) { ends in
                var ends = varints(ends)
                return try Self.readEnds(&ends, count: count, schema: schema)
            }
            return ExactMatcher(literals: literals, tables: tables, vocabulary: vocabulary,
                                acceptStart: acceptStart, accepts: accepts, schema: schema)
        }
    }

    /// The compiled samples of `schema` made of tables read from a file.
    private init(literals: TrieEdges, tables: LaidOutTables, vocabulary: [UInt64], acceptStart: [Int32], accepts: [Int32],
                 schema: SkillSchema) {
        self.literals = literals
        self.parentOf = tables.parentOf
        self.wordOf = tables.wordOf
        self.words = vocabulary
        self.slotStart = tables.slotStart
        self.slotEdges = tables.slotEdges
        self.acceptStart = acceptStart
        self.accepts = accepts
        entrySlotCounts = schema.intents.map { Int32($0.slots.count) }
        entryDefaultsFrom = schema.intents.map { Int32($0.ownSampleCount) }
    }

    /// The tables of a laid-out trie (``writeLaidOut(to:)``) read in one pass: each node's
    /// children take the next numbers, so every table is written in order.
    struct LaidOutTables {
        var parentOf: [Int32]
        var wordOf: [Int32]
        var start: [Int32]
        var keys: [UInt64]
        var children: [Int32]
        var slotStart: [Int32]
        var slotEdges: [SlotEdge]

        /// Reads `count` nodes from their shapes, key indexes into `vocabulary` and slot
        /// children. Throws when a node has more children than there are edges left, no node
        /// before it reaches it, a number is out of range or a table has numbers left over.
        /// Node tables are made without being cleared first: every entry is written once.
        init(count: Int, vocabulary: [UInt64], schema: SkillSchema,
             shapes: RawVarints, words: RawVarints, slots: RawVarints) throws {
            guard count >= 1, count < Int(Int32.max) else { throw ModelFileError.corrupt("the compiled samples' size") }
            var shapes = shapes, words = words, slots = slots
            let edgeCount = try shapes.next(0, count - 1)
            guard edgeCount == 0 || !vocabulary.isEmpty else { throw ModelFileError.corrupt("the compiled samples' words") }
            let limits = Limits(slot: (schema.intents.map(\.slots.count).max() ?? 0) - 1, type: schema.types.count - 1)
            var parentOf: [Int32] = Self.unwritten(count), wordOf: [Int32] = Self.unwritten(count)
            var start: [Int32] = Self.unwritten(count + 1), slotStart: [Int32] = Self.unwritten(count + 1)
            var keys: [UInt64] = Self.unwritten(edgeCount), children: [Int32] = Self.unwritten(edgeCount)
            var slotEdges: [SlotEdge] = Self.unwritten(count - 1 - edgeCount)
            try parentOf.withUnsafeMutableBufferPointer { parentOf in
                try wordOf.withUnsafeMutableBufferPointer { wordOf in
                    try start.withUnsafeMutableBufferPointer { start in
                        try keys.withUnsafeMutableBufferPointer { keys in
                            try children.withUnsafeMutableBufferPointer { children in
                                try slotStart.withUnsafeMutableBufferPointer { slotStart in
                                    try slotEdges.withUnsafeMutableBufferPointer { slotEdges in
                                        try vocabulary.withUnsafeBufferPointer { vocabulary in
                                            try Self.fill(Buffers(parentOf: parentOf, wordOf: wordOf, start: start, keys: keys,
                                                                  children: children, slotStart: slotStart, slotEdges: slotEdges),
                                                          vocabulary: vocabulary, limits: limits,
                                                          shapes: &shapes, words: &words, slots: &slots)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            guard shapes.isAtEnd, words.isAtEnd, slots.isAtEnd else {
                throw ModelFileError.corrupt("data after the compiled samples' nodes")
            }
            self.parentOf = parentOf
            self.wordOf = wordOf
            self.start = start
            self.keys = keys
            self.children = children
            self.slotStart = slotStart
            self.slotEdges = slotEdges
        }

        /// The largest slot index and type index a slot edge may have.
        private struct Limits {
            var slot: Int
            var type: Int
        }

        /// The tables being filled, sized for the node and edge counts the section gives.
        private struct Buffers {
            var parentOf: UnsafeMutableBufferPointer<Int32>
            var wordOf: UnsafeMutableBufferPointer<Int32>
            var start: UnsafeMutableBufferPointer<Int32>
            var keys: UnsafeMutableBufferPointer<UInt64>
            var children: UnsafeMutableBufferPointer<Int32>
            var slotStart: UnsafeMutableBufferPointer<Int32>
            var slotEdges: UnsafeMutableBufferPointer<SlotEdge>
        }

        /// Reads the nodes into `t`, node by node: node `p`'s children take the numbers from
        /// the first one no node before it took.
        private static func fill(_ t: Buffers, vocabulary: UnsafeBufferPointer<UInt64>, limits: Limits,
                                 shapes: inout RawVarints, words: inout RawVarints, slots: inout RawVarints) throws {
            let parentOf = t.parentOf, wordOf = t.wordOf, start = t.start, keys = t.keys, children = t.children
            let slotStart = t.slotStart, slotEdges = t.slotEdges
            let count = parentOf.count, edgeCount = keys.count, slotCount = slotEdges.count
            var shapesLeft = shapes, wordsLeft = words, slotsLeft = slots
            defer { (shapes, words, slots) = (shapesLeft, wordsLeft, slotsLeft) }
            parentOf[0] = -1
            wordOf[0] = -1
            let lastWord = vocabulary.count - 1
            // Counts stay below `count`, which is below Int32.max: no sum here overflows.
            var edge = 0, slot = 0
            for p in 0..<count {
                var child = 1 &+ edge &+ slot
                guard p < child else { throw ModelFileError.corrupt("a node the compiled samples do not reach") }
                start[p] = Int32(truncatingIfNeeded: edge)
                slotStart[p] = Int32(truncatingIfNeeded: slot)
                let head = try shapesLeft.next(0, 2 &* (edgeCount &- edge) &+ 1)
                let parent = Int32(truncatingIfNeeded: p)
                let edgeEnd = edge &+ head &>> 1
                while edge < edgeEnd {
                    let w = try wordsLeft.next(0, lastWord)
                    keys[edge] = vocabulary[w]
                    children[edge] = Int32(truncatingIfNeeded: child)
                    parentOf[child] = parent
                    wordOf[child] = Int32(truncatingIfNeeded: w)
                    edge &+= 1
                    child &+= 1
                }
                guard head & 1 != 0 else { continue }
                let slotEnd = slot &+ 1 &+ (try shapesLeft.next(0, slotCount &- slot &- 1))
                while slot < slotEnd {
                    let any = try slotsLeft.next(0, 1)
                    let s = try slotsLeft.next(0, limits.slot)
                    let type = try slotsLeft.next(0, limits.type)
                    slotEdges[slot] = SlotEdge(slot: Int32(truncatingIfNeeded: s), type: Int32(truncatingIfNeeded: type),
                                               takesAnyWords: any == 1, child: Int32(truncatingIfNeeded: child))
                    parentOf[child] = parent
                    wordOf[child] = -1
                    slot &+= 1
                    child &+= 1
                }
            }
            start[count] = Int32(truncatingIfNeeded: edge)
            slotStart[count] = Int32(truncatingIfNeeded: slot)
            guard edge == edgeCount, slot == slotCount else { throw ModelFileError.corrupt("the compiled samples' edge count") }
        }

        /// An array of `count` entries, each to be written before it is read.
        static func unwritten<T: BitwiseCopyable>(_ count: Int) -> [T] {
            [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
    }

    /// The sample matches of `tokens`, best first: fewer slot-filled tokens (more literal) first,
    /// except that a built-in intent's default sample never outranks a sample the model wrote
    /// that says the same words (its slots filled with listed or parsed values): a skill whose
    /// "{action} the music" lists "pause" keeps "pause the music" from AMAZON.PauseIntent's
    /// default, as it keeps an identical sample. A sample whose free-text slot took the words
    /// says nothing about them, so a default still outranks it.
    /// - Parameter valueSpans: for each token position, the spans starting there with the
    ///   schema types they are values of (gazetteer and built-in finds).
    public func matches(keys: [UInt64], valueSpans: [[(end: Int, types: [Int32])]], limit: Int = 4) -> [Match] {
        matches(keys: keys, valueSpans: ValueSpans(valueSpans), limit: limit)
    }

    /// ``matches(keys:valueSpans:limit:)`` with the value spans in their flat form.
    public func matches(keys: [UInt64], valueSpans: ValueSpans, limit: Int = 4) -> [Match] {
        var found: [(Match, Int)] = []
        var freeText: [Bool] = []
        var steps = 0
        var assignment: [(slot: Int, start: Int, end: Int)] = []
        let n = keys.count
        var tookAnyWords = false
        func walk(_ node: Int32, _ pos: Int, _ slotTokens: Int) {
            steps += 1
            if steps > 20_000 || found.count >= limit * 4 { return }
            let nd = Int(node)
            if pos == n {
                for a in stride(from: Int(acceptStart[nd]), to: Int(acceptStart[nd + 1]), by: 2) {
                    let intent = Int(accepts[a])
                    guard assignment.allSatisfy({ $0.slot < Int(entrySlotCounts[intent]) }) else { continue }
                    found.append((Match(intent: intent, sample: Int(accepts[a + 1]), slots: assignment), slotTokens))
                    freeText.append(tookAnyWords)
                }
                return
            }
            if let next = literals.child(of: node, key: keys[pos]) { walk(next, pos + 1, slotTokens) }
            for ei in Int(slotStart[nd])..<Int(slotStart[nd + 1]) {
                let e = slotEdges[ei]
                if e.takesAnyWords {
                    let outer = tookAnyWords
                    tookAnyWords = true
                    for end in stride(from: n, to: pos, by: -1) {
                        assignment.append((Int(e.slot), pos, end))
                        walk(e.child, end, slotTokens + end - pos)
                        assignment.removeLast()
                    }
                    tookAnyWords = outer
                    continue
                }
                for k in valueSpans.indices(startingAt: pos) where valueSpans.isValue(k, of: e.type) {
                    let end = valueSpans.end(of: k)
                    assignment.append((Int(e.slot), pos, end))
                    walk(e.child, end, slotTokens + end - pos)
                    assignment.removeLast()
                }
            }
        }
        guard n > 0 else { return [] }
        walk(0, 0, 0)
        // Most utterances spell no sample.
        guard !found.isEmpty else { return [] }
        let isDefault = found.map { Int32($0.0.sample) >= entryDefaultsFrom[$0.0.intent] }
        let ownSaysIt = found.indices.contains { !isDefault[$0] && !freeText[$0] }
        let demoted = found.indices.map { ownSaysIt && isDefault[$0] }
        return found.indices.sorted { a, b in
            (demoted[a] ? 1 : 0, found[a].1, a) < (demoted[b] ? 1 : 0, found[b].1, b)
        }.prefix(limit).map { found[$0].0 }
    }
}
