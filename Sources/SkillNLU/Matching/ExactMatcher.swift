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
    struct SlotEdge: Sendable {
        var slot: Int32      // index into the intent's slots
        var type: Int32      // schema type index
        /// Whether the slot takes any words here (free text) rather than only values of its type.
        var takesAnyWords: Bool
        var child: Int32
    }

    struct Node: Sendable {
        var literals: [UInt64: Int32] = [:]
        var slots: [SlotEdge] = []
        /// (intent index, sample index) of samples that end here.
        var accepts: [(intent: Int32, sample: Int32)] = []
    }

    /// One way the utterance spells a sample.
    public struct Match: Sendable {
        public var intent: Int
        public var sample: Int
        /// (slot index within the intent, token start, token end exclusive).
        public var slots: [(slot: Int, start: Int, end: Int)]
    }

    private var nodes: [Node] = [Node()]

    /// Compiles every sample of every intent of `schema`; AMAZON.SearchQuery slots take any words.
    public init(schema: SkillSchema) {
        self.init(entries: schema.intents.map { ($0.slots, $0.samples) }, schema: schema,
                  takesAnyWords: { _, slot in schema.types[slot.type].name == "AMAZON.SearchQuery" })
    }

    /// Compiles arbitrary sample lists; a match's `intent` is the index into `entries`.
    /// - Parameter takesAnyWords: which slots (by entry index and slot) consume any words instead
    ///   of only values of their type.
    init(entries: [(slots: [SkillSchema.SlotInfo], samples: [SampleTemplate])], schema: SkillSchema,
         takesAnyWords: (_ entry: Int, _ slot: SkillSchema.SlotInfo) -> Bool) {
        for (ii, entry) in entries.enumerated() {
            for (si, sample) in entry.samples.enumerated() {
                var node: Int32 = 0
                var valid = true
                for part in sample.parts {
                    switch part {
                    case .text(let s):
                        for t in schema.tokenizer.tokenize(s) {
                            let k = PhraseTrie.key(t)
                            if let next = nodes[Int(node)].literals[k] { node = next } else {
                                nodes.append(Node())
                                let next = Int32(nodes.count - 1)
                                nodes[Int(node)].literals[k] = next
                                node = next
                            }
                        }
                    case .slot(let name, _):
                        guard let slotIndex = entry.slots.firstIndex(where: { $0.name == name }) else { valid = false; break }
                        let type = Int32(entry.slots[slotIndex].type)
                        let any = takesAnyWords(ii, entry.slots[slotIndex])
                        if let e = nodes[Int(node)].slots.first(where: {
                            $0.slot == Int32(slotIndex) && $0.type == type && $0.takesAnyWords == any
                        }) {
                            node = e.child
                        } else {
                            nodes.append(Node())
                            let next = Int32(nodes.count - 1)
                            nodes[Int(node)].slots.append(SlotEdge(slot: Int32(slotIndex), type: type, takesAnyWords: any, child: next))
                            node = next
                        }
                    }
                    if !valid { break }
                }
                if valid, node != 0 { nodes[Int(node)].accepts.append((Int32(ii), Int32(si))) }
            }
        }
    }

    /// The sample matches of `tokens`, best first: fewer slot-filled tokens (more literal) first.
    /// - Parameter valueSpans: for each token position, the spans starting there with the
    ///   schema types they are values of (gazetteer and built-in finds).
    public func matches(keys: [UInt64], valueSpans: [[(end: Int, types: [Int32])]], limit: Int = 4) -> [Match] {
        var found: [(Match, Int)] = []
        var steps = 0
        var assignment: [(slot: Int, start: Int, end: Int)] = []
        let n = keys.count
        func walk(_ node: Int32, _ pos: Int, _ slotTokens: Int) {
            steps += 1
            if steps > 20_000 || found.count >= limit * 4 { return }
            let nd = nodes[Int(node)]
            if pos == n {
                for a in nd.accepts { found.append((Match(intent: Int(a.intent), sample: Int(a.sample), slots: assignment), slotTokens)) }
                return
            }
            if let next = nd.literals[keys[pos]] { walk(next, pos + 1, slotTokens) }
            for e in nd.slots {
                if e.takesAnyWords {
                    for end in stride(from: n, to: pos, by: -1) {
                        assignment.append((Int(e.slot), pos, end))
                        walk(e.child, end, slotTokens + end - pos)
                        assignment.removeLast()
                    }
                    continue
                }
                for span in valueSpans[pos] where span.types.contains(e.type) {
                    assignment.append((Int(e.slot), pos, span.end))
                    walk(e.child, span.end, slotTokens + span.end - pos)
                    assignment.removeLast()
                }
            }
        }
        guard n > 0 else { return [] }
        walk(0, 0, 0)
        return found.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }
}
