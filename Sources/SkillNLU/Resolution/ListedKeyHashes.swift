/// The hashes of an ``EntityIndex``'s exact and normalised keys: a cheap "surely not listed"
/// for phrases of printable ASCII.
///
/// The slot rules ask whether many spans are listed values ("mom for", "the song by"), and
/// nearly all of them are not. Each lookup joins the words into a string, takes off articles
/// and plural endings, and hashes the results again for the `Dictionary`; here the same texts
/// are hashed from the words' bytes as they are read, with no string made. A key a lookup
/// finds holds the same characters as the text it was asked for, and for text of printable
/// ASCII those are the same bytes (keys are folded, NFKC-normalised words). So a text whose
/// hash is no key's is surely absent; a hash that is present only lets the lookup go ahead,
/// and the answer is always the lookup's. A word of any other characters (outside ASCII, or
/// with a space NFKC put in it) leaves everything to the lookups.
struct ListedKeyHashes: Sendable {
    /// `StableHash` of each exact key → its place in the sequence the hashes were made from
    /// (the first key of a hash, should two share one); `StableHash` of each normalised key, as
    /// keys of a table whose values are unused.
    private let exact: HashIndex
    private let normalized: HashIndex
    /// The language's rules (``ResolutionLanguage``) as bytes. On printable ASCII a character
    /// is a byte, so lengths, endings and prefixes compare byte for byte; a rule with any other
    /// character cannot apply to such a word.
    private let articles: [[UInt8]]
    private let elidedArticles: [[UInt8]]
    private let keptEndings: [[UInt8]]
    private let pluralRules: [Ending]
    private let alternativeEndings: [Ending]
    /// The most bytes a plural rule puts in place of an ending.
    private let longestReplacement: Int

    private struct Ending: Sendable {
        var ending: [UInt8]
        var replacement: [UInt8]
        var minimumLength: Int
    }

    init(exactKeys: some Sequence<String>, normalizedKeys: some Sequence<String>, language: ResolutionLanguage) {
        exact = Self.table(exactKeys, numbered: true)
        normalized = Self.table(normalizedKeys, numbered: false)
        articles = language.articles.map { Array($0.utf8) }
        elidedArticles = language.elidedArticles.map { Array($0.utf8) }
        keptEndings = language.keptEndings.map { Array($0.utf8) }
        pluralRules = language.pluralRules.map { Ending(ending: Array($0.ending.utf8), replacement: Array($0.replacement.utf8),
                                                        minimumLength: $0.minimumLength) }
        alternativeEndings = language.alternativeEndings.map {
            Ending(ending: Array($0.ending.utf8), replacement: Array($0.replacement.utf8), minimumLength: $0.minimumLength)
        }
        longestReplacement = pluralRules.map(\.replacement.count).max() ?? 0
    }

    /// The table of the keys' hashes; `numbered`, each maps to the key's place in `keys`.
    private static func table(_ keys: some Sequence<String>, numbered: Bool) -> HashIndex {
        var table = HashIndex()
        for (i, key) in keys.enumerated() { _ = table.insertNew(StableHash.hash(key), numbered ? Int32(i) : 0) }
        return table
    }

