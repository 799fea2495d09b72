/// The Levenshtein distance from one query to many keys by Myers' bit-parallel algorithm, in
/// Hyyrö's form for the distance between whole strings: the query's positions of each scalar
/// are the bits of a word, and each scalar of a key costs a dozen word operations instead of a
/// row of the distance table. For a query of at most 64 scalars; a fuzzy search makes it once
/// and measures every candidate key with it.
///
/// G. Myers, "A fast bit-vector algorithm for approximate string matching based on dynamic
/// programming", J. ACM 46(3), 1999; H. Hyyrö, "Explaining and extending the bit-parallel
/// approximate string matching algorithm of Myers", 2001.
struct EditDistancePattern {
    /// The query's number of scalars (1 to 64).
    let length: Int
    /// The positions of each ASCII scalar in the query, by scalar value (128 words).
    private let ascii: UnsafePointer<UInt64>
    /// The query's other scalars, each once, and their positions.
    private let others: UnsafePointer<UInt32>
    private let otherMasks: UnsafePointer<UInt64>
    private let otherCount: Int

    /// The most scalars a query may have (one bit each in a word).
    static let longest = 64

    /// Calls `body` with the pattern of `query`, or with nil when the query is empty or longer
    /// than ``longest``. The pattern lives in temporary storage on the stack and must not escape.
    static func with<R>(_ query: UnsafeBufferPointer<Unicode.Scalar>, _ body: (EditDistancePattern?) -> R) -> R {
        guard !query.isEmpty, query.count <= longest else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { ascii in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: query.count) { others in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: query.count) { otherMasks in
                    ascii.initialize(repeating: 0)
                    var count = 0
                    for (i, scalar) in query.enumerated() {
                        let bit: UInt64 = 1 &<< UInt64(i)
                        let v = scalar.value
                        if v < 128 {
                            ascii[Int(v)] |= bit
                        } else if let k = (0..<count).first(where: { others[$0] == v }) {
                            otherMasks[k] |= bit
                        } else {
                            others[count] = v
                            otherMasks[count] = bit
                            count += 1
                        }
                    }
                    return body(EditDistancePattern(length: query.count, ascii: UnsafePointer(ascii.baseAddress!),
                                                    others: UnsafePointer(others.baseAddress!),
                                                    otherMasks: UnsafePointer(otherMasks.baseAddress!), otherCount: count))
                }
            }
        }
    }

    /// The positions of `scalar` in the query.
    @inline(__always)
    private func positions(of scalar: Unicode.Scalar) -> UInt64 {
        let v = scalar.value
        if v < 128 { return ascii[Int(v)] }
        for k in 0..<otherCount where others[k] == v { return otherMasks[k] }
        return 0
    }

    /// The distance from the query to `key` when it is at most `limit`, else `limit + 1`:
    /// what ``EntityIndex/editDistance(_:_:limit:)`` gives for the query and `key`.
    func distance(to key: UnsafeBufferPointer<Unicode.Scalar>, limit: Int) -> Int {
        let n = length, m = key.count
        if abs(n - m) > limit { return limit + 1 }
        // Each bit of `vp` / `vn` is a +1 / −1 step down the current column of the distance
        // table (one bit per query scalar); `score` is the column's last cell.
        var vp: UInt64 = ~0, vn: UInt64 = 0
        var score = n
        let last: UInt64 = 1 &<< UInt64(n - 1)
        for j in 0..<m {
            let eq = positions(of: key[j])
            let xv = eq | vn
            let xh = (((eq & vp) &+ vp) ^ vp) | eq
            var hp = vn | ~(xh | vp)
            var hn = vp & xh
            if hp & last != 0 { score += 1 } else if hn & last != 0 { score -= 1 }
            // The first row of the table counts the key's scalars: a +1 step enters at the top.
            hp = hp &<< 1 | 1
            hn = hn &<< 1
            vp = hn | ~(xv | hp)
            vn = hp & xv
            // The key's other scalars can lower the distance by one each at most.
            if score - (m - 1 - j) > limit { return limit + 1 }
        }
        return min(score, limit + 1)
    }
}
