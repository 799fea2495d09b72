import Testing
@testable import SkillNLU

/// The gazetteer keeps every node's entries in one array: a phrase that gets another entry
/// after other phrases were added keeps all of its entries, in the order given, and a file
/// written from such a trie reads back to the same lookups.
@Suite struct PhraseTrieEntriesTests {
    static let keys: [[UInt64]] = [[1, 2], [1, 3], [4], [1, 2, 5], [4, 6]]

    /// Entries added phrase after phrase, then a second round to each phrase (each node's list
    /// then lies behind other nodes' entries), and one repeated entry (not kept twice).
    static func trie() -> PhraseTrie {
        var trie = PhraseTrie()
        for (i, k) in keys.enumerated() { trie.insert(k, entry: .init(type: 0, value: Int32(i))) }
        for (i, k) in keys.enumerated() { trie.insert(k, entry: .init(type: 1, value: Int32(i))) }
        trie.insert(keys[0], entry: .init(type: 0, value: 0))
        return trie
    }

    @Test func aPhraseKeepsEveryEntryInTheOrderGiven() throws {
        let trie = Self.trie()
        for (i, k) in Self.keys.enumerated() {
            let entries = try #require(trie.lookup(k))
            #expect(Array(entries) == [.init(type: 0, value: Int32(i)), .init(type: 1, value: Int32(i))], "\(k)")
        }
        #expect(trie.lookup([1]) == nil, "a prefix that is no phrase")
        #expect(trie.lookup([7]) == nil)
        let matches = trie.allMatches([1, 2, 5])
        #expect(matches.map { [$0.start, $0.end] } == [[0, 2], [0, 3]])
        #expect(matches.map { $0.entries.count } == [2, 2])
    }

    @Test func aWrittenTrieReadsBackToTheSameLookups() throws {
        let trie = Self.trie()
        var w = BinaryWriter()
        trie.writeKeysApart(to: &w)
        var r = BinaryReader(w.bytes)
        let read = try PhraseTrie(readingKeysApart: &r, valueCounts: [Self.keys.count, Self.keys.count])
        for k in Self.keys { #expect(read.lookup(k).map(Array.init) == trie.lookup(k).map(Array.init), "\(k)") }
        #expect(read.allMatches([4, 6, 1, 3]).map(\.entries.count) == trie.allMatches([4, 6, 1, 3]).map(\.entries.count))
        var again = BinaryWriter()
        read.writeKeysApart(to: &again)
        #expect(again.bytes == w.bytes, "written again alike")
    }

    @Test func theTokensOfATypesPhrasesComeAscendingAndOnce() {
        var trie = PhraseTrie()
        trie.insert([9, 3], entry: .init(type: 0, value: 0))
        trie.insert([9, 7, 3], entry: .init(type: 0, value: 1))
        trie.insert([5], entry: .init(type: 1, value: 0))
        trie.insert([9, 3, 8], entry: .init(type: 2, value: 0))
        #expect(trie.tokens(ofTypes: [true, true, false]) == [[3, 7, 9], [5], []])
        #expect(trie.tokens(ofTypes: [false, false, true]) == [[], [], [3, 8, 9]])
        // More than 64 types wanted: worked out 64 at a time.
        var many = PhraseTrie()
        for t in 0..<70 { many.insert([UInt64(100 + t), 1], entry: .init(type: Int32(t), value: 0)) }
        let tokens = many.tokens(ofTypes: [Bool](repeating: true, count: 70))
        #expect(tokens.enumerated().allSatisfy { t, keys in keys == [1, UInt64(100 + t)] })
    }
}
