import CInt8Products

/// A graph's incoming lists with their exponentiated transitions, laid out for
/// `snlu_forward_step`: the labels in blocks of eight, one label a vector lane; a block's
/// steps are the labels any of its lanes comes from, in ascending order, each with the eight
/// lanes' exponentiated transitions from it (0 where a lane has no such pair).
///
/// A step then needs one broadcast of the previous token's value, not a gather (which costs
/// more than the scalar loop it replaces on some processors). Each lane still adds its own
/// pairs in its list's order — the graph's incoming lists run in ascending order of the label
/// they come from — and a step without a pair adds +0 to a sum of non-negative products, which
/// changes nothing: every label's incoming sum is the scalar loop's, bit for bit. Labels are
/// put into blocks longest list first, so that lanes sharing a block come from similar sets.
/// Built once per trained graph, beside its scores, and never changed: a class so that the
/// scores, which decoding copies into its scratch on every call, retain one object for it
/// rather than each of its arrays.
final class ForwardLanes: Sendable {
    /// The label in each lane (the label count of them, the last block's missing lanes absent).
    let order: [Int32]
    /// How many steps each block takes.
    let blockSteps: [Int32]
    /// Per step, block after block, the label the step's pairs come from.
    let sources: [Int32]
    /// Per step, the eight lanes' exponentiated transitions from the step's label (0 where a
    /// lane has no pair from it).
    let rows: [Float]

    var labelCount: Int { order.count }
    var blockCount: Int { blockSteps.count }

    /// Lays out `graph`'s incoming lists with `expIncoming`, the pairs' exponentiated
    /// transitions in incoming order; nil when a list is not in ascending order of the label
    /// it comes from (the layout could not keep its order).
    init?(graph: TransitionGraph, expIncoming: [Float]) {
        let K = graph.labels.count
        let start = graph.incomingStart, from = graph.incomingFrom
        let length = { (k: Int) in Int(start[k + 1] - start[k]) }
        for k in 0..<K where length(k) > 1 {
            for q in Int(start[k]) + 1..<Int(start[k + 1]) where from[q] <= from[q - 1] { return nil }
        }
        // The first block: the eight longest lists (the outside label's comes from every
        // label, so that block takes a step per label whatever else shares it). The rest in
        // label order, a slot's begin and inside labels side by side: they come from much the
        // same labels.
        let longest = Self.longest(8, of: K, length: length)
        let order = longest + (0..<K).filter { !longest.contains($0) }
        var blockSteps: [Int32] = [], sources: [Int32] = [], rows: [Float] = []
        // Per label a block's lanes may come from: whether any does, and the eight cells.
        var comes = [Bool](repeating: false, count: K), cells = [Float](repeating: 0, count: K * 8)
        for first in stride(from: 0, to: K, by: 8) {
            for (lane, k) in order[first..<min(first + 8, K)].enumerated() {
                for q in Int(start[k])..<Int(start[k + 1]) {
                    comes[Int(from[q])] = true
                    cells[Int(from[q]) * 8 + lane] = expIncoming[q]
                }
            }
            var steps: Int32 = 0
            for source in 0..<K where comes[source] {
                sources.append(Int32(source))
                rows += cells[(source * 8)..<(source * 8 + 8)]
                steps += 1
                comes[source] = false
                for lane in 0..<8 { cells[source * 8 + lane] = 0 }
            }
            blockSteps.append(steps)
        }
        self.order = order.map { Int32($0) }
        self.blockSteps = blockSteps
        self.sources = sources
        self.rows = rows
    }

    /// The `count` labels of `0..<labels` with the longest lists, longest first and, among
    /// lists of one length, the lower label first: the head of that sorted order, found in one
    /// pass (every model builds a layout per intent when it loads).
    static func longest(_ count: Int, of labels: Int, length: (Int) -> Int) -> [Int] {
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for k in 0..<labels {
            // Labels come in ascending order, so an equal length never goes before a kept one.
            guard best.count < count || length(k) > length(best[best.count - 1]) else { continue }
            var at = best.count
            while at > 0, length(k) > length(best[at - 1]) { at -= 1 }
            best.insert(k, at: at)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// The layout's buffers, for as long as `body` runs, to step with.
    func withSteps<R>(_ body: (Steps) -> R) -> R {
        order.withUnsafeBufferPointer { order in
            blockSteps.withUnsafeBufferPointer { blockSteps in
                sources.withUnsafeBufferPointer { sources in
                    rows.withUnsafeBufferPointer { rows in
                        body(Steps(order: order, blockSteps: blockSteps, sources: sources, rows: rows))
                    }
                }
            }
        }
    }

    /// A ``ForwardLanes``' buffers, valid inside ``withSteps(_:)``.
    struct Steps {
        let order: UnsafeBufferPointer<Int32>
        let blockSteps: UnsafeBufferPointer<Int32>
        let sources: UnsafeBufferPointer<Int32>
        let rows: UnsafeBufferPointer<Float>

        /// One forward step: `alpha` (the label count of floats) gets the scaled forward
        /// values of the token whose exponentiated emissions are `expEmission`, from the
        /// previous token's `previous`; returns their total before scaling (at least the
        /// smallest normal float).
        @inline(__always)
        func step(previous: UnsafePointer<Float>, expEmission: UnsafePointer<Float>, alpha: UnsafeMutablePointer<Float>) -> Float {
            snlu_forward_step(previous, expEmission, order.count, blockSteps.count, blockSteps.baseAddress,
                              sources.baseAddress, rows.baseAddress, order.baseAddress, alpha)
        }
    }
}
