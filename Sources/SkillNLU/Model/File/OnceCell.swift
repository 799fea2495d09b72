import Foundation

/// A value worked out at most once, by the first thread that asks for it; a thread that asks
/// while another is working it out waits for that result instead of doing the work again.
///
/// Whoever asks first does the work, so two threads that each go through a list of cells, in
/// any order, never wait for work nobody has started: loading a model lets a helper thread work
/// through the sections ahead while the loading thread takes each one when it needs it
/// (``SectionsAhead``).
final class OnceCell<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var make: (@Sendable () -> Value)?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value, worked out now if nobody has yet.
    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make!()
        value = made
        make = nil
        return made
    }
}
