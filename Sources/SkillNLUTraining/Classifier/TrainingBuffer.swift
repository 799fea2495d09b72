import Foundation

/// A float array owned by one training run, used through its pointer so the inner loops are
/// free of bounds and exclusivity checks. Never shared between threads.
final class TrainingBuffer {
    let pointer: UnsafeMutablePointer<Float>
    let count: Int

    init(count: Int) {
        self.count = count
        pointer = .allocate(capacity: max(count, 1))
        pointer.initialize(repeating: 0, count: max(count, 1))
    }

    convenience init(_ values: [Float]) {
        self.init(count: values.count)
        pointer.update(from: values, count: values.count)
    }

    deinit { pointer.deallocate() }

    var array: [Float] { Array(UnsafeBufferPointer(start: pointer, count: count)) }
}
