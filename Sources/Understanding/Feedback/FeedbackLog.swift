import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only file of judged turns (``FeedbackEntry``), one JSON object per line: what an
/// app records when its user taps thumbs up or down, and what `nlu-chat --feedback` writes.
///
/// Several writers may append at once — threads, tasks, processes: each entry is one `write`
/// to a file opened with `O_APPEND`, under an advisory lock (`flock`), so lines never
/// interleave. The file is never rewritten, so a crash loses at most the line being written;
/// such a torn line (no newline, or not an entry) is skipped when reading, with a count, and
/// the next append starts on a new line so the fragment cannot spoil the entry after it.
public struct FeedbackLog: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// What reading a log found.
    public struct Contents: Sendable, Equatable {
        /// Every readable entry, in the order written.
        public var entries: [FeedbackEntry]
        /// The 1-based numbers of lines that are not entries (a write a crash cut short).
        public var unreadableLines: [Int]
    }

    /// Why an entry could not be appended.
    public enum AppendError: Error, Equatable, CustomStringConvertible {
        case cannotOpen(path: String, errno: Int32)
        case cannotWrite(path: String, errno: Int32)

        public var description: String {
            switch self {
            case .cannotOpen(let path, let code): "cannot open the feedback log \(path): \(String(cString: strerror(code)))"
            case .cannotWrite(let path, let code): "cannot write to the feedback log \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Appends `entry` as one line, creating the file if needed.
    public func append(_ entry: FeedbackEntry) throws(AppendError) {
        let path = url.path
        var line = Array(Self.encode(entry).utf8)
        line.append(10)
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: path, errno: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        if Self.endsInsideALine(fd) { line.insert(10, at: 0) }
        var written = 0
        while written < line.count {
            let n = line[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, errno: errno)
            }
            written += n
        }
    }

    /// Reads every entry; a missing file is an empty log. Lines that are not entries are
    /// skipped and numbered in ``Contents/unreadableLines``; blank lines are ignored.
    public func read() throws -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents(entries: [], unreadableLines: []) }
        return Self.parse(try Data(contentsOf: url))
    }

    /// The entries of a log's bytes (see ``read()``).
    public static func parse(_ data: Data) -> Contents {
        var contents = Contents(entries: [], unreadableLines: [])
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for (i, line) in data.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == 32 || $0 == 13 || $0 == 9 }) { continue }
            if let entry = try? decoder.decode(FeedbackEntry.self, from: Data(line)) {
                contents.entries.append(entry)
            } else {
                contents.unreadableLines.append(i + 1)
            }
        }
        return contents
    }

    /// Whether a line of JSON is shaped as a feedback entry (it has a `verdict`), as opposed
    /// to a plain annotated utterance.
    public static func isEntryLine(_ line: some Collection<UInt8>) -> Bool {
        (try? JSONDecoder().decode(VerdictProbe.self, from: Data(line))) != nil
    }

    private struct VerdictProbe: Decodable { var verdict: FeedbackEntry.Verdict }

    /// The entry as one line of JSON (no newline), keys sorted so lines compare as text.
    static func encode(_ entry: FeedbackEntry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Encoding plain strings, numbers and dates cannot fail.
        return (try? String(decoding: encoder.encode(entry), as: UTF8.self)) ?? "{}"
    }

    /// Whether the file's last byte is not a newline: a write was cut short there. (The file is
    /// opened for reading too, so that this can look.)
    private static func endsInsideALine(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return false }
        var last: UInt8 = 0
        return pread(fd, &last, 1, off_t(info.st_size - 1)) == 1 && last != 10
    }
}
