extension EntityIndex {
    /// The exact fuzzy search's candidates, bucketed as ``exactBuckets`` buckets them, found
    /// from the query's rarest trigrams instead of from all of them; nil when no trigram can
    /// be left out (the caller then counts every list).
    ///
    /// A key within its allowed distance of the query shares at least
    /// max(query trigrams, key trigrams) − 3 · allowed of the query's trigrams (one edit
    /// changes at most three), so at least `needed` = query trigrams − 3 · (the largest
    /// allowance in the length window). A key sharing `needed` of the `m` lists that hold
    /// keys in the window is in one of the `m − needed + 1` shortest: only those lists are
    /// read whole; each key found there is then looked up in the others by binary search,
    /// and only when it could still reach its own bound. The buckets hold the same keys as
    /// the full count's (in key order, which does not change what ``best(among:query:)``
    /// picks), so the search finds the same matches.
    ///
    /// - Parameters:
    ///   - lists: the posting ranges of the query's distinct trigrams that the index has.
    ///   - queryGrams: the number of the query's distinct trigrams (listed or not).
    ///   - window: ``lengthWindow(query:)`` of the query.
    func rareTrigramBuckets(lists: [Range<Int32>], queryLength: Int, queryGrams: Int32,
                            window: ClosedRange<Int>, maxAllowed: Int) -> [[Int32]]? {
        let widest = max(1, max(window.upperBound, queryLength) / 5)
        let needed = Int(queryGrams) - 3 * widest
        guard needed > 1 else { return nil }
        var buckets = [[Int32]](repeating: [], count: maxAllowed + 1)
        keyLengths.withUnsafeBufferPointer { lengths in
            postingsByLength.withUnsafeBufferPointer { postings in
                // Each list's run of keys whose length is in the window.
                var runs: [Range<Int>] = []
                runs.reserveCapacity(lists.count)
                for range in lists {
                    let all = Int(range.lowerBound)..<Int(range.upperBound)
                    let low = Self.firstPosting(in: all, postings, lengths) { length, _ in length >= window.lowerBound }
                    let high = Self.firstPosting(in: low..<all.upperBound, postings, lengths) { length, _ in
                        length > window.upperBound
                    }
                    if low < high { runs.append(low..<high) }
                }
                guard runs.count >= needed else { return }
                runs.sort { $0.count < $1.count }
                let read = runs.count - needed + 1
                var found: [Int32] = []
                found.reserveCapacity(runs[..<read].reduce(0) { $0 + $1.count })
                for run in runs[..<read] { for p in run { found.append(postings[p]) } }
                found.sort()
                var i = 0
                while i < found.count {
                    let k = found[i]
                    var j = i + 1
                    while j < found.count && found[j] == k { j += 1 }
                    var common = j - i
                    i = j
                    let keyLength = Int(lengths[Int(k)])
                    let allowed = max(1, max(keyLength, queryLength) / 5)
                    guard keyLength >= 4, abs(keyLength - queryLength) <= allowed else { continue }
                    let keyGrams = Int(keyTrigramCounts[Int(k)])
                    let least = max(Int(queryGrams), keyGrams) - 3 * allowed
                    guard common + (runs.count - read) >= least else { continue }
                    for run in runs[read...] {
                        let p = Self.firstPosting(in: run, postings, lengths) { length, key in
                            length > keyLength || (length == keyLength && key >= k)
                        }
                        if p < run.upperBound && postings[p] == k { common += 1 }
                    }
                    let missing = max(Int(queryGrams) - common, keyGrams - common)
                    let bound = (missing + 2) / 3
                    guard bound <= allowed else { continue }
                    buckets[min(bound, maxAllowed)].append(k)
                }
            }
        }
        return buckets
    }

    /// The first place in `run` of ``postingsByLength`` (ordered by key length, then key)
    /// whose key satisfies `isAtOrAfter` (given its length and the key), which must hold for
    /// every place after one where it holds; `run.upperBound` when none does.
    @inline(__always)
    private static func firstPosting(in run: Range<Int>, _ postings: UnsafeBufferPointer<Int32>,
                                     _ lengths: UnsafeBufferPointer<Int32>,
                                     _ isAtOrAfter: (Int, Int32) -> Bool) -> Int {
        var lo = run.lowerBound, hi = run.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            let key = postings[mid]
            if isAtOrAfter(Int(lengths[Int(key)]), key) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
