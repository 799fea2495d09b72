import Foundation

/// The running mean of the tagger's weights over the steps of its last epochs (averaged SGD):
/// the mean of the weights after every step is a steadier estimate than the last step's, so
/// fewer epochs reach the accuracy that more plain SGD epochs reach.
///
/// Every weight is averaged without touching the weights a step leaves alone. Within a
/// segment of steps 1…N, with `s_t` the global L2 scale after step t (1 for the weights
/// outside it) and `S_t` the sum of `s_1 … s_t`, the sum of the true weights `s_t · w_t` is
/// `S_N · w_N − Σ δ_τ · S_(τ−1)` over the updates δ_τ of the stored weight. So each update
/// also adds `δ · S` to a twin of its weight (``View``), and the segment is closed (``close``)
/// when the stored weights change their units (the scale folded into them) and at the end of
/// each epoch, which keeps `S` small enough for single precision.
final class SGDAverage {
    /// What the SGD step reads and writes: each weight's twin, and the sums of the scales
    /// (and of the steps) so far in the segment.
    struct View {
        let cells: UnsafeMutableBufferPointer<Float>
        let partCells: UnsafeMutableBufferPointer<Float>
        let trans: UnsafeMutableBufferPointer<Float>
        let start: UnsafeMutableBufferPointer<Float>
        let shared: UnsafeMutableBufferPointer<Float>
        /// Σ s over the segment's steps before this one: the factor of a scaled weight's update.
        let scaled: Float
        /// The segment's steps before this one: the factor of an unscaled weight's update.
        let plain: Float
    }

    private var twins: [UnsafeMutableBufferPointer<Float>]
    /// Per table, the sum of the true weights over the closed segments.
    private var totals: [[Double]]
    private var scaledSum: Float = 0
    private var plainSum: Float = 0
    /// Steps averaged in all.
    private(set) var steps: Double = 0

    /// Twins for tables of these sizes: cells, part cells, transitions, start scores, shared weights.
    init(sizes: [Int]) {
        twins = sizes.map { n in
            let b = UnsafeMutableBufferPointer<Float>.allocate(capacity: n)
            b.initialize(repeating: 0)
            return b
        }
        totals = sizes.map { [Double](repeating: 0, count: $0) }
    }

    deinit { for b in twins { b.deallocate() } }

    var view: View {
        View(cells: twins[0], partCells: twins[1], trans: twins[2], start: twins[3], shared: twins[4],
             scaled: scaledSum, plain: plainSum)
    }

    /// Counts a step whose weights are `scale` times the stored ones.
    func count(scale: Float) {
        scaledSum += scale
        plainSum += 1
        steps += 1
    }

    /// Adds the segment's sums to the totals: `tables` are the stored weights in the order of
    /// `init(sizes:)`, the first two (cells, part cells) in units of the scale.
    func close(_ tables: [UnsafeMutableBufferPointer<Float>]) {
        for (i, table) in tables.enumerated() {
            let s = Double(i < 2 ? scaledSum : plainSum)
            let twin = twins[i]
            totals[i].withUnsafeMutableBufferPointer { total in
                for r in 0..<table.count {
                    total[r] += s * Double(table[r]) - Double(twin[r])
                    twin[r] = 0
                }
            }
        }
        scaledSum = 0
        plainSum = 0
    }

    /// Writes the mean true weights into `tables` (closing the segment first), so the scaled
    /// tables then have a scale of 1; false (tables untouched) when no step was averaged.
    func writeMeans(into tables: [UnsafeMutableBufferPointer<Float>]) -> Bool {
        close(tables)
        guard steps > 0 else { return false }
        for (i, table) in tables.enumerated() {
            for r in 0..<table.count { table[r] = Float(totals[i][r] / steps) }
        }
        return true
    }
}
