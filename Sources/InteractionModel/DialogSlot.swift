/// The dialog rules of one slot.
public struct DialogSlot: Codable, Sendable, Equatable {
    /// The intent's slot these rules are for.
    public var name: String
    /// The slot's type as the dialog model repeats it.
    public var type: String?
    /// Whether the dialog asks for the slot until it has a value.
    public var elicitationRequired: Bool
    /// Whether the value is confirmed once given.
    public var confirmationRequired: Bool
    /// Elicitation and confirmation prompt ids.
    public var prompts: DialogPrompts
    /// Rules a value must pass, in order.
    public var validations: [SlotValidation]

    public init(name: String, type: String? = nil, elicitationRequired: Bool = false,
                confirmationRequired: Bool = false, prompts: DialogPrompts = DialogPrompts(),
                validations: [SlotValidation] = []) {
        self.name = name
        self.type = type
        self.elicitationRequired = elicitationRequired
        self.confirmationRequired = confirmationRequired
        self.prompts = prompts
        self.validations = validations
    }

    enum CodingKeys: String, CodingKey {
        case name, type, elicitationRequired, confirmationRequired, prompts, validations
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        elicitationRequired = try c.decodeIfPresent(Bool.self, forKey: .elicitationRequired) ?? false
        confirmationRequired = try c.decodeIfPresent(Bool.self, forKey: .confirmationRequired) ?? false
        prompts = try c.decodeIfPresent(DialogPrompts.self, forKey: .prompts) ?? DialogPrompts()
        validations = try c.decodeIfPresent([SlotValidation].self, forKey: .validations) ?? []
    }
}
