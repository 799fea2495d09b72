/// Prompt ids used by a dialog intent or slot. Older exports spell them `elicit` and `confirm`.
public struct DialogPrompts: Codable, Sendable, Equatable {
    /// Prompt id that asks for the value.
    public var elicitation: String?
    /// Prompt id that confirms the value or the intent.
    public var confirmation: String?

    public init(elicitation: String? = nil, confirmation: String? = nil) {
        self.elicitation = elicitation
        self.confirmation = confirmation
    }

    enum CodingKeys: String, CodingKey { case elicitation, confirmation, elicit, confirm }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        elicitation = try c.decodeIfPresent(String.self, forKey: .elicitation)
            ?? c.decodeIfPresent(String.self, forKey: .elicit)
        confirmation = try c.decodeIfPresent(String.self, forKey: .confirmation)
            ?? c.decodeIfPresent(String.self, forKey: .confirm)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(elicitation, forKey: .elicitation)
        try c.encodeIfPresent(confirmation, forKey: .confirmation)
    }
}
