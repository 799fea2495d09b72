import BuiltInValues
import InteractionModel

extension EntityIndex {
    /// Values whose key is within a small edit distance of `query` (about one edit in five
    /// characters; keys shorter than four characters must match exactly).
    ///
    /// Candidates come from shared character trigrams. One edit changes at most three
    /// trigrams, so the trigrams a key does not share bound its distance from below; keys are
    /// tried in order of that bound and the search stops once the bound exceeds the best
    /// distance found. In large types, trigrams so common that they do not discriminate
    /// ("the", "ion") are skipped and only the best-ranked candidates are measured, which
    /// keeps a miss on a type with tens of thousands of values well under a millisecond.
    ///
    /// The query's trigrams and lists, and the exact search's counts, live in temporary
    /// buffers: most queries of a sentence's spans match nothing, and allocations would cost
    /// more than the search.
    func fuzzy(_ query: String) -> IndexMatch? {
        let q = Array(query.unicodeScalars)
        guard q.count >= 4, !keys.isEmpty else { return nil }
        return q.withUnsafeBufferPointer { scalars in
            EditDistancePattern.with(scalars) { pattern in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: q.count) { buffer in
                var grams = buffer
                Self.trigrams(scalars, into: grams)
                grams.sort()
                var distinct = 1
                for i in 1..<grams.count where grams[i] != grams[distinct - 1] {
                    grams[distinct] = grams[i]
                    distinct += 1
                }
                let queryGrams = Int32(distinct)
                let commonPosting = max(1_024, keys.count / 32)
                return withUnsafeTemporaryAllocation(of: Range<Int32>.self, capacity: distinct) { lists in
                    var listCount = 0
                    var skipped = 0
                    var rarestSkipped: Range<Int32>?
                    for i in 0..<distinct {
                        guard let at = trigramIndex.value(UInt64(grams[i])) else { continue }
                        let range = trigramRanges[Int(at)]
                        if range.count > commonPosting {
                            skipped += 1
                            if rarestSkipped == nil || range.count < rarestSkipped!.count { rarestSkipped = range }
                            continue
                        }
                        lists[listCount] = range
                        listCount += 1
                    }
                    let found = UnsafeMutableBufferPointer(rebasing: lists[..<listCount])
                    if skipped == 0 { return exactFuzzy(found, query: scalars, pattern: pattern, queryGrams: queryGrams) }
                    return rankedFuzzy(Array(found), rarestSkipped: rarestSkipped, query: q, pattern: pattern,
                                       queryGrams: queryGrams)
                }
            }
            }
        }
    }

    /// The first length rank of keys of `length` scalars or more (the number of keys past the
    /// longest).
    private func firstRank(ofLength length: Int) -> Int {
        length < lengthStarts.count ? Int(lengthStarts[length]) : keys.count
    }

    /// The first position of `range` in `ranks` (ascending there) holding `target` or more;
    /// the range's end when none does.
    @inline(__always)
    private static func firstPosition(in ranks: UnsafeBufferPointer<Int32>, _ range: Range<Int>, notBelow target: Int) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(ranks[mid]) < target { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The fuzzy search when no trigram of the query was skipped: only keys whose length is in
    /// ``lengthWindow(query:)`` can match, and they are one run of length ranks, so each posting
    /// list (`lists`) is read from that run's start and counted into an array of the run's
    /// length. A key within its allowed distance shares at least ``sharedTrigramsNeeded(query:window:queryGrams:)``
    /// of the query's trigrams, and becomes a candidate as its count reaches that. Candidates are
    /// measured in order of the lower bound on their distance (counting sort into buckets), and
    /// the search stops once that bound exceeds the best distance found. Which keys are closest
    /// does not depend on the order candidates are measured in, only on their distances.
    private func exactFuzzy(_ lists: UnsafeMutableBufferPointer<Range<Int32>>, query q: UnsafeBufferPointer<Unicode.Scalar>,
                            pattern: EditDistancePattern?, queryGrams: Int32) -> IndexMatch? {
        let window = Self.lengthWindow(query: q.count)
        let first = firstRank(ofLength: window.lowerBound), end = firstRank(ofLength: window.upperBound + 1)
        guard first < end else { return nil }
        let run = end - first
        let needed = Self.sharedTrigramsNeeded(query: q.count, window: window, queryGrams: Int(queryGrams))
        let maxAllowed = max(1, (q.count + q.count / 4) / 5 + 1)
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: run) { shared in
            shared.initialize(repeating: 0)
            // Two runs of `run` ranks (offsets from `first`): the candidates, then the same by bucket.
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * run) { buffer in
                let candidates = UnsafeMutableBufferPointer(rebasing: buffer[0..<run])
                let ordered = UnsafeMutableBufferPointer(rebasing: buffer[run...])
                var n = 0
                rankPostings.withUnsafeBufferPointer { ranks in
                    for range in lists {
                        let upper = Int(range.upperBound)
                        var p = Self.firstPosition(in: ranks, Int(range.lowerBound)..<upper, notBelow: first)
                        while p < upper {
                            let r = Int(ranks[p] &- Int32(truncatingIfNeeded: first))
                            if r >= run { break }
                            let count = shared[r] &+ 1
                            shared[r] = count
                            if Int(count) == needed {
                                candidates[n] = Int32(truncatingIfNeeded: r)
                                n &+= 1
                            }
                            p &+= 1
                        }
                    }
                }
                guard n > 0 else { return nil }
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: maxAllowed + 2) { starts in
                    starts.initialize(repeating: 0)
                    var kept = 0
                    rankLengths.withUnsafeBufferPointer { lengths in
                        rankTrigramCounts.withUnsafeBufferPointer { keyGrams in
                            for i in 0..<n {
                                let r = Int(candidates[i])
                                let keyLength = Int(lengths[first + r])
                                let allowed = max(1, max(keyLength, q.count) / 5)
                                guard keyLength >= 4, abs(keyLength - q.count) <= allowed else { continue }
                                let common = Int32(shared[r])
                                let missing = max(queryGrams - common, keyGrams[first + r] - common)
                                let bound = Int((missing + 2) / 3)
                                guard bound <= allowed else { continue }
                                let bucket = min(bound, maxAllowed)
                                // The bucket rides in the count's place, which is read no more.
                                shared[r] = UInt16(bucket)
                                candidates[kept] = Int32(r)
                                kept += 1
                                starts[bucket + 1] += 1
                            }
                        }
                    }
                    guard kept > 0 else { return nil }
                    for b in 0...maxAllowed { starts[b + 1] += starts[b] }
                    // `starts[b]` is where bucket b begins; filling moves it to where bucket b
                    // ends, so bucket b is then `starts[b - 1]..<starts[b]` (from 0 for the first).
                    for i in 0..<kept {
                        let b = Int(shared[Int(candidates[i])])
                        ordered[starts[b]] = candidates[i]
                        starts[b] += 1
                    }
                    // The best keys are written over `candidates`, which is read no more.
                    let (bestCount, bestScore) = closest(ordered, bucketEnds: starts, first: first, query: q, pattern: pattern,
                                                         maxAllowed: maxAllowed, into: candidates)
                    guard bestCount > 0 else { return nil }
                    return match(keys: UnsafeMutableBufferPointer(rebasing: candidates[0..<bestCount]), score: bestScore)
                }
            }
        }
    }

    /// The keys closest to `q` among the candidates `ordered` (length ranks less `first`), in
    /// buckets of the lower bound on their distance (bucket b ends at `bucketEnds[b]`), written
    /// to `best`: their number and score. Distances are measured with the query's `pattern`
    /// where it has one (``EditDistancePattern``), else by the banded table. Buckets are read in
    /// order and the search stops once the bound exceeds the best distance found.
    private func closest(_ ordered: UnsafeMutableBufferPointer<Int32>, bucketEnds: UnsafeMutableBufferPointer<Int>,
                         first: Int, query q: UnsafeBufferPointer<Unicode.Scalar>, pattern: EditDistancePattern?,
                         maxAllowed: Int, into best: UnsafeMutableBufferPointer<Int32>) -> (count: Int, score: Double) {
        var bestDistance = Int.max
        var bestScore = 0.0
        var bestCount = 0
        var from = 0
        for bound in 0...maxAllowed {
            if bound > bestDistance { break }
            for i in from..<bucketEnds[bound] {
                let k = keyOfRank[first + Int(ordered[i])]
                let key = keyScalars[Int(k)]
                let longest = max(key.count, q.count)
                let allowed = min(max(1, longest / 5), bestDistance)
                let d = key.withUnsafeBufferPointer {
                    pattern?.distance(to: $0, limit: allowed) ?? Self.editDistance(q, $0, limit: allowed)
                }
                guard d <= allowed else { continue }
                let score = 1 - Double(d) / Double(longest)
                if d < bestDistance || (d == bestDistance && score > bestScore) {
                    bestDistance = d
                    bestScore = score
                    best[0] = k
                    bestCount = 1
                } else if d == bestDistance && score == bestScore {
                    best[bestCount] = k
                    bestCount += 1
                }
            }
            from = bucketEnds[bound]
        }
        return (bestCount, bestScore)
    }

    /// How many of the query's `queryGrams` distinct trigrams a key whose length is in `window`
    /// shares at least, if it is within its allowed distance of a query of `query` scalars
    /// (at least 1: a key sharing none is never a candidate). The allowed distance is at most
    /// `max(1, longest / 5)` edits, and each edit leaves at most three of the query's trigrams
    /// unshared.
    static func sharedTrigramsNeeded(query length: Int, window: ClosedRange<Int>, queryGrams: Int) -> Int {
        let mostAllowed = max(1, max(window.upperBound, length) / 5)
        return max(1, queryGrams - 3 * mostAllowed)
    }

    /// The fuzzy match of the closest keys `best` (key indices, sorted here): their values in
    /// key order, each once.
    private func match(keys best: UnsafeMutableBufferPointer<Int32>, score: Double) -> IndexMatch {
        if best.count == 1 {
            // A key lists each of its values once.
            return IndexMatch(values: keyValues[Int(best[0])], kind: .fuzzy, score: score)
        }
        var best = best
        best.sort()
        var seen = Set<Int32>()
        var out: [Int32] = []
        for k in best {
            for v in keyValues[Int(k)] where seen.insert(v).inserted { out.append(v) }
        }
        return IndexMatch(values: out, kind: .fuzzy, score: score)
    }

    /// The fuzzy search when common trigrams were skipped: every key the other lists name is
    /// counted, and at most ``candidateLimit`` of those sharing the most are measured (the
    /// first of the rarest skipped list's keys when the lists name none).
    private func rankedFuzzy(_ lists: [Range<Int32>], rarestSkipped: Range<Int32>?, query q: [Unicode.Scalar],
                             pattern: EditDistancePattern?, queryGrams: Int32) -> IndexMatch? {
        var shared = [UInt16](repeating: 0, count: keys.count)
        var touched: [Int32] = []
        // Room for every key the lists name: no regrowing while they are read.
        touched.reserveCapacity(min(keys.count, lists.reduce(0) { $0 + $1.count }))
        shared.withUnsafeMutableBufferPointer { counts in
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
        if touched.isEmpty, let range = rarestSkipped {
            for p in range.prefix(Self.candidateLimit) { touched.append(postings[Int(p)]) }
        }
        return best(among: rankedCandidates(touched, shared: shared, queryLength: q.count, queryGrams: queryGrams), query: q,
                    pattern: pattern)
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

    /// The closest keys among `candidates`.
    private func best(among candidates: [Int32], query q: [Unicode.Scalar], pattern: EditDistancePattern?) -> IndexMatch? {
        var bestDistance = Int.max
        var bestScore = 0.0
        var best: [Int32] = []
        for k in candidates {
            let key = keyScalars[Int(k)]
            let longest = max(key.count, q.count)
            let allowed = min(max(1, longest / 5), bestDistance)
            let d = key.withUnsafeBufferPointer {
                pattern?.distance(to: $0, limit: allowed) ?? Self.editDistance(q, key, limit: allowed)
            }
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
        return best.withUnsafeMutableBufferPointer { match(keys: $0, score: bestScore) }
    }

    /// ``editDistance(_:_:limit:)`` of two arrays.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in editDistance(a, b, limit: limit) } }
    }

    /// Levenshtein distance within a band of `limit` around the diagonal; any distance above
    /// `limit` comes back as `limit + 1`. Its two rows live on the stack: the fuzzy search
    /// measures a candidate or two per query, and two arrays apiece cost more than the band.
    static func editDistance(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>,
                             limit: Int) -> Int {
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
