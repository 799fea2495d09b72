import Testing
import Understanding
@testable import SkillNLU

/// The length-rank form of the posting lists must describe the same lists as the key form,
/// and the shared-trigram threshold of the exact fuzzy search must never drop a key that is
/// within its allowed distance.
@Suite struct TrigramPostingsTests {
    static func randomKeys(_ rng: inout SeededGenerator, count: Int) -> [[Unicode.Scalar]] {
        let alphabet = Array("abcdeilnorst ".unicodeScalars)
        return (0..<count).map { _ in (0..<(1 + rng.below(14))).map { _ in rng.pick(alphabet) } }
    }

    @Test func ranksDescribeTheSameListsOrderedByLengthThenKey() {
        var rng = SeededGenerator(seed: 21)
        let keys = Self.randomKeys(&rng, count: 700)
        let lengths = keys.map { Int32($0.count) }
        let p = TrigramPostings(keys: keys, lengths: lengths)
        // Ranks: every key once, ordered by (length, key).
        #expect(p.keyOfRank.sorted() == (0..<Int32(keys.count)).map { $0 })
        let expectedOrder = keys.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }.map(Int32.init)
        #expect(p.keyOfRank == expectedOrder)
        var rankOfKey = [Int32](repeating: 0, count: keys.count)
        for (r, k) in p.keyOfRank.enumerated() { rankOfKey[Int(k)] = Int32(r) }
        #expect(p.rankLengths == p.keyOfRank.map { lengths[Int($0)] })
        #expect(p.rankCounts == p.keyOfRank.map { p.counts[Int($0)] })
        // Each list in rank form: the key form's keys as ranks, ascending.
        for range in p.ranges {
            let r = Int(range.lowerBound)..<Int(range.upperBound)
            #expect(Array(p.rankPostings[r]) == p.postings[r].map { rankOfKey[Int($0)] }.sorted())
        }
        // The first rank of each length: the number of keys shorter than it.
        for n in p.lengthStarts.indices {
            #expect(Int(p.lengthStarts[n]) == lengths.filter { Int($0) < n }.count, "length \(n)")
        }
        #expect(Int(p.lengthStarts.last!) == keys.count)
    }

    @Test func trigramsOfABufferAreThoseOfThePaddedKey() {
        var rng = SeededGenerator(seed: 3)
        for key in Self.randomKeys(&rng, count: 200) {
            let padded: [UInt32] = [32] + key.map(\.value) + [32]
            let plain: [UInt32] = (0..<(padded.count - 2)).map { i in
                padded[i..<(i + 3)].reduce(UInt32(2_166_136_261)) { ($0 ^ $1) &* 16_777_619 }
            }
            #expect(EntityIndex.trigrams(key) == plain)
        }
    }

    /// Every key within the resolver's allowed distance of a query, with its length in the
    /// query's window, shares at least the needed number of the query's distinct trigrams.
    @Test func keysWithinTheirDistanceShareTheNeededTrigrams() {
        var rng = SeededGenerator(seed: 8)
        let alphabet = Array("abcdeilnorst ".unicodeScalars)
        var checked = 0
        for _ in 0..<4_000 {
            let query = (0..<(4 + rng.below(30))).map { _ in rng.pick(alphabet) }
            var key = query
            for _ in 0..<rng.below(8) {
                let i = rng.below(max(1, key.count))
                switch rng.below(3) {
                case 0 where !key.isEmpty: key[i] = rng.pick(alphabet)
                case 1: key.insert(rng.pick(alphabet), at: i)
                default: if !key.isEmpty { key.remove(at: i) }
                }
            }
            let window = EntityIndex.lengthWindow(query: query.count)
            guard window.contains(key.count) else { continue }
            let longest = max(key.count, query.count)
            guard EditDistanceTests.naive(query, key) <= max(1, longest / 5) else { continue }
            let queryGrams = Set(EntityIndex.trigrams(query))
            let shared = queryGrams.intersection(EntityIndex.trigrams(key)).count
            let needed = EntityIndex.sharedTrigramsNeeded(query: query.count, window: window, queryGrams: queryGrams.count)
            #expect(shared >= needed, "\(String(String.UnicodeScalarView(query))) / \(String(String.UnicodeScalarView(key)))")
            checked += 1
        }
        #expect(checked > 500)
    }
}
