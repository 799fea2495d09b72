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
    var literals = TrieEdges()
    /// Node `n`'s slot edges are `slotEdges[slotStart[n]..<slotStart[n + 1]]`, in the order the
    /// samples gave them.
    var slotStart: [Int32] = [0, 0]
    var slotEdges: [SlotEdge] = []
    /// (intent, sample) of the samples that end at node `n`: `accepts[acceptStart[n]..<acceptStart[n + 1]]`.
    var acceptStart: [Int32] = [0, 0]
    var accepts: [Int32] = []
    /// Each node's parent and, for a node reached by a literal, the index in ``words`` of that
    /// literal's key, -1 for the root and a node reached by a slot edge (what a model file
    /// stores; such a node is found in its parent's slot edges).
    var parentOf: [Int32] = [-1]
    var wordOf: [Int32] = [-1]
    /// The distinct literal keys, in the order nodes first use them.
    var words: [UInt64] = []
    /// Every word a sample says outside its slots (the built-in intents' catalogue samples
    /// too), as token keys: the skill's carrier words.
    package var literalWords: [UInt64] { words }
    /// How many slots each entry (intent) has: a match is only reported when its slots are
    /// among them, which a compiled model always satisfies and a damaged file cannot break.
    let entrySlotCounts: [Int32]
    /// Each entry's first default sample (a built-in intent's catalog sample, after the
    /// model's own): a match of one loses to a match of a sample the model wrote.
    let entryDefaultsFrom: [Int32]

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
    func literal(of n: Int) -> UInt64? {
        wordOf[n] < 0 ? nil : words[Int(wordOf[n])]
    }

}

