/// One wording of a prompt, as plain text or SSML.
public struct PromptVariation: Codable, Sendable, Equatable {
    /// `PlainText` or `SSML`.
    public var type: String
    /// The text or SSML; `{slot}` inserts a slot's value.
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
