import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// The compiled samples laid out (section version 4): nodes numbered breadth first with each
/// node's children together, a wide node's by key, read in one pass. A compiled trie is the
/// one its file gives back; a file of version 3 still loads and matches alike; a damaged
/// laid-out section is refused.
@Suite struct ExactMatcherLayoutTests {
    /// Wide nodes (the root and "play" have more than eight literal children), slot edges of
    /// two kinds from one node, and nodes where several samples end.
    static let json: String = {
        let openings = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo"]
        let plays = ["jazz", "rock", "pop", "blues", "soul", "funk", "metal", "folk", "disco", "house", "techno"]
        let a = openings.map { "\"\($0) one\"" } + plays.map { "\"play \($0) now\"" } + ["\"help me\""]
        let b = ["\"play {thing}\"", "\"play {thing} now\"", "\"play {query} loud\"", "\"help me\"", "\"find {thing} for {query}\"",
                 "\"alpha {thing}\"", "\"{thing}\""]
        return """
        {"interactionModel": {"languageModel": {"invocationName": "layout test", "intents": [
          {"name": "WordsIntent", "samples": [\(a.joined(separator: ", "))]},
          {"name": "SlotsIntent", "slots": [{"name": "thing", "type": "Thing"}, {"name": "query", "type": "AMAZON.SearchQuery"}],
           "samples": [\(b.joined(separator: ", "))]}],
          "types": [{"name": "Thing", "values": [{"name": {"value": "red box"}}, {"name": {"value": "jazz"}}]}]}}}
        """
    }()

    static let schema: SkillSchema = {
        let model = try! Importer.decode(Data(json.utf8))
        return SkillSchema(model: model, tokenizer: Tokenizer(locale: "en-US"))
    }()

    static let compiled = ExactMatcher(schema: schema)

    /// (text, spans of the type Thing as (start, end)).
    static let probes: [(String, [(Int, Int)])] = [
        ("alpha one", []), ("kilo one", []), ("play jazz now", [(1, 2)]), ("play techno now", []), ("help me", []),
        ("play red box", [(1, 3)]), ("play red box now", [(1, 3), (1, 2)]), ("play anything at all loud", []),
        ("find red box for a song", [(1, 3)]), ("alpha jazz", [(1, 2)]), ("jazz", [(0, 1)]), ("zulu one", []),
        ("play", []), ("alpha", []),
    ]

    static func matches(_ m: ExactMatcher) -> [String] {
        let thing = Int32(schema.typeIndex["Thing"]!)
        return probes.map { text, spans in
            let keys = schema.tokenizer.tokenize(text).map(PhraseTrie.key)
            var nested = [[(end: Int, types: [Int32])]](repeating: [], count: keys.count)
            for (start, end) in spans { nested[start].append((end, [thing])) }
            return m.matches(keys: keys, valueSpans: nested, limit: 8)
                .map { "\($0.intent)/\($0.sample)/\($0.slots.map { "\($0.slot):\($0.start)-\($0.end)" })" }
                .joined(separator: " ")
        }
    }

    /// Each sample the trie holds with its path, words and slots from the root: what
    /// ``SampleCarriers`` reads, whatever the node numbers.
    static func paths(_ m: ExactMatcher) -> [[String]] {
        m.sampleEnds().map { ends in
            ends.map { sample, end in
                var steps: [String] = []
                var node = end
                while node > 0 {
                    let step = m.step(to: node)
                    steps.append(step.literal.map { "\($0)" } ?? "slot")
                    node = step.parent
                }
                return "\(sample): \(steps.reversed())"
            }.sorted()
        }
    }

    static func laidOutBytes(_ m: ExactMatcher) -> [UInt8] {
        var w = BinaryWriter()
        m.writeLaidOut(to: &w)
        return w.bytes
    }

    static func readLaidOut(_ bytes: [UInt8]) throws -> ExactMatcher {
        var r = BinaryReader(bytes)
        let m = try ExactMatcher(readingLaidOut: &r, schema: schema)
        #expect(r.remaining == 0)
        return m
    }

