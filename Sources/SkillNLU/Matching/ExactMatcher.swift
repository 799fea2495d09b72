import InteractionModel

/// The deterministic layer: an utterance that spells a sample utterance, its slots filled with
/// values of the right type, gets that intent with confidence 1, as on the speaker.
///
/// All samples are compiled into one token trie whose edges are literal words (by folded-form
/// hash) or slot references. Matching walks the trie over the utterance; a slot edge consumes
/// any span that is a value of the slot's type (a gazetteer phrase, a built-in parser's find,
/// or any words for a slot that takes free text, such as AMAZON.SearchQuery). A step budget
/// bounds pathological inputs.
public struct ExactMatcher: Sendable {
    struct SlotEdge: Sendable, Equatable {
        var slot: Int32      // index into the intent's slots
        var type: Int32      // schema type index
        /// Whether the slot takes any words here (free text) rather than only values of its type.
        var takesAnyWords: Bool
        var child: Int32
    }

    /// One way the utterance spells a sample.
    public struct Match: Sendable {
        public var intent: Int
        public var sample: Int
        /// (slot index within the intent, token start, token end exclusive).
        public var slots: [(slot: Int, start: Int, end: Int)]
    }

    /// Literal edges: (node, token key) → child.
    private var literals = TrieEdges()
    /// Node `n`'s slot edges are `slotEdges[slotStart[n]..<slotStart[n + 1]]`, in the order the
    /// samples gave them.
    private var slotStart: [Int32] = [0, 0]
    private var slotEdges: [SlotEdge] = []
    /// (intent, sample) of the samples that end at node `n`: `accepts[acceptStart[n]..<acceptStart[n + 1]]`.
    private var acceptStart: [Int32] = [0, 0]
    private var accepts: [Int32] = []
    /// Each node's parent and, for a node reached by a literal, the index in ``words`` of that
    /// literal's key, -1 for the root and a node reached by a slot edge (what a model file
    /// stores; such a node is found in its parent's slot edges).
    private var parentOf: [Int32] = [-1]
    private var wordOf: [Int32] = [-1]
    /// The distinct literal keys, in the order nodes first use them.
    private var words: [UInt64] = []
    /// Every word a sample says outside its slots (the built-in intents' catalogue samples
    /// too), as token keys: the skill's carrier words.
    package var literalWords: [UInt64] { words }
    /// How many slots each entry (intent) has: a match is only reported when its slots are
    /// among them, which a compiled model always satisfies and a damaged file cannot break.
    private let entrySlotCounts: [Int32]
    /// Each entry's first default sample (a built-in intent's catalog sample, after the
    /// model's own): a match of one loses to a match of a sample the model wrote.
    private let entryDefaultsFrom: [Int32]

    var nodeCount: Int { slotStart.count - 1 }

    @inline(__always)
    private static func edge(_ node: Int32, _ key: UInt64) -> UInt64 {
        StableHash.combine(UInt64(UInt32(bitPattern: node)), key)
    }

    /// Compiles every sample of every intent of `schema`; AMAZON.SearchQuery slots take any words.
    public init(schema: SkillSchema) {
        self.init(entries: schema.intents.map { ($0.slots, $0.samples) }, schema: schema,
                  takesAnyWords: { _, slot in schema.types[slot.type].name == "AMAZON.SearchQuery" },
                  defaultsFrom: schema.intents.map(\.ownSampleCount))
    }

    /// Compiles arbitrary sample lists; a match's `intent` is the index into `entries`.
    /// - Parameter takesAnyWords: which slots (by entry index and slot) consume any words instead
    ///   of only values of their type.
    /// - Parameter defaultsFrom: each entry's first default sample; nil: none is a default.
    init(entries: [(slots: [SkillSchema.SlotInfo], samples: [SampleTemplate])], schema: SkillSchema,
         takesAnyWords: (_ entry: Int, _ slot: SkillSchema.SlotInfo) -> Bool, defaultsFrom: [Int]? = nil) {
        // Numbered as a model file stores them, so that a loaded model is this one.
        self = ExactMatcher(compiling: entries, schema: schema, takesAnyWords: takesAnyWords, defaultsFrom: defaultsFrom)
            .laidOut()
    }

