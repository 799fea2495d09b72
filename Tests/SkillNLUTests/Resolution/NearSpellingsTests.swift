import BuiltInValues
import Testing
@testable import SkillNLU

@Suite struct NearSpellingsTests {
    static func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    /// The hashes a word is listed under: its own, then one per distinct one-character deletion,
    /// each the hash of the shorter word itself — so that a query's deletion meets a listed word.
    @Test func deletionHashesAreTheHashesOfTheShorterWords() {
        var rng = SeededGenerator(seed: 3)
        let alphabet = Self.scalars("aabléz9")
        for trial in 0..<2_000 {
            let word = (0..<(1 + rng.below(trial % 10 == 0 ? 40 : 9))).map { _ in rng.pick(alphabet) }
            word.withUnsafeBufferPointer { w in
                NearSpellings.withHashes(of: w) { hashes in
                    #expect(hashes[0] == NearSpellings.wordHash(w))
                    guard NearSpellings.maySlip(w) else {
                        #expect(hashes.count == 1)
                        return
                    }
                    var deletions: [[Unicode.Scalar]] = []
                    for i in word.indices {
                        var shorter = word
                        shorter.remove(at: i)
                        if !deletions.contains(shorter) { deletions.append(shorter) }
                    }
                    let expected = Set(deletions.map { $0.withUnsafeBufferPointer(NearSpellings.wordHash) })
                    #expect(hashes.count == 1 + deletions.count)
                    #expect(Set(hashes.dropFirst()) == expected)
                }
            }
        }
    }

    @Test(arguments: [
        ("pepperoni", "pepperonni", true), ("large", "larg", true), ("smith", "smyth", true),
        ("smith", "smith", true), ("24", "24", true),
        ("soko", "noko", false),        // both shorter than five
        ("goss", "cross", false),       // two edits
        ("2024", "2026", false),        // a digit
        ("room5", "room6", false),      // a digit in a longer word
        ("pepperoni", "pepperonnis", false),
    ])
    func nearWords(_ a: String, _ b: String, _ near: Bool) {
        Self.scalars(a).withUnsafeBufferPointer { a in
            Self.scalars(b).withUnsafeBufferPointer { b in
                #expect(NearSpellings.near(a, b) == near)
                #expect(NearSpellings.near(b, a) == near)
            }
        }
    }

    /// One edit apart exactly when the full distance is 1.
    @Test func oneEditIsADistanceOfOne() {
        var rng = SeededGenerator(seed: 8)
        let alphabet = Self.scalars("abcé")
        for _ in 0..<3_000 {
            let a = (0..<rng.below(7)).map { _ in rng.pick(alphabet) }
            let b = (0..<rng.below(7)).map { _ in rng.pick(alphabet) }
            guard a != b else { continue }
            a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    #expect(NearSpellings.oneEdit(x, y) == (EditDistanceTests.naive(a, b) == 1))
                }
            }
        }
    }

    /// Every key near a query is found once, and only near ones.
    @Test func findsEachNearKeyOnce() {
        let keys = ["extra large", "extra larger", "large", "o clock", "oclock", "chris goss", "kris goss"]
        let spellings = NearSpellings(keys: keys)
        func near(_ query: String) -> [String] {
            var found: [String] = []
            Self.scalars(query).withUnsafeBufferPointer { q in
                spellings.forEachKey(near: q) { found.append(keys[Int($0)]) }
            }
            return found.sorted()
        }
        #expect(near("extra larg") == ["extra large"])
        #expect(near("extra large") == ["extra large", "extra larger"])
        #expect(near("oc lock") == ["o clock", "oclock"])
        #expect(near("chris gos") == [])
        #expect(near("kris goss") == ["kris goss"])
        #expect(near("nothing here") == [])
    }
}

@Suite struct HashedListsTests {
    @Test func listsEachHashsIdsInTheOrderGiven() {
        let pairs: [(hash: UInt64, id: Int32)] = [(7 << 32, 3), (9 << 32, 1), (7 << 32, 0), (7 << 32 | 5, 8), (11 << 32, 2)]
        let lists = HashedLists(pairs)
        func ids(_ h: UInt64) -> [Int32] {
            var out: [Int32] = []
            lists.forEach(h) { out.append($0) }
            return out
        }
        // Hashes sharing their upper half share a list.
        #expect(ids(7 << 32) == [3, 0, 8])
        #expect(ids(9 << 32) == [1])
        #expect(ids(11 << 32) == [2])
        #expect(ids(13 << 32) == [])
        #expect(HashedLists([]).forEachCount(1) == 0)
    }

    /// Many hashes, lists of one and of several: every id found under its hash.
    @Test func findsEveryIdAmongMany() {
        var rng = SeededGenerator(seed: 21)
        var pairs: [(hash: UInt64, id: Int32)] = []
        var expected: [UInt64: [Int32]] = [:]
        for id in 0..<5_000 {
            let h = UInt64(rng.below(3_000)) &* 0x9E37_79B9_7F4A_7C15
            pairs.append((h, Int32(id)))
            expected[(h >> 32) << 32, default: []].append(Int32(id))
        }
        let lists = HashedLists(pairs)
        for (h, ids) in expected {
            var found: [Int32] = []
            lists.forEach(h) { found.append($0) }
            #expect(found == ids)
        }
    }
}

extension HashedLists {
    /// How many ids `hash` lists.
    func forEachCount(_ hash: UInt64) -> Int {
        var n = 0
        forEach(hash) { _ in n += 1 }
        return n
    }
}
