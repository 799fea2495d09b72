import ArgumentParser
import CommandLineSupport
import Foundation

/// nlu-bench's report on standard output. Its results live in the `--json` files, so a report
/// that cannot be written (a closed pipe, a full disk) must not stop a run of many minutes: the
/// first failure is kept, later lines are dropped, and ``finish()`` turns it into exit status 74
/// once the run has written its results.
enum BenchOutput {
    private static let state = State()

    /// Writes `text` and a newline (or `terminator`), unless an earlier write failed.
    static func line(_ text: String, terminator: String = "\n") {
        state.write(text + terminator)
    }

    /// Throws exit status 74 when some of the report could not be written; says why on standard
    /// error unless the reader simply went away.
    static func finish() throws {
        guard let failure = state.failure else { return }
        if !failure.isBrokenPipe { StandardError.write("nlu-bench: \(failure)\n") }
        throw ExitCode(74)
    }

    /// Writes are serialised: training reports progress from its worker threads.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var firstFailure: StandardOutput.WriteError?

        var failure: StandardOutput.WriteError? { lock.withLock { firstFailure } }

        func write(_ text: String) {
            lock.withLock {
                guard firstFailure == nil else { return }
                do throws(StandardOutput.WriteError) { try StandardOutput.write(text) } catch { firstFailure = error }
            }
        }
    }
}
