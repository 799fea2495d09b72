/// A prompt: spoken variations, one chosen at random each time.
public struct Prompt: Codable, Sendable, Equatable {
    /// The id dialog rules refer to (`Elicit.Slot.123.456`).
    public var id: String
    /// Wordings to choose from.
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
