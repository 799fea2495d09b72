/// A prompt: spoken variations, one chosen at random each time.
public struct Prompt: Codable, Sendable, Equatable {
    public var id: String
    public var variations: [PromptVariation]

    public init(id: String, variations: [PromptVariation]) {
        self.id = id
        self.variations = variations
    }

    enum CodingKeys: String, CodingKey { case id, variations }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        variations = try c.decodeIfPresent([PromptVariation].self, forKey: .variations) ?? []
    }
}

/// One wording of a prompt, as plain text or SSML.
public struct PromptVariation: Codable, Sendable, Equatable {
    /// `PlainText` or `SSML`.
    public var type: String
    public var value: String

    public init(type: String = "PlainText", value: String) {
        self.type = type
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "PlainText"
        value = try c.decode(String.self, forKey: .value)
    }

    /// Whether the value is SSML (`<speak>…</speak>`).
    public var isSSML: Bool { type.uppercased() == "SSML" }
}
