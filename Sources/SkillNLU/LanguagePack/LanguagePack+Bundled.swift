import Foundation

extension LanguagePack {
    /// The pack SkillNLU ships for `name` (a language code such as "en" or "de"), read once per
    /// process; nil when there is none. Languages of one script may share a file (de, fr, es,
    /// it, nl and pt read `latin.pack`); the pack is still named by its language.
    public static func bundled(named name: String) -> LanguagePack? {
        BundledPacks.shared.pack(named: name)
    }

    /// The name of the shipped pack for a locale ("en-US" → "en", "de-DE" → "de"), or nil when
    /// none is shipped.
    public static func bundledName(forLocale locale: String) -> String? {
        let language = String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
        return BundledPacks.files[language] != nil ? language : nil
    }

    /// The languages SkillNLU ships a pack for, sorted.
    public static var bundledNames: [String] { BundledPacks.files.keys.sorted() }
}

/// The packs in the library's resources, each read on first use and kept.
private final class BundledPacks: @unchecked Sendable {
    static let shared = BundledPacks()
    /// The file in `Resources/LanguagePacks` of each language with a pack: English has its own,
    /// the other languages one per script (derived from a multilingual encoder, its vocabulary
    /// cut by script).
    static let files: [String: String] = [
        "en": "en.pack",
        "de": "latin.pack", "fr": "latin.pack", "es": "latin.pack", "it": "latin.pack", "nl": "latin.pack", "pt": "latin.pack",
        "ja": "japanese.pack", "hi": "devanagari.pack", "ar": "arabic.pack",
    ]

    private let lock = NSLock()
    private var packs: [String: LanguagePack?] = [:]

    func pack(named name: String) -> LanguagePack? {
        lock.withLock {
            if let known = packs[name] { return known }
            let pack = Self.files[name].flatMap { Self.read(name, file: $0) }
            packs[name] = pack
            return pack
        }
    }

    private static func read(_ name: String, file: String) -> LanguagePack? {
        for url in LanguagePack.resourceCandidates(file) {
            guard let data = try? Data(contentsOf: url) else { continue }
            return try? LanguagePack(name: name, bytes: Array(data))
        }
        return nil
    }
}

extension LanguagePack {
    /// Where a file of the library's language resources may be: the folder
    /// `SKILLNLU_LANGUAGE_PACKS` names, then the package's resource bundle. On Linux the bundle is
    /// looked for beside the executable (where SwiftPM puts it) rather than through
    /// `Bundle.module`, whose accessor stops the process when a tool was copied without its
    /// resources; a missing file is an error the caller reports.
    package static func resourceCandidates(_ file: String) -> [URL] {
        var urls: [URL] = []
        if let folder = ProcessInfo.processInfo.environment["SKILLNLU_LANGUAGE_PACKS"], !folder.isEmpty {
            urls.append(URL(fileURLWithPath: folder).appendingPathComponent(file))
        }
        #if canImport(Darwin)
        let stem = (file as NSString).deletingPathExtension, ext = (file as NSString).pathExtension
        if let url = Bundle.module.url(forResource: stem, withExtension: ext, subdirectory: "LanguagePacks") { urls.append(url) }
        #else
        var folders = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in folders {
            urls.append(folder.appendingPathComponent("SkillNLU_SkillNLU.resources/LanguagePacks").appendingPathComponent(file))
        }
        #endif
        return urls
    }
}