    @Test func aLaidOutTrieReadsBackAsTheCompiledOne() throws {
        let m = Self.compiled
        #expect(m.nodeCount > 30)
        let bytes = Self.laidOutBytes(m)
        let loaded = try Self.readLaidOut(bytes)
        #expect(Self.matches(loaded) == Self.matches(m))
        #expect(Self.laidOutBytes(loaded) == bytes)
        #expect(loaded.literalWords == m.literalWords)
        #expect(loaded.nodeCount == m.nodeCount)
        let ends = m.sampleEnds(), loadedEnds = loaded.sampleEnds()
        #expect(ends.map { $0.map(\.sample) } == loadedEnds.map { $0.map(\.sample) })
        #expect(ends.map { $0.map(\.node) } == loadedEnds.map { $0.map(\.node) }, "the same numbering")
        for n in 0..<Int32(m.nodeCount) { #expect(loaded.step(to: n) == m.step(to: n)) }
        // The probes exercise what they are meant to: wide nodes, slots of both kinds, two ends at a node.
        let found = Self.matches(m)
        #expect(found[1].hasPrefix("0/10/") && found[3].hasPrefix("0/21/"))
        #expect(found[4] == "0/22/[] 1/3/[]")
        #expect(found[7] == "1/2/[\"1:1-4\"]")
        #expect(found[2].contains("0/11/[]") && found[2].contains("1/1/[\"0:1-2\"]"))
        #expect(found[11].isEmpty && found[12].isEmpty)
    }

    /// Nodes are numbered breadth first, each node's literal children first and consecutive,
    /// a wide node's in key order.
    @Test func nodesAreNumberedBreadthFirstAndAWideNodesChildrenByKey() throws {
        let m = Self.compiled
        let parents = (1..<Int32(m.nodeCount)).map { m.step(to: $0).parent }
        #expect(parents == parents.sorted(), "children of a node come after those of the nodes before it")
        let rootLiterals = (1..<Int32(m.nodeCount)).prefix { m.step(to: $0).parent == 0 }.compactMap { m.step(to: $0).literal }
        #expect(rootLiterals.count > 8 && rootLiterals == rootLiterals.sorted())
        let play = PhraseTrie.key(Self.schema.tokenizer.tokenize("play")[0])
        let playNode = try #require((1..<Int32(m.nodeCount)).first { m.step(to: $0) == (0, play) })
        let playChildren = (1..<Int32(m.nodeCount)).filter { m.step(to: $0).parent == playNode }
        let playLiterals = playChildren.compactMap { m.step(to: $0).literal }
        #expect(playLiterals.count > 8 && playLiterals == playLiterals.sorted())
        #expect(playChildren == Array(playChildren[0]...playChildren[playChildren.count - 1]))
        #expect(playChildren.suffix(2).allSatisfy { m.step(to: $0).literal == nil }, "slot children after the literal ones")
    }

    /// Version 3 (each node's parent, in the order compiling made them) still loads, matches
    /// alike, gives the same sample paths and is written again as the laid-out trie.
    @Test func aTrieOfTheLayoutBeforeStillLoadsAndMatchesAlike() throws {
        var w = BinaryWriter()
        Self.compiled.writeKeysApart(to: &w)
        var r = BinaryReader(w.bytes)
        let before = try ExactMatcher(readingKeysApart: &r, schema: Self.schema)
        #expect(Self.matches(before) == Self.matches(Self.compiled))
        #expect(Self.paths(before) == Self.paths(Self.compiled))
        #expect(Self.laidOutBytes(before) == Self.laidOutBytes(Self.compiled))
    }

    @Test func aModelFileOfTheVersionBeforeStillLoadsAndAnswersAlike() throws {
        let model = SampleCarrierBuildTests.model
        let bytes = model.fileBytes()
        var parts = ChunkedFileParts(bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == "EXCT" })
        #expect(parts.sections[index].version == 4)
        var w = BinaryWriter()
        model.matcher.writeKeysApart(to: &w)
        parts.sections[index].version = 3
        parts.sections[index].payload = w.bytes
        let loaded = try NLUModel(fileBytes: parts.sealed)
        for text in ["play hey jude by the beatles", "play some jazz", "play some music now", "yesterday", "stop", "zzz"] {
            #expect(loaded.classify(text) == model.classify(text), "\(text)")
        }
        #expect(loaded.fileBytes() == bytes, "written again in the newest layout")
        parts.sections[index].version = 5
        #expect(throws: ModelFileError.self, "a newer version") { try NLUModel(fileBytes: parts.sealed) }
    }

