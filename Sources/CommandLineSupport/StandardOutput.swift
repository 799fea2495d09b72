#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output with every error seen, so a tool can end with exit status 74
/// when its output cannot be written (a full disk, a closed pipe) instead of losing answers
/// silently or being killed by `SIGPIPE`. Foundation's `FileHandle.write` and `print` hide
/// such errors (or trap), which a scriptable tool cannot afford.
public enum StandardOutput {
    /// Why writing stopped.
    public struct WriteError: Error, CustomStringConvertible {
        /// The `errno` of the failed `write(2)`.
        public var code: Int32
        /// Whether the reader went away (`EPIPE`): `nlu-classify … | head -1` ends this way,
        /// and a tool then stops quietly rather than printing an error.
        public var isBrokenPipe: Bool { code == EPIPE }
        public var description: String { "writing standard output failed: \(String(cString: strerror(code)))" }
    }

    /// Turns `SIGPIPE` into an `EPIPE` error from `write`, so a closed pipe is reported
    /// through ``write(_:)`` like any other output error. Call once at start.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes all of `text` to file descriptor 1 (or `fd`), retrying short writes and `EINTR`.
    public static func write(_ text: String, to fd: Int32 = 1) throws(WriteError) {
        var bytes = Array(text.utf8)
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                #elseif canImport(Musl)
                let n = Musl.write(fd, raw.baseAddress! + offset, raw.count - offset)
                #else
                let n = Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure != 0 { throw WriteError(code: failure) }
    }
}

/// Progress and messages on standard error, written best effort: a closed or full standard
/// error (`2>&-` into a pipe that went away, `2>/dev/full`) must never stop training or lose a
/// model, so a failed write is dropped. What a tool produces (the model file, its answers on
/// standard output) is reported through ``StandardOutput`` and decides the exit status.
public enum StandardError {
    /// Writes `text` to file descriptor 2, ignoring failure.
    public static func write(_ text: String) {
        try? StandardOutput.write(text, to: 2)
    }
}

