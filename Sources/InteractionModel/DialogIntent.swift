/// The dialog rules of one intent.
public struct DialogIntent: Codable, Sendable, Equatable {
    /// The language-model intent these rules are for.
    public var name: String
    /// Overrides the dialog's strategy for this intent.
    public var delegationStrategy: String?
    /// Whether the whole intent is confirmed before it is handled.
    public var confirmationRequired: Bool
    /// The intent-confirmation prompt id.
    public var prompts: DialogPrompts
    /// Rules per slot.
    public var slots: [DialogSlot]

    public init(name: String, delegationStrategy: String? = nil, confirmationRequired: Bool = false,
                prompts: DialogPrompts = DialogPrompts(), slots: [DialogSlot] = []) {
        self.name = name
        self.delegationStrategy = delegationStrategy
        self.confirmationRequired = confirmationRequired
        self.prompts = prompts
        self.slots = slots
    }

    enum CodingKeys: String, CodingKey { case name, delegationStrategy, confirmationRequired, prompts, slots }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        delegationStrategy = try c.decodeIfPresent(String.self, forKey: .delegationStrategy)
        confirmationRequired = try c.decodeIfPresent(Bool.self, forKey: .confirmationRequired) ?? false
        prompts = try c.decodeIfPresent(DialogPrompts.self, forKey: .prompts) ?? DialogPrompts()
        slots = try c.decodeIfPresent([DialogSlot].self, forKey: .slots) ?? []
    }

    /// The dialog rules of the slot with this name.
    public func slot(named name: String) -> DialogSlot? { slots.first { $0.name == name } }
}
