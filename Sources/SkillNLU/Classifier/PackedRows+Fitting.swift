extension PackedRows {
    /// The scale byte, levels and shift of a row at 3 bits a weight, chosen for the least
    /// squared error rather than to fit the row's largest magnitude.
    ///
    /// Seven levels cannot spend a step on every outlier: fitting the largest magnitude makes
    /// the steps so coarse that most weights of a row round to one or two levels. So every scale
    /// from three octaves below the fitting one up to the largest that still gives one weight a
    /// nonzero level is tried, levels beyond ±3 saturating. A centred row (one whose constant
    /// does not matter) is also shifted so that its median weight lies exactly on a level, each
    /// level tried, since most of its weights lie near the median; an uncentred row is not.
    ///
    /// Exact once rounded: a rounded row has a candidate of no error at all (the scale it was
    /// rounded at, its median on its own level, shift zero). Among candidates of equal error a
    /// shift of zero wins and then the larger scale (the same weights at twice the scale when
    /// the levels are all even), so the row is rounded again to the same levels at the same
    /// scale byte.
    static func fitted(_ row: ArraySlice<Float>, centred: Bool) -> (scale: Int, levels: [Int], shift: Float) {
        let top = 3
        let largest = row.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0 else { return (scaleByte(top: 0, levels: top), row.map { _ in 0 }, 0) }
        let median = centred ? row.sorted()[(row.count - 1) / 2] : 0
        let reach = centred ? (row.max()! - row.min()!) / 2 : largest
        let fitting = scaleByte(top: reach, levels: top)
        var best = (scale: 0, shift: Float(0), error: Float.infinity)
        for k in max(0, fitting - 48)...min(255, fitting + 26) {
            let s = scales[k]
            for anchor in centred ? -top...top : 0...0 {
                let shift = median - Float(anchor) * s
                let error = squaredError(row, shift: shift, scale: s)
                if error < best.error || (error == best.error && prefers(shift: shift, scale: k, over: best)) {
                    best = (k, shift, error)
                }
            }
        }
        let s = scales[best.scale]
        let levels = row.map { max(-top, min(top, Int((($0 - best.shift) / s).rounded(.toNearestOrEven)))) }
        // A row that rounds to nothing is stored as a zero row is.
        if levels.allSatisfy({ $0 == 0 }) { return (scaleByte(top: 0, levels: top), levels, 0) }
        return (best.scale, levels, best.shift)
    }

    /// The squared error of `row` shifted by `shift` and rounded to levels in -3…3 of `scale`.
    @inline(__always)
    private static func squaredError(_ row: ArraySlice<Float>, shift: Float, scale s: Float) -> Float {
        var error: Float = 0
        for w in row {
            let q = max(-3, min(3, ((w - shift) / s).rounded(.toNearestOrEven)))
            let d = w - shift - q * s
            error += d * d
        }
        return error
    }

    /// Among candidates of equal error: no shift before a shift, then the larger scale.
    private static func prefers(shift: Float, scale k: Int, over best: (scale: Int, shift: Float, error: Float)) -> Bool {
        if (shift == 0) != (best.shift == 0) { return shift == 0 }
        return k > best.scale
    }
}
