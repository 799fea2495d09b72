/// Why the benchmark report could not be made: which file, what is wrong, what to do.
public enum ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The results folder does not exist or cannot be listed.
    case noFolder(path: String)
    /// A JSON file in a results folder is not what `make bench` / `make bench-peers` writes.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .noFolder(let path):
            return "\(path): no such results folder; run `make bench` (or give --results DIR)"
        case .unreadable(let path, let reason):
            return "\(path): not a benchmark result (\(reason)); delete it or write it again with "
                + "`make bench` (ours) or `make bench-peers` (peers)"
        }
    }
}
