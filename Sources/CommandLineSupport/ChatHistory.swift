import Foundation

/// The lines typed into `nlu-chat` for one skill and locale, kept in a file under the user's
/// cache folder so that the up key brings back what was said in an earlier session:
/// `$XDG_CACHE_HOME/skillnlu/history/<skill>.<locale>` (default `~/.cache/…`, on macOS
/// `~/Library/Caches/…`). The file holds at most ``limit`` lines. Reading and writing are
/// best effort: a history that cannot be read starts empty, one that cannot be written is
/// not kept, and the chat goes on either way.
public struct ChatHistory: Sendable {
    /// The most lines kept.
    public static let limit = 500

    /// The history file; nil when no cache folder is known (no HOME).
    public let file: URL?

    public init(file: URL?) {
        self.file = file
    }

    /// The history of a skill in a locale, under the cache folder `environment` names.
    public init(skillName: String, locale: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let safe = String((skillName + "." + locale).map { $0 == "/" || $0 == "\0" || $0 == "\\" ? "_" : $0 })
        file = Self.cacheFolder(environment: environment)?
            .appendingPathComponent("skillnlu/history", isDirectory: true)
            .appendingPathComponent(safe.hasPrefix(".") ? "_" + safe : safe)
    }

    /// `$XDG_CACHE_HOME` when it is an absolute path, else the platform's cache folder in HOME.
    static func cacheFolder(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg, isDirectory: true) }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if canImport(Darwin)
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Library/Caches", isDirectory: true)
        #else
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        #endif
    }

    /// The lines kept, oldest first (empty when there is no readable file).
    public func load() -> [String] {
        guard let file, let data = try? Data(contentsOf: file) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return Array(lines.filter { !$0.isEmpty }.suffix(Self.limit))
    }

    /// Replaces the file with the last ``limit`` of `lines`; failures are ignored.
    public func save(_ lines: [String]) {
        guard let file else { return }
        let kept = lines.suffix(Self.limit).map { $0.replacingOccurrences(of: "\n", with: " ") }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data((kept.joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
    }
}
