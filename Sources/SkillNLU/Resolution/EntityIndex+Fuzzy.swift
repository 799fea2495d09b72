import BuiltInValues
import InteractionModel

extension EntityIndex {
    /// The values of the keys nearest `query` (a phrase's normalised key) among those near it in
    /// spelling (``NearSpellings``: the same words with slips in some, or the same characters
    /// spaced otherwise), or nil when none is; keys and queries shorter than four characters
    /// match only exactly. Of several near keys the fewest edits win, then the highest score
    /// (1 − edits / the longer length); keys that tie all give their values.
    func fuzzy(_ query: String) -> IndexMatch? {
        var length = 0
        for _ in query.unicodeScalars { length += 1 }
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: length) { buffer in
            for (i, s) in query.unicodeScalars.enumerated() { buffer[i] = s }
            return fuzzy(UnsafeBufferPointer(buffer))
        }
    }

    /// ``fuzzy(_:)`` of a query of printable ASCII given as its bytes (a byte per character).
    func fuzzy(asciiKey bytes: UnsafeBufferPointer<UInt8>) -> IndexMatch? {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = Unicode.Scalar(b) }
            return fuzzy(UnsafeBufferPointer(buffer))
        }
    }

    /// ``fuzzy(_:)`` of the query's scalars.
    private func fuzzy(_ q: UnsafeBufferPointer<Unicode.Scalar>) -> IndexMatch? {
        guard q.count >= 4, !keys.isEmpty else { return nil }
        var bestDistance = Int.max, bestScore = 0.0
        var best: [Int32] = []
        spellings.forEachKey(near: q) { k in
            let (keyLength, allowed, d) = spellings.withScalars(ofKey: Int(k)) { key in
                let allowed = min(max(1, max(key.count, q.count) / 5), bestDistance)
                return (key.count, allowed, key.count >= 4 ? Self.editDistance(q, key, limit: allowed) : allowed + 1)
            }
            guard d <= allowed else { return }
            let longest = max(keyLength, q.count)
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
