import Testing
@testable import SkillNLU

/// The literal edges of a trie grouped per node: every edge a trie built one phrase at a time
/// has is found, nothing else is, and a node with two edges of one key is refused.
@Suite struct TrieEdgesTests {
    struct Trie {
        var parents: [Int32] = [-1]
        var words: [Int32] = [-1]
        var vocabulary: [UInt64] = []
        var edges: [UInt64: Int32] = [:]
    }

    /// A trie of phrases over `wordCount` words (so that nodes share prefixes, and the root and
    /// some nodes have more edges than are scanned one by one), built by following the edge a
    /// node has; every fifth step is an edge without a word, as compiled samples' slots are.
    static func trie(phrases: Int, wordCount: UInt64, seed: UInt64) -> Trie {
        var t = Trie()
        t.vocabulary = (1...wordCount).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        var state = seed
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % bound
        }
        for _ in 0..<phrases {
            var node: Int32 = 0
            for _ in 0...next(5) {
                if next(5) == 0 {
                    t.parents.append(node)
                    t.words.append(-1)
                    node = Int32(t.parents.count - 1)
                    continue
                }
                let word = Int32(next(wordCount))
                let edge = StableHash.combine(UInt64(UInt32(bitPattern: node)), t.vocabulary[Int(word)])
                if let child = t.edges[edge] { node = child; continue }
                t.parents.append(node)
                t.words.append(word)
                node = Int32(t.parents.count - 1)
                t.edges[edge] = node
            }
        }
        return t
    }

    @Test(arguments: [(UInt64(3), UInt64(1)), (40, 7), (400, 9)])
    func everyEdgeIsFoundAndNoOther(wordCount: UInt64, seed: UInt64) throws {
        let t = Self.trie(phrases: 2_000, wordCount: wordCount, seed: seed)
        let sorted = try #require(TrieEdges(parents: t.parents, words: t.words, vocabulary: t.vocabulary))
        #expect(sorted.count == t.edges.count)
        let absent: [UInt64] = [0, 12345, t.vocabulary[0] &+ 1]
        for node in 0..<Int32(t.parents.count) {
            for key in t.vocabulary + absent {
                let expected = t.edges[StableHash.combine(UInt64(UInt32(bitPattern: node)), key)]
                #expect(sorted.child(of: node, key: key) == expected, "node \(node), key \(key)")
            }
        }
    }

    @Test func aNodeWithTwoEdgesOfOneKeyIsRefused() {
        let parents: [Int32] = [-1, 0, 0, 1, 1]
        let vocabulary: [UInt64] = [5, 7, 9]
        let distinct = TrieEdges(parents: parents, words: [-1, 0, 2, 0, 1], vocabulary: vocabulary)
        #expect(distinct?.child(of: 1, key: 5) == 3 && distinct?.child(of: 0, key: 9) == 2)
        #expect(TrieEdges(parents: parents, words: [-1, 0, 2, 1, 1], vocabulary: vocabulary) == nil)
        // Among many edges of one node (sorted, not scanned), too.
        let many = (0..<20).map { Int32($0) }
        let wide = [-1] + many + [3]
        #expect(TrieEdges(parents: [-1] + [Int32](repeating: 0, count: 21), words: wide,
                          vocabulary: (0..<20).map { UInt64($0) * 11 }) == nil)
        #expect(TrieEdges(parents: [-1] + [Int32](repeating: 0, count: 20), words: [-1] + many,
                          vocabulary: (0..<20).map { UInt64($0) * 11 })?.child(of: 0, key: 33) == 4)
        #expect(TrieEdges(parents: [-1], words: [-1], vocabulary: []) == TrieEdges())
    }

    /// Edges already grouped by node are kept as they are: those the counting sort makes from
    /// parents, once checked; a repeated key, or a wide node's keys out of order, are refused.
    @Test(arguments: [(UInt64(3), UInt64(1)), (40, 7), (400, 9)])
    func groupedEdgesAreKeptAsTheyAreAndChecked(wordCount: UInt64, seed: UInt64) throws {
        let t = Self.trie(phrases: 2_000, wordCount: wordCount, seed: seed)
        let sorted = try #require(TrieEdges(parents: t.parents, words: t.words, vocabulary: t.vocabulary))
        var start: [Int32] = [0], keys: [UInt64] = [], children: [Int32] = []
        for node in 0..<Int32(t.parents.count) {
            for child in sorted.children(of: node) {
                keys.append(t.vocabulary[Int(t.words[Int(child)])])
                children.append(child)
            }
            start.append(Int32(keys.count))
        }
        #expect(TrieEdges(start: start, keys: keys, children: children) == sorted)
        // A node of more than eight edges (the root, given words enough) with two swapped, and a repeated key.
        let wide = Int(start[1])
        if wordCount > 8 {
            #expect(wide > 8)
            var swapped = keys
            swapped.swapAt(wide - 2, wide - 1)
            let refused = TrieEdges(start: start, keys: swapped, children: children) == nil
            #expect(refused)
        }
        let narrow = try #require((0..<(start.count - 1)).first { start[$0 + 1] - start[$0] == 2 })
        var repeated = keys
        repeated[Int(start[narrow]) + 1] = repeated[Int(start[narrow])]
        let repeatedRefused = TrieEdges(start: start, keys: repeated, children: children) == nil
        #expect(repeatedRefused)
        var reversed = keys
        reversed[Int(start[narrow])..<Int(start[narrow]) + 2].reverse()
        #expect(TrieEdges(start: start, keys: reversed, children: children) != nil, "a narrow node's edges in any order")
    }
}
