/// The keys of an ``EntityIndex`` that a phrase could be a slip of the keyboard or of the
/// transcript away from: what a fuzzy match may resolve to.
///
/// A key is near a phrase when either
/// - its words are the phrase's, in order, each the same or one edit away (an insertion, a
///   deletion or a substitution of one character) where the longer of the two words has five
///   characters or more and neither has a digit ("pepperonni" for "pepperoni", "extra larg"
///   for "extra large", "alice smyth" for "alice smith"), or
/// - its characters are the phrase's with the spaces in other places ("oclock" for "o clock",
///   "white house" for "whitehouse").
///
/// Whole words are never swapped and numbers never changed: "june 27 2026" is not
/// "june 24 2024", nor "chris cross" "chris goss", nor "wish you were dead" "wish you were
/// here". In voice every transcribed word is spelled right, so another word is another entity,
/// and Alexa answers `ER_SUCCESS_NO_MATCH` so that the skill can tell.
///
/// The words of all keys form a vocabulary; each word is listed under its own hash and, when a
/// slip may touch it, under the hash of each of its one-character deletions. Two words one edit
/// apart share one of those entries, so a phrase's word finds its near words with a lookup per
/// character, and a phrase whose word has none is known to have no near key at once — most
/// phrases, since most values people say are in no list. Immutable, built when a slot type's
/// resolver is; a class, so that a search reads its arrays in place rather than copying them
/// out with a retain apiece.
final class NearSpellings: Sendable {
    /// The vocabulary's words as scalars, word `w` at `wordStart[w]..<wordStart[w + 1]`.
    private let wordScalars: [Unicode.Scalar]
    private let wordStart: [Int32]
    /// A word's hash, or the hash of one of its one-character deletions → the words listed there.
    private let variants: HashedLists
    /// The keys holding word `w`, ascending, each once: `keysOfWord[wordKeyStart[w]..<wordKeyStart[w + 1]]`.
    private let keysOfWord: [Int32]
    private let wordKeyStart: [Int32]
    /// Each key's words, key `k` at `keyWordStart[k]..<keyWordStart[k + 1]`.
    private let keyWords: [Int32]
    private let keyWordStart: [Int32]
    /// Each key's scalars, key `k` at `keyStart[k]..<keyStart[k + 1]` (``withScalars(ofKey:_:)``).
    private let keyScalars: [Unicode.Scalar]
    private let keyStart: [Int32]
    /// The hash of a key's scalars without its spaces → the keys with that hash.
    private let joined: HashedLists

    /// The shortest word a slip may change (against a word of at least ``slipLength``).
    static let shortestSlipped = 4
    /// The least length of the longer of two words one edit apart for them to be near.
    static let slipLength = 5

