import Foundation

/// One parameter table (`rows` × `width`) with its optimiser state, interleaved row by row —
/// values, then the gradient when the table keeps one, then Adam's first and second moments —
/// so that updating a scattered row touches one contiguous block of memory instead of several
/// far-apart ones. Dense layers are one row and keep their gradient in it; the sparse tables
/// gather theirs apart, in a ``SparseGradient`` as small as the rows a batch touches.
struct TrainedParameter {
    let storage: TrainingBuffer
    let rows: Int
    let width: Int
    /// Floats from one row's values to the next row's.
    let stride: Int
    let hasGradient: Bool
    let hasMoments: Bool
    /// Whether the L2 penalty applies (not to biases).
    let decays: Bool

    init(rows: Int, width: Int, adam: Bool, gradient: Bool = true, decays: Bool = true,
         initial: (Int) -> Float = { _ in 0 }) {
        self.rows = rows
        self.width = width
        hasGradient = gradient
        hasMoments = adam
        stride = width * (1 + (gradient ? 1 : 0) + (adam ? 2 : 0))
        self.decays = decays
        storage = TrainingBuffer(count: rows * stride)
        for r in 0..<rows {
            let row = storage.pointer + r * stride
            for c in 0..<width { row[c] = initial(r * width + c) }
        }
    }

    @inline(__always) func values(_ row: Int) -> UnsafeMutablePointer<Float> { storage.pointer + row * stride }
    /// The row's gradient; only for a table that keeps one (`hasGradient`).
    @inline(__always) func gradient(_ row: Int) -> UnsafeMutablePointer<Float> { storage.pointer + row * stride + width }
    /// The row's first moments, followed by its second; only with Adam (`hasMoments`).
    @inline(__always) func moments(_ row: Int) -> UnsafeMutablePointer<Float> {
        storage.pointer + row * stride + (hasGradient ? 2 * width : width)
    }

    /// The values alone, row-major.
    var array: [Float] {
        var out: [Float] = []
        out.reserveCapacity(rows * width)
        for r in 0..<rows { out.append(contentsOf: UnsafeBufferPointer(start: values(r), count: width)) }
        return out
    }
}