    // MARK: Damaged sections

    static let keys: [UInt64] = (1...12).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }.sorted()

    /// A laid-out section of `count` nodes over ``keys``: the literal children's key indexes and
    /// the ends as they are, then deflated the literal edge count `edges` with the nodes' shapes,
    /// and the slot children.
    static func section(count: Int, edges: Int, shapes: [Int], words: [Int] = [], slots: [Int] = [],
                        ends: [Int] = [0]) -> [UInt8] {
        func varints(_ table: [Int]) -> [UInt8] {
            var v = VarintWriter()
            for n in table { v.put(n) }
            return v.bytes
        }
        var w = BinaryWriter()
        w.write(count)
        w.write(keys)
        w.write(bytes: varints(words))
        w.write(bytes: varints(ends))
        DeflatedPayload.write(to: &w) {
            $0.write(bytes: varints([edges] + shapes))
            $0.write(bytes: varints(slots))
        }
        return w.bytes
    }

    /// The root with `words` as its literal children (leaves), then one slot child.
    static func root(_ words: [Int], slot: Bool = true) -> [UInt8] {
        let leaves = [Int](repeating: 0, count: words.count + (slot ? 1 : 0))
        return section(count: words.count + (slot ? 2 : 1), edges: words.count,
                       shapes: [words.count << 1 | (slot ? 1 : 0)] + (slot ? [0] : []) + leaves, words: words,
                       slots: slot ? [0, 1, Int(schema.typeIndex["Thing"]!)] : [])
    }

    @Test func aHandMadeLaidOutTrieLoads() throws {
        let m = try Self.readLaidOut(Self.root(Array(0..<10)))
        #expect(m.nodeCount == 12)
        #expect(m.step(to: 3) == (0, Self.keys[2]) && m.step(to: 11) == (0, nil))
        let narrow = try Self.readLaidOut(Self.root([4, 1, 7]))
        #expect(narrow.step(to: 1) == (0, Self.keys[4]), "a narrow node's edges in the order made")
        let inner = try Self.readLaidOut(Self.section(count: 3, edges: 1, shapes: [1, 0, 2, 0], words: [5], slots: [1, 0, 0]))
        #expect(inner.step(to: 1) == (0, nil) && inner.step(to: 2) == (1, Self.keys[5]))
    }

    @Test func aChildCountOutOfRangeIsRefused() {
        // The root claims eleven literal children of ten edges; then a second slot child of none left.
        #expect(throws: ModelFileError.self) {
            try Self.readLaidOut(Self.section(count: 11, edges: 10, shapes: [11 << 1] + [Int](repeating: 0, count: 10),
                                              words: Array(0..<11)))
        }
        #expect(throws: ModelFileError.self) {
            try Self.readLaidOut(Self.section(count: 2, edges: 0, shapes: [1, 1, 0], slots: [0, 1, 0, 0, 1, 0]))
        }
        // Too few children for the node count: a node nothing reaches.
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.section(count: 3, edges: 1, shapes: [1 << 1, 0, 0], words: [0])) }
        // More edges than the nodes have.
        #expect(throws: ModelFileError.self) {
            try Self.readLaidOut(Self.section(count: 3, edges: 2, shapes: [1 << 1 | 1, 0, 0, 0], words: [0], slots: [0, 1, 0]))
        }
        // Numbers left over in a table.
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.section(count: 2, edges: 1, shapes: [1 << 1, 0], words: [0, 3])) }
    }

    @Test func keysOutOfOrderAtAWideNodeAreRefused() {
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.root(Array((0..<10).reversed()))) }
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.root([0, 1, 2, 3, 4, 5, 6, 7, 9, 8])) }
        // Eight children are scanned one by one, in any order.
        #expect(throws: Never.self) { try Self.readLaidOut(Self.root(Array((0..<8).reversed()))) }
    }

    @Test func aRepeatedKeyIsRefused() {
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.root([3, 5, 3])) }
        #expect(throws: ModelFileError.self) { try Self.readLaidOut(Self.root([0, 1, 2, 3, 4, 5, 6, 7, 8, 8])) }
        #expect(throws: ModelFileError.self, "a key index past the keys") { try Self.readLaidOut(Self.root([0, 12])) }
    }
}
