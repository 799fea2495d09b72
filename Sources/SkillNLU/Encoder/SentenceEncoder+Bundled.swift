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

    /// The name, digest and dimension of the encoder SkillNLU ships for `name`, without reading
    /// its weights: what loading a model checks. Computed once per process (the digest reads
    /// the whole file once); nil when there is none or its file is not an encoder this
    /// version reads.
    static func bundledIdentity(named name: String) -> EncoderIdentity? {
        BundledEncoders.shared.identity(named: name)
    }
}

/// What names a sentence encoder for a model: its name, the digest of its file, and the length
/// of its embeddings (which the model's head must fit).
struct EncoderIdentity: Sendable, Equatable {
    let name: String
    let digest: UInt64
    let dimension: Int
}

/// The encoders in the library's resources (beside the language packs, as `<name>-encoder.bin`),
/// each read on first use and kept; their identities, which loading a model checks, are read
/// apart and kept too, so that a model whose tier never runs the encoder never reads its weights.
private final class BundledEncoders: @unchecked Sendable {
    static let shared = BundledEncoders()
    /// The languages with an encoder in `Resources/LanguagePacks`.
    static let names: Set<String> = ["en"]

    private let lock = NSLock()
    private var encoders: [String: SentenceEncoder?] = [:]
    private var identities: [String: EncoderIdentity?] = [:]

    func encoder(named name: String) -> SentenceEncoder? {
        lock.withLock {
            if let known = encoders[name] { return known }
            let encoder = Self.names.contains(name) ? Self.read(name) : nil
            encoders[name] = encoder
            if let encoder {
                identities[name] = EncoderIdentity(name: name, digest: encoder.digest, dimension: encoder.dimension)
            }
            return encoder
        }
    }

    func identity(named name: String) -> EncoderIdentity? {
        lock.withLock {
            if let known = identities[name] { return known }
            let identity = Self.names.contains(name) ? Self.readIdentity(name) : nil
            identities[name] = identity
            return identity
        }
    }

    private static func read(_ name: String) -> SentenceEncoder? {
        for url in LanguagePack.resourceCandidates("\(name)-encoder.bin") {
            guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { continue }
            return data.withUnsafeBytes { try? SentenceEncoder(name: name, bytes: $0) }
        }
        return nil
    }

    /// The identity of the first candidate file that can be mapped, from its header and
    /// checksum (the file is mapped, hashed and unmapped; no weight is copied).
    private static func readIdentity(_ name: String) -> EncoderIdentity? {
        for url in LanguagePack.resourceCandidates("\(name)-encoder.bin") {
            guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { continue }
            return data.withUnsafeBytes { bytes -> EncoderIdentity? in
                guard let hidden = try? EncoderWeights.hiddenSize(bytes: bytes) else { return nil }
                return EncoderIdentity(name: name, digest: FileChecksum.hash(bytes), dimension: hidden)
            }
        }
        return nil
    }
}
