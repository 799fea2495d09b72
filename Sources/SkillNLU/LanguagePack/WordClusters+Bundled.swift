import Foundation

extension WordClusters {
    /// The clusters SkillNLU ships for the pack `name` (such as "en"), read once per process
    /// beside that pack; nil when there are none (only English has clusters).
    public static func bundled(named name: String) -> WordClusters? {
        BundledClusters.shared.clusters(named: name)
    }

    /// The name of the shipped clusters for a locale ("en-US" → "en"), or nil when none are shipped.
    public static func bundledName(forLocale locale: String) -> String? {
        LanguagePack.bundledName(forLocale: locale).flatMap { BundledClusters.files[$0] != nil ? $0 : nil }
    }
}

/// The cluster tables in the library's resources, each read on first use and kept.
private final class BundledClusters: @unchecked Sendable {
    static let shared = BundledClusters()
    /// The file in `Resources/LanguagePacks` of each pack with clusters.
    static let files: [String: String] = ["en": "en.clusters"]

    private let lock = NSLock()
    private var tables: [String: WordClusters?] = [:]

    func clusters(named name: String) -> WordClusters? {
        lock.withLock {
            if let known = tables[name] { return known }
            var table: WordClusters?
            if let file = Self.files[name], let pack = LanguagePack.bundled(named: name) {
                for url in LanguagePack.resourceCandidates(file) {
                    guard let data = try? Data(contentsOf: url) else { continue }
                    table = try? WordClusters(bytes: Array(data), pack: pack)
                    break
                }
            }
            tables[name] = table
            return table
        }
    }
}