    /// The near spellings of `keys` (each a phrase's words joined by single spaces).
    init(keys: [String]) {
        // Words are found by their hash in `wordOf`; two words of one hash (never seen) take
        // the next hashes of a chain.
        var wordOf = HashIndex(reserving: keys.count)
        var wordScalars: [Unicode.Scalar] = [], wordStart: [Int32] = [0]
        var keyWords: [Int32] = [], keyWordStart: [Int32] = [0]
        var keyScalars: [Unicode.Scalar] = [], keyStart: [Int32] = [0]
        var joinedPairs: [(hash: UInt64, id: Int32)] = []
        joinedPairs.reserveCapacity(keys.count)
        keyWordStart.reserveCapacity(keys.count + 1)
        keyStart.reserveCapacity(keys.count + 1)
        for (k, key) in keys.enumerated() {
            let from = keyScalars.count
            keyScalars.append(contentsOf: key.unicodeScalars)
            keyScalars.append(" ")
            var start = from
            for i in from..<keyScalars.count where keyScalars[i] == " " {
                defer { start = i + 1 }
                guard i > start else { continue }
                let word = keyScalars[start..<i]
                var h = word.withUnsafeBufferPointer { Self.wordHash($0) }
                var id: Int32?
                while let w = wordOf.value(h) {
                    if wordScalars[Int(wordStart[Int(w)])..<Int(wordStart[Int(w) + 1])].elementsEqual(word) {
                        id = w
                        break
                    }
                    h = StableHash.combine(h, 1)
                }
                if id == nil {
                    id = Int32(wordStart.count - 1)
                    wordOf.set(h, id!)
                    wordScalars.append(contentsOf: word)
                    wordStart.append(Int32(wordScalars.count))
                }
                keyWords.append(id!)
            }
            keyScalars.removeLast()
            keyStart.append(Int32(keyScalars.count))
            keyWordStart.append(Int32(keyWords.count))
            joinedPairs.append((keyScalars[from...].withUnsafeBufferPointer { Self.joinedHash($0) }, Int32(k)))
        }
        let wordCount = wordStart.count - 1
        var variantPairs: [(hash: UInt64, id: Int32)] = []
        variantPairs.reserveCapacity(wordScalars.count + wordCount)
        wordScalars.withUnsafeBufferPointer { all in
            for w in 0..<wordCount {
                let word = UnsafeBufferPointer(rebasing: all[Int(wordStart[w])..<Int(wordStart[w + 1])])
                Self.withHashes(of: word) { hashes in
                    for h in hashes { variantPairs.append((h, Int32(w))) }
                }
            }
        }
        // Each word's keys, counted then placed in key order.
        var counts = [Int32](repeating: 0, count: wordCount + 1)
        for k in 0..<keys.count {
            let words = keyWords[Int(keyWordStart[k])..<Int(keyWordStart[k + 1])]
            for (i, w) in words.enumerated() where !words.prefix(i).contains(w) { counts[Int(w) + 1] += 1 }
        }
        for w in 0..<wordCount { counts[w + 1] += counts[w] }
        var next = counts
        var keysOfWord = [Int32](repeating: 0, count: Int(counts[wordCount]))
        for k in 0..<keys.count {
            let words = keyWords[Int(keyWordStart[k])..<Int(keyWordStart[k + 1])]
            for (i, w) in words.enumerated() where !words.prefix(i).contains(w) {
                keysOfWord[Int(next[Int(w)])] = Int32(k)
                next[Int(w)] += 1
            }
        }
        self.wordScalars = wordScalars
        self.wordStart = wordStart
        variants = HashedLists(variantPairs)
        self.keysOfWord = keysOfWord
        wordKeyStart = counts
        self.keyWords = keyWords
        self.keyWordStart = keyWordStart
        self.keyScalars = keyScalars
        self.keyStart = keyStart
        joined = HashedLists(joinedPairs)
    }

    /// Whether a slip may touch `word`: long enough, and no digit in it.
    @inline(__always)
    static func maySlip(_ word: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        word.count >= shortestSlipped && !word.contains { $0.value >= 0x30 && $0.value <= 0x39 }
    }

    /// Whether two words are near: the same, or one edit apart where the longer has at least
    /// ``slipLength`` characters and neither has a digit.
    static func near(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        if same(a, b) { return true }
        guard max(a.count, b.count) >= slipLength, maySlip(a), maySlip(b) else { return false }
        return oneEdit(a, b)
    }

