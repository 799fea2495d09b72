import InteractionModel

/// The lookup structures behind an ``EntityResolver``: exact and normalised keys for every
/// value and synonym, and a character-trigram index for fuzzy matching. Immutable.
final class EntityIndex: Sendable {
    let tokenizer: Tokenizer
    let language: ResolutionLanguage
    /// Canonical values, in the slot type's order.
    let values: [ResolvedValue]
    /// Folded phrase → values it names (a synonym may belong to several values).
    let exact: [String: [Int32]]
    /// Phrase without articles and plural endings → values.
    let normalized: [String: [Int32]]
    /// Distinct normalised keys, their scalars, and the values each names, for fuzzy matching.
    let keys: [String]
    let keyScalars: [[Unicode.Scalar]]
    let keyValues: [[Int32]]
    /// Trigram hash → keys containing it.
    let trigrams: [UInt32: [Int32]]
    let keyTrigramCounts: [Int32]

    init(values: [SlotTypeValue], locale: String) {
        tokenizer = Tokenizer(locale: locale)
        language = ResolutionLanguage.forLocale(locale)
        var resolved: [ResolvedValue] = []
        var exact: [String: [Int32]] = [:]
        var normalized: [String: [Int32]] = [:]
        var keyIndex: [String: Int] = [:]
        var keys: [String] = []
        var keyValues: [[Int32]] = []
        func add(_ map: inout [String: [Int32]], _ key: String, _ v: Int32) {
            if map[key]?.contains(v) != true { map[key, default: []].append(v) }
        }
        for value in values {
            let v = Int32(resolved.count)
            resolved.append(ResolvedValue(name: value.name.value, id: value.id))
            for phrase in [value.name.value] + value.name.synonyms {
                let words = tokenizer.tokenize(phrase).map(\.folded)
                guard !words.isEmpty else { continue }
                add(&exact, words.joined(separator: " "), v)
                let key = Self.normalizedKey(words, language)
                add(&normalized, key, v)
                if let k = keyIndex[key] {
                    if !keyValues[k].contains(v) { keyValues[k].append(v) }
                } else {
                    keyIndex[key] = keys.count
                    keys.append(key)
                    keyValues.append([v])
                }
            }
        }
        self.values = resolved
        self.exact = exact
        self.normalized = normalized
        self.keys = keys
        self.keyValues = keyValues
        keyScalars = keys.map { Array($0.unicodeScalars) }
        var trigrams: [UInt32: [Int32]] = [:]
        var counts: [Int32] = []
        for (k, scalars) in keyScalars.enumerated() {
            let grams = Set(Self.trigrams(scalars))
            counts.append(Int32(grams.count))
            for g in grams { trigrams[g, default: []].append(Int32(k)) }
        }
        self.trigrams = trigrams
        keyTrigramCounts = counts
    }

    static func normalizedKey(_ words: [String], _ language: ResolutionLanguage) -> String {
        language.withoutArticles(words).map(language.singular).joined(separator: " ")
    }

    /// Hashes of the character trigrams of a key padded with spaces.
    static func trigrams(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        let padded: [UInt32] = [32] + scalars.map(\.value) + [32]
        guard padded.count >= 3 else { return [] }
        var out: [UInt32] = []
        out.reserveCapacity(padded.count - 2)
        for i in 0..<(padded.count - 2) {
            var h: UInt32 = 2_166_136_261
            for s in padded[i..<(i + 3)] { h = (h ^ s) &* 16_777_619 }
            out.append(h)
        }
        return out
    }

    /// The best match for folded words, or nil.
    func match(_ words: [String]) -> EntityMatch? {
        guard !words.isEmpty else { return nil }
        if let v = exact[words.joined(separator: " ")] {
            return EntityMatch(values: v.map { values[Int($0)] }, kind: .exact, score: 1)
        }
        let bare = language.withoutArticles(words)
        var candidates = [bare.map(language.singular).joined(separator: " ")]
        if let last = bare.last {
            for rule in language.alternativeEndings where last.count >= rule.minimumLength && last.hasSuffix(rule.ending) {
                var alt = bare.map(language.singular)
                alt[alt.count - 1] = String(last.dropLast(rule.ending.count)) + rule.replacement
                candidates.append(alt.joined(separator: " "))
            }
        }
        for key in candidates {
            if let v = normalized[key] {
                return EntityMatch(values: v.map { values[Int($0)] }, kind: .normalized, score: 1)
            }
        }
        return fuzzy(candidates[0])
    }

    /// Values whose key is within a small edit distance of `query` (about one edit in five
    /// characters; keys shorter than four characters must match exactly).
    func fuzzy(_ query: String) -> EntityMatch? {
        let q = Array(query.unicodeScalars)
        guard q.count >= 4, !keys.isEmpty else { return nil }
        let grams = Array(Set(Self.trigrams(q)))
        var shared: [Int32: Int32] = [:]
        for g in grams {
            guard let posting = trigrams[g] else { continue }
            for k in posting { shared[k, default: 0] += 1 }
        }
        var bestDistance = Int.max
        var best: [Int32] = []
        var bestScore = 0.0
        for (k, common) in shared {
            // Dice coefficient on trigrams: a cheap filter before the edit distance.
            let dice = 2 * Double(common) / Double(grams.count + Int(keyTrigramCounts[Int(k)]))
            guard dice >= 0.35 else { continue }
            let key = keyScalars[Int(k)]
            let longest = max(key.count, q.count)
            let allowed = max(1, longest / 5)
            guard abs(key.count - q.count) <= allowed, key.count >= 4 else { continue }
            let d = Self.editDistance(q, key, limit: allowed)
            guard d <= allowed else { continue }
            let score = 1 - Double(d) / Double(longest)
            if d < bestDistance || (d == bestDistance && score > bestScore) {
                bestDistance = d
                bestScore = score
                best = [k]
            } else if d == bestDistance && score == bestScore {
                best.append(k)
            }
        }
        guard !best.isEmpty else { return nil }
        var seen = Set<Int32>()
        var out: [ResolvedValue] = []
        for k in best.sorted() {
            for v in keyValues[Int(k)] where seen.insert(v).inserted { out.append(values[Int(v)]) }
        }
        return EntityMatch(values: out, kind: .fuzzy, score: bestScore)
    }

    /// Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// How a spoken phrase matched a slot type.
public struct EntityMatch: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// The same words as a value or synonym, ignoring case and diacritics.
        case exact
        /// The same after dropping articles and plural endings.
        case normalized
        /// Close in spelling (a small edit distance).
        case fuzzy
    }
    /// Every value matched equally well, in the slot type's order.
    public var values: [ResolvedValue]
    public var kind: Kind
    /// 1 for exact and normalised matches; character similarity (0…1) for fuzzy ones.
    public var score: Double
}
