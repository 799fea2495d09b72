import BuiltInValues
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
    /// `keyScalars[k].count`, flat: the fuzzy search reads the length of thousands of keys per
    /// query, and reaching each through its own array costs a cache miss apiece.
    let keyLengths: [Int32]
    let keyValues: [[Int32]]
    /// Trigram hash → index into ``trigramRanges``: the fuzzy search looks up every trigram
    /// of its query, and a table probed by the hash itself costs less than a `Dictionary`,
    /// which hashes it again.
    let trigramIndex: HashIndex
    /// Per trigram, the range of ``postings`` listing the keys that contain it.
    let trigramRanges: [Range<Int32>]
    let postings: [Int32]
    /// The same posting lists (same ranges), each ordered by key length, then key: an exact
    /// fuzzy search only needs the keys whose length is close to the query's, a short run of
    /// each list.
    let postingsByLength: [Int32]
    /// Number of distinct trigrams of each key.
    let keyTrigramCounts: [Int32]
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
                if skippingPlaceholders && PlaceholderValue.isPlaceholder(phrase) { continue }
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
        keyHashes = ListedKeyHashes(exactKeys: exact.keys, normalizedKeys: normalized.keys, language: language)
        self.keys = keys
        self.keyValues = keyValues
        keyScalars = keys.map { Array($0.unicodeScalars) }
        keyLengths = keyScalars.map { Int32($0.count) }
        let posting = TrigramPostings(keys: keyScalars, lengths: keyLengths)
        trigramIndex = posting.index
        trigramRanges = posting.ranges
        postings = posting.postings
        postingsByLength = posting.byLength
        keyTrigramCounts = posting.counts
    }

    /// The key lengths a fuzzy match of a query of `length` scalars can have: keys of at least
    /// four scalars whose length differs from the query's by at most a fifth of the longer
    /// (at least 1) — the same rule the search applies to each candidate.
    static func lengthWindow(query length: Int) -> ClosedRange<Int> {
        let low = max(4, length - max(1, length / 5))
        var high = length
        while (high + 1) - length <= max(1, (high + 1) / 5) { high += 1 }
        return low...max(low, high)
    }

    static func normalizedKey(_ words: [String], _ language: ResolutionLanguage) -> String {
        language.withoutArticles(words).map(language.singular).joined(separator: " ")
    }

    /// The best match for folded words, or nil.
    func match(_ words: [String]) -> EntityMatch? {
        guard !words.isEmpty else { return nil }
        switch listed(words) {
        case .found(let match): return match
        case .unlisted(let normalizedKey):
            return fuzzy(normalizedKey ?? keyHashes.normalizedKey(words) ?? Self.normalizedKey(words, language))
        }
    }

    /// The values `words` name exactly or after normalisation (articles, plural endings), or
    /// nil: ``match(_:)`` without its fuzzy step, for callers that only ask whether a phrase
    /// is listed and would throw a fuzzy match away (the fuzzy search is the costly step).
    func listedMatch(_ words: [String]) -> EntityMatch? {
        guard !words.isEmpty else { return nil }
        if case .found(let match) = listed(words) { return match }
        return nil
    }

    /// What ``listedMatch(_:)`` finds for `words` (not empty), or the normalised key it
    /// searched for (``normalizedKey(_:_:)``), which the fuzzy search then takes as its query;
    /// nil when the key hashes (``keyHashes``) showed no search was needed.
    private enum Listing {
        case found(EntityMatch)
        case unlisted(normalizedKey: String?)
    }

    private func listed(_ words: [String]) -> Listing {
        let may = keyHashes.mayFind(words)
        if may?.exact ?? true, let v = exact[words.count == 1 ? words[0] : words.joined(separator: " ")] {
            return .found(EntityMatch(values: v.map { values[Int($0)] }, kind: .exact, score: 1))
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
                return .found(EntityMatch(values: v.map { values[Int($0)] }, kind: .normalized, score: 1))
            }
        }
        return .unlisted(normalizedKey: candidates[0])
    }

    /// Values whose key is within a small edit distance of `query` (about one edit in five
    /// characters; keys shorter than four characters must match exactly).
    ///
    /// Candidates come from shared character trigrams. One edit changes at most three
    /// trigrams, so the trigrams a key does not share bound its distance from below; keys are
    /// tried in order of that bound and the search stops once the bound exceeds the best
    /// distance found. In large types, trigrams so common that they do not discriminate
    /// ("the", "ion") are skipped and only the best-ranked candidates are measured, which
    /// keeps a miss on a type with tens of thousands of values well under a millisecond.
    func fuzzy(_ query: String) -> EntityMatch? {
        let q = Array(query.unicodeScalars)
        guard q.count >= 4, !keys.isEmpty else { return nil }
        var grams = Self.trigrams(q)
        grams.sort()
        var distinct: [UInt32] = []
        distinct.reserveCapacity(grams.count)
        for g in grams where distinct.last != g { distinct.append(g) }
        let queryGrams = Int32(distinct.count)
        let commonPosting = max(1_024, keys.count / 32)

        var skipped = 0
        var rarestSkipped: Range<Int32>?
        var lists: [Range<Int32>] = []
        lists.reserveCapacity(distinct.count)
        for g in distinct {
            guard let at = trigramIndex.value(UInt64(g)) else { continue }
            let range = trigramRanges[Int(at)]
            if range.count > commonPosting {
                skipped += 1
                if rarestSkipped == nil || range.count < rarestSkipped!.count { rarestSkipped = range }
                continue
            }
            lists.append(range)
        }
        var (shared, touched) = sharedTrigrams(lists: lists, exact: skipped == 0, window: Self.lengthWindow(query: q.count))
        if touched.isEmpty, let range = rarestSkipped {
            for p in range.prefix(Self.candidateLimit) { touched.append(postings[Int(p)]) }
        }
        if skipped == 0 {
            let maxAllowed = max(1, (q.count + q.count / 4) / 5 + 1)
            return best(among: exactBuckets(touched, shared: shared, queryLength: q.count, queryGrams: queryGrams,
                                            maxAllowed: maxAllowed), query: q)
        }
        return best(among: [rankedCandidates(touched, shared: shared, queryLength: q.count, queryGrams: queryGrams)], query: q)
    }

    /// How many of the query's trigrams each key shares (`shared`, by key) and the keys sharing
    /// any (`touched`), from the trigrams' posting `lists`. An `exact` search counts only keys
    /// whose length is in `window` (the others can never match), found by binary search in the
    /// postings ordered by length; a ranked search counts every key.
    private func sharedTrigrams(lists: [Range<Int32>], exact: Bool, window: ClosedRange<Int>) -> ([UInt16], [Int32]) {
        var shared = [UInt16](repeating: 0, count: keys.count)
        var touched: [Int32] = []
        // Room for every key the lists name: no regrowing while they are read.
        touched.reserveCapacity(min(keys.count, lists.reduce(0) { $0 + $1.count }))
        shared.withUnsafeMutableBufferPointer { counts in
            if exact {
                keyLengths.withUnsafeBufferPointer { lengths in
                    postingsByLength.withUnsafeBufferPointer { postings in
                        for range in lists {
                            var lo = Int(range.lowerBound), hi = Int(range.upperBound)
                            while lo < hi {
                                let mid = (lo + hi) / 2
                                if Int(lengths[Int(postings[mid])]) < window.lowerBound { lo = mid + 1 } else { hi = mid }
                            }
                            var p = lo
                            while p < Int(range.upperBound) {
                                let k = Int(postings[p])
                                if Int(lengths[k]) > window.upperBound { break }
                                if counts[k] == 0 { touched.append(Int32(k)) }
                                counts[k] &+= 1
                                p += 1
                            }
                        }
                    }
                }
            } else {
                postings.withUnsafeBufferPointer { postings in
                    for range in lists {
                        for p in range {
                            let k = Int(postings[Int(p)])
                            if counts[k] == 0 { touched.append(Int32(k)) }
                            counts[k] &+= 1
                        }
                    }
                }
            }
        }
        return (shared, touched)
    }

    /// The exact search's candidates bucketed by the lower bound on their distance, smallest first.
    private func exactBuckets(_ touched: [Int32], shared: [UInt16], queryLength: Int, queryGrams: Int32,
                              maxAllowed: Int) -> [[Int32]] {
        var buckets = [[Int32]](repeating: [], count: maxAllowed + 1)
        shared.withUnsafeBufferPointer { shared in
            keyLengths.withUnsafeBufferPointer { lengths in
                keyTrigramCounts.withUnsafeBufferPointer { keyGrams in
                    for k in touched {
                        let keyLength = Int(lengths[Int(k)])
                        let allowed = max(1, max(keyLength, queryLength) / 5)
                        guard keyLength >= 4, abs(keyLength - queryLength) <= allowed else { continue }
                        let common = Int32(shared[Int(k)])
                        let missing = max(queryGrams - common, keyGrams[Int(k)] - common)
                        let bound = Int((missing + 2) / 3)
                        guard bound <= allowed else { continue }
                        buckets[min(bound, maxAllowed)].append(k)
                    }
                }
            }
        }
        return buckets
    }

    /// The ranked search's candidates: those sharing the most discriminative trigrams, at most
    /// ``candidateLimit``, most shared first.
    private func rankedCandidates(_ touched: [Int32], shared: [UInt16], queryLength: Int, queryGrams: Int32) -> [Int32] {
        var histogram = [Int](repeating: 0, count: Int(queryGrams) + 2)
        for k in touched { histogram[min(Int(shared[Int(k)]), Int(queryGrams) + 1)] += 1 }
        var threshold = Int(queryGrams) + 1
        var taken = histogram[threshold]
        while threshold > 0 && taken + histogram[threshold - 1] <= Self.candidateLimit {
            threshold -= 1
            taken += histogram[threshold]
        }
        var candidates: [Int32] = []
        for k in touched where Int(shared[Int(k)]) >= max(threshold, 0) {
            let keyLength = Int(keyLengths[Int(k)])
            let allowed = max(1, max(keyLength, queryLength) / 5)
            if keyLength >= 4, abs(keyLength - queryLength) <= allowed { candidates.append(k) }
        }
        candidates.sort { shared[Int($0)] > shared[Int($1)] }
        return Array(candidates.prefix(Self.candidateLimit))
    }

    /// How many candidates a ranked fuzzy search measures at most.
    static let candidateLimit = 128

    /// The closest keys among candidate groups tried in order; a group index is a lower bound
    /// on the distance of its members (all zero for a single group).
    private func best(among groups: [[Int32]], query q: [Unicode.Scalar]) -> EntityMatch? {
        var bestDistance = Int.max
        var bestScore = 0.0
        var best: [Int32] = []
        for (bound, group) in groups.enumerated() {
            if groups.count > 1 && bound > bestDistance { break }
            for k in group {
                let key = keyScalars[Int(k)]
                let longest = max(key.count, q.count)
                let allowed = min(max(1, longest / 5), bestDistance)
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
        }
        guard !best.isEmpty else { return nil }
        var seen = Set<Int32>()
        var out: [ResolvedValue] = []
        for k in best.sorted() {
            for v in keyValues[Int(k)] where seen.insert(v).inserted { out.append(values[Int(v)]) }
        }
        return EntityMatch(values: out, kind: .fuzzy, score: bestScore)
    }

    /// Levenshtein distance within a band of `limit` around the diagonal; any distance above
    /// `limit` comes back as `limit + 1`. Its two rows live on the stack: the fuzzy search
    /// measures a candidate or two per query, and two arrays apiece cost more than the band.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return max(n, m) }
        let big = limit + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (m + 1)) { rows in
            rows.initialize(repeating: big)
            var previous = rows.baseAddress!, current = rows.baseAddress! + (m + 1)
            for j in 0...min(m, limit) { previous[j] = j }
            for i in 1...n {
                let lo = max(1, i - limit), hi = min(m, i + limit)
                current[lo - 1] = lo == 1 ? min(i, big) : big
                var rowMin = current[lo - 1]
                if lo <= hi {
                    for j in lo...hi {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var v = previous[j - 1] + cost
                        if previous[j] + 1 < v { v = previous[j] + 1 }
                        if current[j - 1] + 1 < v { v = current[j - 1] + 1 }
                        current[j] = min(v, big)
                        if current[j] < rowMin { rowMin = current[j] }
                    }
                }
                if hi < m { current[hi + 1] = big }
                if rowMin > limit { return big }
                swap(&previous, &current)
            }
            return min(previous[m], big)
        }
    }
}