    /// The trie of `entries` with its nodes numbered in the order compiling makes them.
    private init(compiling entries: [(slots: [SkillSchema.SlotInfo], samples: [SampleTemplate])], schema: SkillSchema,
                 takesAnyWords: (_ entry: Int, _ slot: SkillSchema.SlotInfo) -> Bool, defaultsFrom: [Int]?) {
        entrySlotCounts = entries.map { Int32($0.slots.count) }
        entryDefaultsFrom = (defaultsFrom ?? entries.map(\.samples.count)).map { Int32($0) }
        var literals = HashIndex()
        var nodeSlots: [[SlotEdge]] = [[]]
        var nodeAccepts: [[Int32]] = [[]]
        var parentOf: [Int32] = [-1]
        var wordOf: [Int32] = [-1]
        var words: [UInt64] = []
        var wordIndex: [UInt64: Int32] = [:]
        func newNode(_ parent: Int32, _ literal: UInt64?) -> Int32 {
            nodeSlots.append([])
            nodeAccepts.append([])
            parentOf.append(parent)
            if let literal {
                let index = wordIndex[literal] ?? Int32(words.count)
                if index == words.count {
                    wordIndex[literal] = index
                    words.append(literal)
                }
                wordOf.append(index)
            } else {
                wordOf.append(-1)
            }
            return Int32(nodeSlots.count - 1)
        }
        for (ii, entry) in entries.enumerated() {
            for (si, sample) in entry.samples.enumerated() {
                var node: Int32 = 0
                var valid = true
                for part in sample.parts {
                    switch part {
                    case .text(let s):
                        for t in schema.tokenizer.tokenize(s) {
                            let key = PhraseTrie.key(t)
                            let edge = Self.edge(node, key)
                            if let next = literals.value(edge) { node = next } else {
                                let next = newNode(node, key)
                                literals.set(edge, next)
                                node = next
                            }
                        }
                    case .slot(let name, _):
                        guard let slotIndex = entry.slots.firstIndex(where: { $0.name == name }) else { valid = false; break }
                        let type = Int32(entry.slots[slotIndex].type)
                        let any = takesAnyWords(ii, entry.slots[slotIndex])
                        if let e = nodeSlots[Int(node)].first(where: {
                            $0.slot == Int32(slotIndex) && $0.type == type && $0.takesAnyWords == any
                        }) {
                            node = e.child
                        } else {
                            let next = newNode(node, nil)
                            nodeSlots[Int(node)].append(SlotEdge(slot: Int32(slotIndex), type: type, takesAnyWords: any, child: next))
                            node = next
                        }
                    }
                    if !valid { break }
                }
                if valid, node != 0 { nodeAccepts[Int(node)] += [Int32(ii), Int32(si)] }
            }
        }
        self.parentOf = parentOf
        self.wordOf = wordOf
        self.words = words
        // Compiling never gives a node two edges of one word (it follows the edge it has).
        self.literals = TrieEdges(parents: parentOf, words: wordOf, vocabulary: words)!
        slotStart = [0]
        acceptStart = [0]
        for n in 0..<nodeSlots.count {
            slotEdges += nodeSlots[n]
            slotStart.append(Int32(slotEdges.count))
            accepts += nodeAccepts[n]
            acceptStart.append(Int32(accepts.count))
        }
    }

    // MARK: The compiled samples

    /// Where each entry's samples end in the trie: per entry, each sample it holds with the
    /// node its path ends at (a sample naming a slot its entry lacks, or saying nothing, is
    /// not held).
    func sampleEnds() -> [[(sample: Int, node: Int32)]] {
        var ends = [[(sample: Int, node: Int32)]](repeating: [], count: entrySlotCounts.count)
        for n in 0..<nodeCount {
            for a in stride(from: Int(acceptStart[n]), to: Int(acceptStart[n + 1]), by: 2) {
                ends[Int(accepts[a])].append((Int(accepts[a + 1]), Int32(n)))
            }
        }
        return ends
    }

    /// Node `node`'s parent (-1 for the root) and the literal key of the edge that reaches it
    /// (nil for a slot edge and the root): a sample's path read backwards from where it ends.
    func step(to node: Int32) -> (parent: Int32, literal: UInt64?) {
        (parentOf[Int(node)], literal(of: Int(node)))
    }

    /// The key of the literal that reaches node `n`, nil for the root and a node reached by a slot edge.
    @inline(__always)
    private func literal(of n: Int) -> UInt64? {
        wordOf[n] < 0 ? nil : words[Int(wordOf[n])]
    }

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
    private func endsTable() -> [UInt8] {
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
    private static let part = "the compiled samples"

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
    private static func readEnds<Ends: BoundedVarints>(_ ends: inout Ends, count: Int, schema: SkillSchema) throws
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

    // MARK: Laid out (section version 4)

    /// This trie with its nodes numbered breadth first, each node's children together and in
    /// the order lookups and matching take them: its literal children as ``TrieEdges`` keeps
    /// them (in the order they were made, by key at a node with many), then its slot children
    /// in the order of its slot edges; the literal keys from the most used (the shortest
    /// varints in a file) to the least, first use breaking ties. Matches are those of this
    /// trie, found in the same order; only the numbers of nodes and keys differ.
    private func laidOut() -> ExactMatcher {
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
    private struct LaidOutTables {
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
        let isDefault = found.map { Int32($0.0.sample) >= entryDefaultsFrom[$0.0.intent] }
        let ownSaysIt = found.indices.contains { !isDefault[$0] && !freeText[$0] }
        let demoted = found.indices.map { ownSaysIt && isDefault[$0] }
        return found.indices.sorted { a, b in
            (demoted[a] ? 1 : 0, found[a].1, a) < (demoted[b] ? 1 : 0, found[b].1, b)
        }.prefix(limit).map { found[$0].0 }
    }
}

