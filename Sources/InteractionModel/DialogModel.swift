/// `interactionModel.dialog`.
public struct DialogModel: Codable, Sendable, Equatable {
    /// `ALWAYS` (Alexa runs the dialog) or `SKILL_RESPONSE` (the skill decides each turn).
    public var delegationStrategy: String?
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

/// The dialog rules of one intent.
public struct DialogIntent: Codable, Sendable, Equatable {
    public var name: String
    public var delegationStrategy: String?
    public var confirmationRequired: Bool
    public var prompts: DialogPrompts
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

/// Prompt ids used by a dialog intent or slot. Older exports spell them `elicit` and `confirm`.
public struct DialogPrompts: Codable, Sendable, Equatable {
    public var elicitation: String?
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

/// The dialog rules of one slot.
public struct DialogSlot: Codable, Sendable, Equatable {
    public var name: String
    public var type: String?
    public var elicitationRequired: Bool
    public var confirmationRequired: Bool
    public var prompts: DialogPrompts
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

/// A slot validation rule (`isInSet`, `isGreaterThan`, `isInDuration`, `hasEntityResolutionMatch` …).
public struct SlotValidation: Codable, Sendable, Equatable {
    public var type: String
    public var prompt: String?
    /// For `isInSet` / `isNotInSet`.
    public var values: [String]?
    /// For the comparisons (`isGreaterThan` …).
    public var value: String?
    /// For `isInDuration` / `isNotInDuration`: ISO-8601 durations relative to now.
    public var start: String?
    public var end: String?

    public init(type: String, prompt: String? = nil, values: [String]? = nil, value: String? = nil,
                start: String? = nil, end: String? = nil) {
        self.type = type
        self.prompt = prompt
        self.values = values
        self.value = value
        self.start = start
        self.end = end
    }

    enum CodingKeys: String, CodingKey { case type, prompt, values, value, start, end }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt)
        values = try c.decodeIfPresent([String].self, forKey: .values)
        // Real models write numbers both as strings and as JSON numbers.
        if let s = try? c.decodeIfPresent(String.self, forKey: .value) {
            value = s
        } else if let d = try? c.decodeIfPresent(Double.self, forKey: .value) {
            value = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        } else {
            value = nil
        }
        start = try c.decodeIfPresent(String.self, forKey: .start)
        end = try c.decodeIfPresent(String.self, forKey: .end)
    }
}
