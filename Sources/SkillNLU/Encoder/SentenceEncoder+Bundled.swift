import Foundation

extension SentenceEncoder {
    /// The encoder SkillNLU ships for `name` (a language code such as "en"), read once per
    /// process and shared; nil when there is none or its file cannot be read.
    public static func bundled(named name: String) -> SentenceEncoder? {
        BundledEncoders.shared.encoder(named: name)
    }

    /// The name of the shipped encoder for a locale ("en-US" → "en"), or nil when none is shipped.
    public static func bundledName(forLocale locale: String) -> String? {
        let language = String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
        return BundledEncoders.names.contains(language) ? language : nil
    }
}

/// The encoders in the library's resources (beside the language packs, as `<name>-encoder.bin`),
/// each read on first use and kept.
private final class BundledEncoders: @unchecked Sendable {
    static let shared = BundledEncoders()
    /// The languages with an encoder in `Resources/LanguagePacks`.
    static let names: Set<String> = ["en"]

    private let lock = NSLock()
    private var encoders: [String: SentenceEncoder?] = [:]

    func encoder(named name: String) -> SentenceEncoder? {
        lock.withLock {
            if let known = encoders[name] { return known }
            let encoder = Self.names.contains(name) ? Self.read(name) : nil
            encoders[name] = encoder
            return encoder
        }
    }

    private static func read(_ name: String) -> SentenceEncoder? {
        for url in LanguagePack.resourceCandidates("\(name)-encoder.bin") {
            guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { continue }
            return data.withUnsafeBytes { try? SentenceEncoder(name: name, bytes: $0) }
        }
        return nil
    }
}
