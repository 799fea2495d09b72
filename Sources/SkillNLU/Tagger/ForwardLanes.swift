import CInt8Products

/// A graph's incoming lists with their exponentiated transitions, laid out for
/// `snlu_forward_step`: the labels in blocks of eight, one label a vector lane, each block's
/// lists transposed step by step so that a step reads the next pair of eight lists at once.
///
/// Each lane still walks its own list in the graph's incoming order, so every label's incoming
/// sum is the scalar loop's, bit for bit. Labels are put into blocks longest list first, so
/// that the lists sharing a block are of similar length and few steps are padding (a block
/// takes as many steps as its longest list). Built once per trained graph, beside its scores.
struct ForwardLanes: Sendable {
    /// The label in each lane (the label count of them, the last block's missing lanes absent).
    let order: [Int32]
    /// How many steps each block takes (its longest list's length).
    let blockSteps: [Int32]
    /// Per block, per step, eight labels the lanes' pairs come from (-1 past a list's end).
    let fromLanes: [Int32]
    /// Per block, per step, eight pairs' exponentiated transitions (0 past a list's end).
    let expLanes: [Float]

    var labelCount: Int { order.count }
    var blockCount: Int { blockSteps.count }

    /// Lays out `graph`'s incoming lists with `expIncoming`, the pairs' exponentiated
    /// transitions in incoming order.
    init(graph: TransitionGraph, expIncoming: [Float]) {
        let K = graph.labels.count
        let start = graph.incomingStart
        let length = { (k: Int) in Int(start[k + 1] - start[k]) }
        // Stable: labels of equal length keep their order.
        let order = (0..<K).sorted { length($0) > length($1) || (length($0) == length($1) && $0 < $1) }
        var blockSteps: [Int32] = [], fromLanes: [Int32] = [], expLanes: [Float] = []
        for first in stride(from: 0, to: K, by: 8) {
            let lanes = order[first..<min(first + 8, K)]
            let steps = lanes.map(length).max() ?? 0
            blockSteps.append(Int32(steps))
            for step in 0..<steps {
                for lane in 0..<8 {
                    let i = first + lane
                    if i < K, step < length(order[i]) {
                        let q = Int(start[order[i]]) + step
                        fromLanes.append(graph.incomingFrom[q])
                        expLanes.append(expIncoming[q])
                    } else {
                        fromLanes.append(-1)
                        expLanes.append(0)
                    }
                }
            }
        }
        self.order = order.map { Int32($0) }
        self.blockSteps = blockSteps
        self.fromLanes = fromLanes
        self.expLanes = expLanes
    }

    /// The layout's buffers, for as long as `body` runs, to step with.
    func withSteps<R>(_ body: (Steps) -> R) -> R {
        order.withUnsafeBufferPointer { order in
            blockSteps.withUnsafeBufferPointer { blockSteps in
                fromLanes.withUnsafeBufferPointer { fromLanes in
                    expLanes.withUnsafeBufferPointer { expLanes in
                        body(Steps(order: order, blockSteps: blockSteps, fromLanes: fromLanes, expLanes: expLanes))
                    }
                }
            }
        }
    }

    /// A ``ForwardLanes``' buffers, valid inside ``withSteps(_:)``.
    struct Steps {
        let order: UnsafeBufferPointer<Int32>
        let blockSteps: UnsafeBufferPointer<Int32>
        let fromLanes: UnsafeBufferPointer<Int32>
        let expLanes: UnsafeBufferPointer<Float>

        /// One forward step: `alpha` (the label count of floats) gets the scaled forward
        /// values of the token whose exponentiated emissions are `expEmission`, from the
        /// previous token's `previous`; returns their total before scaling (at least the
        /// smallest normal float).
        @inline(__always)
        func step(previous: UnsafePointer<Float>, expEmission: UnsafePointer<Float>, alpha: UnsafeMutablePointer<Float>) -> Float {
            snlu_forward_step(previous, expEmission, order.count, blockSteps.count, blockSteps.baseAddress,
                              fromLanes.baseAddress, expLanes.baseAddress, order.baseAddress, alpha)
        }
    }
}
