import CInt8Products
import Foundation

extension ClassifierTrainer {
    /// Backward into the sparse rows with Adam: each row the batch touched gathers its
    /// gradient first (in ``SparseGradient``), then only those rows' moments move (lazy Adam),
    /// in ascending row order, the memory of the row eight ahead asked for while one is
    /// updated. Each row's step reads that row alone, so the order changes no value.
    func updateSparseRowsAdam(size: Int, rate: Float, _ work: inout BatchWorkspace) {
        guard var sparse = work.sparse.take() else { return }
        defer { work.sparse = sparse }
        let d = dimension, l = labelCount
        let flag = Self.linearFlag, wordFlag = Self.wordFlag, flags = Self.flags
        let ge = sparse.embedding, gl = sparse.linear
        for i in 0..<size {
            let count = work.keptStart[i + 1] - work.keptStart[i]
            guard count > 0 else { continue }
            let dxi = work.dx + i * d, oi = work.out + i * l
            for f in work.keptStart[i]..<work.keptStart[i + 1] {
                let entry = work.kept[f]
                let slot = sparse.slot(Int(entry & ~flags))
                let inverse = entry & wordFlag != 0 ? work.wordScale[i] : work.charScale[i]
                let g = ge + slot * d
                for c in 0..<d { g[c] += dxi[c] * inverse }
                if entry & flag != 0 {
                    let g = gl + slot * l
                    let root = entry & wordFlag != 0 ? work.linearWordScale[i] : work.linearCharScale[i]
                    for j in 0..<l { g[j] += oi[j] * root }
                }
            }
        }
        let (c1, c2) = adamCorrections()
        let l2 = options.l2, linearRows = self.linearRows
        let embedding = self.embedding, linear = self.linear
        sparse.drain(into: &work.rows)
        let rows = work.rows, n = rows.count
        let ahead = 8
        for k in 0..<n {
            if k + ahead < n { prefetchRow(Int(rows[k + ahead])) }
            let row = Int(rows[k]), slot = sparse.slotOf(row)
            Self.adam(embedding, row: row, gradient: ge + slot * d, rate: rate, l2: l2, c1: c1, c2: c2)
            if row < linearRows {
                Self.adam(linear, row: row, gradient: gl + slot * l, rate: rate, l2: l2, c1: c1, c2: c2)
            }
        }
    }

    /// Asks for the memory of `row`'s values and moments in both tables.
    @inline(__always)
    func prefetchRow(_ row: Int) {
        Self.prefetch(embedding.values(row), floats: embedding.stride)
        if row < linearRows { Self.prefetch(linear.values(row), floats: linear.stride) }
    }

    /// Asks for the memory of the values a feature occurrence `entry` reads in the forward pass.
    @inline(__always)
    func prefetchValues(_ entry: UInt32) {
        let row = Int(entry & ~Self.flags)
        Self.prefetch(embedding.values(row), floats: embedding.width)
        if entry & Self.linearFlag != 0 { Self.prefetch(linear.values(row), floats: linear.width) }
    }

    /// Asks for every cache line of the `floats` floats from `p`. Changes nothing but when
    /// memory is read.
    @inline(__always)
    static func prefetch(_ p: UnsafeMutablePointer<Float>, floats: Int) {
        var line = UInt(bitPattern: UnsafeRawPointer(p)) & ~UInt(63)
        let end = UInt(bitPattern: UnsafeRawPointer(p + floats))
        while line < end {
            snlu_prefetch(UnsafeRawPointer(bitPattern: line))
            line &+= 64
        }
    }

    // MARK: Adam

    func adamCorrections() -> (Float, Float) {
        let t = Float(step)
        return (1 / (1 - Foundation.pow(Float(0.9), t)), 1 / (1 - Foundation.pow(Float(0.999), t)))
    }

    /// One Adam step on one row of a parameter from its gradient `g`, eight lanes at a time.
    @inline(__always)
    static func adam(_ parameter: TrainedParameter, row: Int, gradient g: UnsafePointer<Float>, rate: Float, l2: Float,
                     c1: Float, c2: Float) {
        typealias V8 = SIMD8<Float>
        let count = parameter.width
        let p = parameter.values(row), m = parameter.moments(row), v = m + count
        let step1 = rate * c1
        var c = 0
        while c + 8 <= count {
            let pv = UnsafeRawPointer(p + c).loadUnaligned(as: V8.self)
            let gi = UnsafeRawPointer(g + c).loadUnaligned(as: V8.self) + l2 * pv
            let mv = 0.9 * UnsafeRawPointer(m + c).loadUnaligned(as: V8.self) + 0.1 * gi
            let vv = 0.999 * UnsafeRawPointer(v + c).loadUnaligned(as: V8.self) + 0.001 * gi * gi
            UnsafeMutableRawPointer(m + c).storeBytes(of: mv, as: V8.self)
            UnsafeMutableRawPointer(v + c).storeBytes(of: vv, as: V8.self)
            UnsafeMutableRawPointer(p + c).storeBytes(of: pv - step1 * mv / ((vv * c2).squareRoot() + 1e-8), as: V8.self)
            c += 8
        }
        while c < count {
            let gi = g[c] + l2 * p[c]
            m[c] = 0.9 * m[c] + 0.1 * gi
            v[c] = 0.999 * v[c] + 0.001 * gi * gi
            p[c] -= step1 * m[c] / ((v[c] * c2).squareRoot() + 1e-8)
            c += 1
        }
    }
}