    /// Which of ``EntityIndex``'s lookups may find the folded `words` (not empty): `exact`
    /// is false when the words joined by spaces are surely no exact key, `normalized` when
    /// each text the normalised lookup tries is surely no normalised key — the words without
    /// a leading article or an article elided onto the first word
    /// (``ResolutionLanguage/withoutArticles(_:)``), each without its plural ending
    /// (``ResolutionLanguage/singular(_:)``), the last also with each alternative ending in
    /// its place. `exactEntry` is the place, among the exact keys the hashes were made from, of
    /// the key whose hash the words joined by spaces have (when `exact`): most likely the key
    /// they spell, which the caller checks. Nil when a word is not printable ASCII without spaces.
    func mayFind(_ words: [String]) -> (exact: Bool, normalized: Bool, exactEntry: Int32?)? {
        var h = StableHash.offset
        for (i, word) in words.enumerated() {
            if i > 0 { h = Self.step(h, 0x20) }
            let plain = word.withUTF8Bytes { bytes in
                for b in bytes {
                    guard b > 0x20 && b < 0x7F else { return false }
                    h = Self.step(h, b)
                }
                return true
            }
            guard plain else { return nil }
        }
        // The exact key found ends the lookup; what the normalised one might find is not asked.
        if let entry = exact.value(h) { return (true, true, entry) }
        let start = bareStart(words)
        var head = StableHash.offset
        var mayBeNormalized = false
        for i in start..<words.count {
            let word = words[i]
            let isLast = i == words.count - 1
            word.withUTF8Bytes { whole in
                let bytes = i == start ? withoutElidedArticle(whole) : whole
                let joined = i == start ? head : Self.step(head, 0x20)
                var h = joined
                if let rule = singularRule(bytes) {
                    h = Self.hash(UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - rule.ending.count)]), from: h)
                    h = Self.hash(rule.replacement, from: h)
                } else {
                    h = Self.hash(bytes, from: h)
                }
                guard isLast else {
                    head = h
                    return
                }
                if normalized.value(h) != nil {
                    mayBeNormalized = true
                    return
                }
                for rule in alternativeEndings where bytes.count >= rule.minimumLength && Self.ends(bytes, with: rule.ending) {
                    var a = Self.hash(UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - rule.ending.count)]), from: joined)
                    a = Self.hash(rule.replacement, from: a)
                    if normalized.value(a) != nil {
                        mayBeNormalized = true
                        return
                    }
                }
            }
        }
        return (false, mayBeNormalized, nil)
    }

    /// Whether `key` is, byte for byte, `words` joined by single spaces: a hash found by
    /// ``mayFind(_:)`` is checked against its key without joining the words.
    static func spells(_ key: String, _ words: [String]) -> Bool {
        key.withUTF8Bytes { k in
            var at = 0
            for (i, word) in words.enumerated() {
                if i > 0 {
                    guard at < k.count, k[at] == 0x20 else { return false }
                    at += 1
                }
                let same = word.withUTF8Bytes { w in
                    guard at + w.count <= k.count else { return false }
                    for j in 0..<w.count where k[at + j] != w[j] { return false }
                    return true
                }
                guard same else { return false }
                at += word.utf8.count
            }
            return at == k.count
        }
    }

    /// ``EntityIndex/normalizedKey(_:_:)`` of folded `words` (not empty) made from their
    /// bytes, or nil when a word is not printable ASCII without spaces.
    func normalizedKey(_ words: [String]) -> String? {
        withNormalizedKey(words) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with ``normalizedKey(_:)``'s bytes, written in temporary storage (the fuzzy
    /// search reads them once: a string of them would be two allocations), or returns nil
    /// without calling it when a word is not printable ASCII without spaces.
    func withNormalizedKey<R>(_ words: [String], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        // Room for every word, a space after each, and the longest replacement of an ending.
        let capacity = words.reduce(0) { $0 + $1.utf8.count + 1 + longestReplacement }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { key -> R? in
            var n = 0
            @inline(__always) func put(_ bytes: some Sequence<UInt8>) {
                for b in bytes {
                    key[n] = b
                    n += 1
                }
            }
            let start = bareStart(words)
            for i in start..<words.count {
                let plain = words[i].withUTF8Bytes { whole in
                    guard whole.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
                    let bytes = i == start ? withoutElidedArticle(whole) : whole
                    if i > start { put(CollectionOfOne(0x20)) }
                    if let rule = singularRule(bytes) {
                        put(bytes[..<(bytes.count - rule.ending.count)])
                        put(rule.replacement)
                    } else {
                        put(bytes)
                    }
                    return true
                }
                guard plain else { return nil }
            }
            return body(UnsafeBufferPointer(rebasing: key[..<n]))
        }
    }

    /// Where the words ``ResolutionLanguage/withoutArticles(_:)`` keeps begin: after a leading
    /// article, unless it is the only word.
    private func bareStart(_ words: [String]) -> Int {
        guard words.count > 1 else { return 0 }
        return words[0].withUTF8Bytes { bytes in articles.contains { $0.elementsEqual(bytes) } } ? 1 : 0
    }

    /// The first bare word without an article elided onto it ("l'avion" → "avion"), as
    /// ``ResolutionLanguage/withoutArticles(_:)`` takes it off.
    private func withoutElidedArticle(_ word: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let prefix = elidedArticles.first(where: { word.count > $0.count + 1 && Self.begins(word, with: $0) }) else { return word }
        return UnsafeBufferPointer(rebasing: word[prefix.count...])
    }

    /// The plural rule ``ResolutionLanguage/singular(_:)`` applies to a word of printable
    /// ASCII, or nil when it keeps the word as it is.
    private func singularRule(_ word: UnsafeBufferPointer<UInt8>) -> Ending? {
        if keptEndings.contains(where: { Self.ends(word, with: $0) }) { return nil }
        return pluralRules.first { word.count >= $0.minimumLength && Self.ends(word, with: $0.ending) }
    }

    @inline(__always)
    private static func step(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* StableHash.prime }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from h: UInt64) -> UInt64 {
        var h = h
        for b in bytes { h = step(h, b) }
        return h
    }

    @inline(__always)
    private static func hash(_ bytes: [UInt8], from h: UInt64) -> UInt64 {
        var h = h
        for b in bytes { h = step(h, b) }
        return h
    }

    private static func ends(_ word: UnsafeBufferPointer<UInt8>, with ending: [UInt8]) -> Bool {
        guard ending.count <= word.count else { return false }
        let offset = word.count - ending.count
        for i in ending.indices where word[offset + i] != ending[i] { return false }
        return true
    }

    private static func begins(_ word: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        guard prefix.count <= word.count else { return false }
        for i in prefix.indices where word[i] != prefix[i] { return false }
        return true
    }
}
