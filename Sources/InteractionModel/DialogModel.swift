/// `interactionModel.dialog`.
public struct DialogModel: Codable, Sendable, Equatable {
    /// `ALWAYS` (Alexa runs the dialog) or `SKILL_RESPONSE` (the skill decides each turn).
    public var delegationStrategy: String?
    /// Dialog rules per intent.
    public var intents: [DialogIntent]

    public init(delegationStrategy: String? = nil, intents: [DialogIntent] = []) {
        self.delegationStrategy = delegationStrategy
        self.intents = intents
    }

    enum CodingKeys: String, CodingKey { case delegationStrategy, intents }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        delegationStrategy = try c.decodeIfPresent(String.self, forKey: .delegationStrategy)
        intents = try c.decodeIfPresent([DialogIntent].self, forKey: .intents) ?? []
    }

    /// The dialog rules of the intent with this name.
    public func intent(named name: String) -> DialogIntent? { intents.first { $0.name == name } }
}
