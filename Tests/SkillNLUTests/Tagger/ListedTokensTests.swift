import Testing
import Understanding
@testable import SkillNLU

/// ``ListedTokens/contains(_:)`` (a bit filter, then a binary search) against the set itself,
/// on lists of every size and keys that share the filter's bits with listed ones.
@Suite struct ListedTokensTests {
    @Test func containsAnswersAsTheSetDoes() {
        var g = SeededGenerator(seed: 11)
        for size in [0, 1, 2, 7, 50, 400, 3000] {
            let keys = Set((0..<size).map { _ in g.next() })
            let listed = ListedTokens(keys)
            // Listed keys, random ones, and neighbours of listed ones (small differences).
            let probes = Array(keys) + (0..<2000).map { _ in g.next() } + keys.prefix(200).flatMap { [$0 &+ 1, $0 ^ (1 << 40)] }
            for key in probes {
                #expect(listed.contains(key) == keys.contains(key), "key \(key) of a list of \(size)")
            }
        }
    }
}
