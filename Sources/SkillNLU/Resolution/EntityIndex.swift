import BuiltInValues
import InteractionModel

/// The lookup structures behind an ``EntityResolver``: exact and normalised keys for every
/// value and synonym, and their near spellings (``NearSpellings``) for fuzzy matching. Immutable.
final class EntityIndex: Sendable {
    let tokenizer: Tokenizer
    let language: ResolutionLanguage
    /// Canonical values, in the slot type's order.
    let values: [ResolvedValue]
    /// Folded phrase → values it names (a synonym may belong to several values).
    let exact: [String: [Int32]]
    /// ``exact``'s keys and values as two lists in one order, the order of ``keyHashes``'
    /// exact entries: a phrase whose hash names an entry is checked against its key and
    /// answered without hashing it again for the `Dictionary`.
    let exactKeys: [String]
    let exactValues: [[Int32]]
    /// Phrase without articles and plural endings → values.
    let normalized: [String: [Int32]]
    /// Distinct normalised keys and the values each names, for fuzzy matching.
    let keys: [String]
    let keyValues: [[Int32]]
    /// The keys near a phrase in spelling, which the fuzzy search measures.
    let spellings: NearSpellings
    /// The hashes of ``exact``'s and ``normalized``'s keys (``ListedKeyHashes``): most
    /// phrases asked about are no key, and are known to be none without a lookup.
    let keyHashes: ListedKeyHashes

    /// The index of `values`; with `skippingPlaceholders`, a value or synonym that is a
    /// placeholder (``PlaceholderValue``) is no key: the value stays (its synonyms may name it)
    /// but nothing said resolves to the placeholder itself.
    init(values: [SlotTypeValue], locale: String, skippingPlaceholders: Bool = false) {
        tokenizer = Tokenizer(locale: locale)
        language = ResolutionLanguage.forLocale(locale)
        var resolved: [ResolvedValue] = []
        // Room for every value and synonym, so that the tables do not grow.
        let phrases = values.reduce(0) { $0 + 1 + $1.name.synonyms.count }
        resolved.reserveCapacity(values.count)
        var exact: [String: [Int32]] = Dictionary(minimumCapacity: phrases)
        var normalized: [String: [Int32]] = Dictionary(minimumCapacity: phrases)
        var keyIndex: [String: Int] = Dictionary(minimumCapacity: phrases)
        var keys: [String] = []
        var keyValues: [[Int32]] = []
        func add(_ map: inout [String: [Int32]], _ key: String, _ v: Int32) {
            // One lookup: the entry is made when missing and changed in place.
            map[key, default: []].appendIfMissing(v)
        }
        for value in values {
            let v = Int32(resolved.count)
            resolved.append(ResolvedValue(name: value.name.value, id: value.id))
            for phrase in [value.name.value] + value.name.synonyms {
                if skippingPlaceholders && PlaceholderValue.isPlaceholder(phrase) { continue }
                let words = tokenizer.tokenize(phrase).map(\.folded)
                guard !words.isEmpty else { continue }
                add(&exact, words.joined(separator: " "), v)
                let key = Self.normalizedKey(words, language)
                add(&normalized, key, v)
                if let k = keyIndex[key] {
                    keyValues[k].appendIfMissing(v)
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
        exactKeys = Array(exact.keys)
        exactValues = exactKeys.map { exact[$0]! }
        keyHashes = ListedKeyHashes(exactKeys: exactKeys, normalizedKeys: normalized.keys, language: language)
        self.keys = keys
        self.keyValues = keyValues
        spellings = NearSpellings(keys: keys)
    }

    static func normalizedKey(_ words: [String], _ language: ResolutionLanguage) -> String {
        language.withoutArticles(words).map(language.singular).joined(separator: " ")
    }

    /// The best match for folded words, or nil.
    func match(_ words: [String]) -> EntityMatch? {
        indexMatch(words).map(entityMatch)
    }

    /// ``match(_:)`` with the values named by their place in ``values``: what resolving a
    /// slot reads, with no list of values made in between.
    func indexMatch(_ words: [String]) -> IndexMatch? {
        guard !words.isEmpty else { return nil }
        switch listed(words) {
        case .found(let match): return match
        case .unlisted(let normalizedKey):
            if let normalizedKey { return fuzzy(normalizedKey) }
            if let match = keyHashes.withNormalizedKey(words, { fuzzy(asciiKey: $0) }) { return match }
            return fuzzy(Self.normalizedKey(words, language))
        }
    }

    /// The values `words` name exactly or after normalisation (articles, plural endings), or
    /// nil: ``match(_:)`` without its fuzzy step, for callers that only ask whether a phrase
    /// is listed and would throw a fuzzy match away (the fuzzy search is the costly step).
    func listedMatch(_ words: [String]) -> EntityMatch? {
        guard !words.isEmpty else { return nil }
        if case .found(let match) = listed(words) { return entityMatch(match) }
        return nil
    }

    /// Whether `words` name a value exactly or after normalisation: ``listedMatch(_:)`` is not
    /// nil, found without making the match.
    func lists(_ words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        if case .found = listed(words) { return true }
        return false
    }

    /// The public form of a match: the values themselves.
    func entityMatch(_ match: IndexMatch) -> EntityMatch {
        EntityMatch(values: match.values.map { values[Int($0)] }, kind: match.kind, score: match.score)
    }

    /// What ``listedMatch(_:)`` finds for `words` (not empty), or the normalised key it
    /// searched for (``normalizedKey(_:_:)``), which the fuzzy search then takes as its query;
    /// nil when the key hashes (``keyHashes``) showed no search was needed.
    private enum Listing {
        case found(IndexMatch)
        case unlisted(normalizedKey: String?)
    }

    private func listed(_ words: [String]) -> Listing {
        let may = keyHashes.mayFind(words)
        if let entry = may?.exactEntry, ListedKeyHashes.spells(exactKeys[Int(entry)], words) {
            return .found(IndexMatch(values: exactValues[Int(entry)], kind: .exact, score: 1))
        }
        if may?.exact ?? true, let v = exact[words.count == 1 ? words[0] : words.joined(separator: " ")] {
            return .found(IndexMatch(values: v, kind: .exact, score: 1))
        }
        if let may, !may.normalized { return .unlisted(normalizedKey: nil) }
        let bare = language.withoutArticles(words)
        // The first candidate is the phrase's normalised key, as ``normalizedKey(_:_:)`` makes it.
        let singular = bare.map(language.singular)
        var candidates = [singular.count == 1 ? singular[0] : singular.joined(separator: " ")]
        if let last = bare.last {
            for rule in language.alternativeEndings where last.count >= rule.minimumLength && last.hasSuffix(rule.ending) {
                var alt = singular
                alt[alt.count - 1] = String(last.dropLast(rule.ending.count)) + rule.replacement
                candidates.append(alt.joined(separator: " "))
            }
        }
        for key in candidates {
            if let v = normalized[key] {
                return .found(IndexMatch(values: v, kind: .normalized, score: 1))
            }
        }
        return .unlisted(normalizedKey: candidates[0])
    }
}

/// What a phrase names in an ``EntityIndex``: the values by their place in
/// ``EntityIndex/values`` (in the slot type's order, each once), how it names them and how
/// well. An exact or normalised match's list is the index's own, so finding it allocates
/// nothing.
struct IndexMatch {
    var values: [Int32]
    var kind: EntityMatch.Kind
    /// 1 for exact and normalised matches; character similarity (0…1) for fuzzy ones.
    var score: Double
}

private extension Array where Element == Int32 {
    mutating func appendIfMissing(_ v: Int32) {
        if !contains(v) { append(v) }
    }
}