    /// Whether `a` and `b` hold the same scalars (a loop the compiler keeps tight, where the
    /// generic `elementsEqual` cost a hundred instructions a word).
    @inline(__always)
    static func same(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Whether `a` and `b` (not equal) are one insertion, deletion or substitution apart.
    static func oneEdit(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        if a.count < b.count { return oneEdit(b, a) }
        guard a.count - b.count <= 1 else { return false }
        var i = 0
        while i < b.count && a[i] == b[i] { i += 1 }
        // The rest after the first difference: the same with one character of `a` skipped (a
        // deletion) or, for equal lengths, one of each (a substitution).
        let skip = a.count == b.count ? 1 : 0
        var j = i + 1, k = i + skip
        while j < a.count && k < b.count && a[j] == b[k] {
            j += 1
            k += 1
        }
        return j == a.count && k == b.count
    }

    /// Calls `body` with each key near `query` (a phrase's words joined by single spaces), once
    /// each, in no particular order.
    func forEachKey(near query: UnsafeBufferPointer<Unicode.Scalar>, _ body: (Int32) -> Void) {
        var found: [Int32] = []
        // Keys with the spaces in other places.
        joined.forEach(Self.joinedHash(query)) { k in
            if withScalars(ofKey: Int(k), { Self.sameWithoutSpaces($0, query) }) { found.append(k) }
        }
        for k in found { body(k) }
        forEachAlignedKey(near: query) { k in
            if !found.contains(k) { body(k) }
        }
    }

    /// The most words a query is read as word for word: a phrase of more is near a key only
    /// with its spaces elsewhere.
    static let mostQueryWords = 32

    /// The keys whose words are near the query's, word for word.
    private func forEachAlignedKey(near query: UnsafeBufferPointer<Unicode.Scalar>, _ body: (Int32) -> Void) {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.mostQueryWords) { words in
            // The query's words; those no slip may touch first, then by length, so that a word
            // near none, which rules every key out, is most often met after one lookup.
            var count = 0, start = 0
            for i in 0...query.count where i == query.count || query[i] == " " {
                if i > start {
                    guard count < Self.mostQueryWords else { return }
                    words[count] = start..<i
                    count += 1
                }
                start = i + 1
            }
            guard count > 0 else { return }
            @inline(__always) func cost(_ j: Int) -> Int {
                Self.maySlip(UnsafeBufferPointer(rebasing: query[words[j]])) ? words[j].count : 0
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: count) { spans in
                // The positions in the order their words are looked up (insertion sort: a few words).
                for j in 0..<count {
                    var i = j
                    while i > 0 && cost(order[i - 1]) > cost(j) {
                        order[i] = order[i - 1]
                        i -= 1
                    }
                    order[i] = j
                }
                // Every hash of every word first, and their slots fetched together; then the
                // words near each of the query's, flat: position j's at `near[spans[j]]`.
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: query.count + 2 * count) { hashes in
                var near: [Int32] = []
                var hashStart = 0
                for j in 0..<count {
                    let written = Self.writeHashes(of: UnsafeBufferPointer(rebasing: query[words[j]]),
                                                   into: UnsafeMutableBufferPointer(rebasing: hashes[hashStart...]))
                    spans[j] = hashStart..<(hashStart + written)
                    hashStart += written
                }
                for h in hashes[..<hashStart] { variants.prefetch(h) }
                for j in order {
                    let word = UnsafeBufferPointer(rebasing: query[words[j]])
                    let first = near.count
                    for h in hashes[spans[j]] {
                        variants.forEach(h) { w in
                            if !near[first...].contains(w) && withScalars(ofWord: Int(w), { Self.near(word, $0) }) {
                                near.append(w)
                            }
                        }
                    }
                    // A word near no word of any key: no key is near.
                    if near.count == first { return }
                    spans[j] = first..<near.count
                }
                // The keys holding a near word of the position whose near words are in fewest keys.
                @inline(__always) func keysHolding(_ j: Int) -> Int {
                    near[spans[j]].reduce(0) { $0 + Int(wordKeyStart[Int($1) + 1] - wordKeyStart[Int($1)]) }
                }
                var pivot = 0
                for j in 1..<count where keysHolding(j) < keysHolding(pivot) { pivot = j }
                for w in near[spans[pivot]] {
                    for p in Int(wordKeyStart[Int(w)])..<Int(wordKeyStart[Int(w) + 1]) {
                        let k = Int(keysOfWord[p])
                        let first = Int(keyWordStart[k]), end = Int(keyWordStart[k + 1])
                        // Found once: through the near word that stands at the pivot's place.
                        guard end - first == count, keyWords[first + pivot] == w else { continue }
                        if (0..<count).allSatisfy({ near[spans[$0]].contains(keyWords[first + $0]) }) { body(Int32(k)) }
                    }
                }
                }
            }
            }
        }
    }

    /// Whether `a` and `b` are the same characters once their spaces are left out.
    static func sameWithoutSpaces(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        var i = 0, j = 0
        while true {
            while i < a.count && a[i] == " " { i += 1 }
            while j < b.count && b[j] == " " { j += 1 }
            if i == a.count || j == b.count { return i == a.count && j == b.count }
            if a[i] != b[j] { return false }
            i += 1
            j += 1
        }
    }

    /// Calls `body` with the scalars of word `w`.
    @inline(__always)
    private func withScalars<R>(ofWord w: Int, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> R) -> R {
        wordScalars.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(wordStart[w])..<Int(wordStart[w + 1])])) }
    }

    /// Calls `body` with the scalars of key `k`.
    @inline(__always)
    func withScalars<R>(ofKey k: Int, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> R) -> R {
        keyScalars.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(keyStart[k])..<Int(keyStart[k + 1])])) }
    }

    /// The base of the words' polynomial hashes.
    private static let base: UInt64 = 0x0000_0100_0000_01B3
    /// The inverse of ``base`` modulo 2⁶⁴ (Newton's iteration, each step doubling the bits
    /// that are right).
    private static let inverseBase: UInt64 = {
        var x = base
        for _ in 0..<5 { x = x &* (2 &- base &* x) }
        return x
    }()

    /// The hash of `scalars` as one word: a polynomial in ``base`` over the scalars' values,
    /// mixed with the length.
    @inline(__always)
    static func wordHash(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) -> UInt64 {
        var h: UInt64 = 0
        for s in scalars { h = h &* base &+ UInt64(s.value) }
        return StableHash.combine(h, UInt64(scalars.count))
    }

    /// The hash of `scalars` with their spaces left out, as one word.
    static func joinedHash(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) -> UInt64 {
        var h: UInt64 = 0, n = 0
        for s in scalars where s != " " {
            h = h &* base &+ UInt64(s.value)
            n += 1
        }
        return StableHash.combine(h, UInt64(n))
    }

    /// Writes the hashes a word is listed under into `out` (room for one more than the word's
    /// length) and says how many: its own (``wordHash(_:)``) and, when a slip may touch it
    /// (``maySlip(_:)``), that of each of its one-character deletions (a run of one character
    /// gives one deletion, hashed once). A deletion's polynomial is worked out from the word's
    /// whole polynomial and its prefixes', so a word of n characters costs O(n), not O(n²).
    static func writeHashes(of word: UnsafeBufferPointer<Unicode.Scalar>, into out: UnsafeMutableBufferPointer<UInt64>) -> Int {
        let n = word.count
        precondition(out.count > n, "room for a hash per character and one")
        guard maySlip(word) else {
            out[0] = wordHash(word)
            return 1
        }
        var whole: UInt64 = 0
        for s in word { whole = whole &* base &+ UInt64(s.value) }
        out[0] = StableHash.combine(whole, UInt64(n))
        var count = 1
        // Without scalar i: prefix(i) · base^(n−1−i) + the suffix after i, which is
        // whole − prefix(i + 1) · base^(n−1−i). The base is odd, so it has an inverse modulo
        // 2⁶⁴ and the powers are walked down from base^(n−1) without a table of prefixes.
        var power: UInt64 = 1
        for _ in 1..<n { power = power &* base }
        var prefix: UInt64 = 0
        for i in 0..<n {
            let next = prefix &* base &+ UInt64(word[i].value)
            if i == 0 || word[i] != word[i - 1] {
                out[count] = StableHash.combine(whole &+ (prefix &- next) &* power, UInt64(n - 1))
                count += 1
            }
            prefix = next
            power = power &* inverseBase
        }
        return count
    }

    /// Calls `body` with the hashes ``writeHashes(of:into:)`` writes for `word`.
    static func withHashes(of word: UnsafeBufferPointer<Unicode.Scalar>, _ body: (UnsafeBufferPointer<UInt64>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: word.count + 1) { out in
            body(UnsafeBufferPointer(rebasing: out[..<writeHashes(of: word, into: out)]))
        }
    }
}
