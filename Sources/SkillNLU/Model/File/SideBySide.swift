import Foundation

/// Two pieces of work that share nothing, run at once: one on the calling thread and one on
/// another, when the system has a second core free (otherwise one after the other on the
/// calling thread). Returns when both are done, so nothing outlives the call.
///
/// Loading a model uses it to decode the units that need nothing from the interaction model
/// while the interaction model and what depends on it are decoded: the same work and the
/// same results in either order, in less wall-clock time on a machine with two cores.
enum SideBySide {
    /// Runs `first` and `second` at once and returns both results.
    static func run<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        let results = Results<A, B>()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// Where each side leaves its result: two stored properties, each written by one side only
    /// and read after both have finished (`concurrentPerform` returns only then).
    private final class Results<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}
