/// A slot of an intent.
public struct Slot: Codable, Sendable, Equatable {
    /// The name samples use in braces: `{city}`.
    public var name: String
    /// A custom type's name or an `AMAZON.*` built-in type.
    public var type: String
    /// Utterances that answer an elicitation of this slot alone ("{city}", "in {city}").
    public var samples: [String]
    /// Whether the slot takes a list of values ("pepperoni, mushrooms and olives").
    public var multipleValues: MultipleValues?

    public init(name: String, type: String, samples: [String] = [], multipleValues: MultipleValues? = nil) {
        self.name = name
        self.type = type
        self.samples = samples
        self.multipleValues = multipleValues
    }

    enum CodingKeys: String, CodingKey { case name, type, samples, multipleValues }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        samples = try c.decodeIfPresent([String].self, forKey: .samples) ?? []
        multipleValues = try c.decodeIfPresent(MultipleValues.self, forKey: .multipleValues)
    }

    /// Whether the slot accepts several values.
    public var acceptsMultipleValues: Bool { multipleValues?.enabled ?? false }
}

/// `slots[].multipleValues`.
public struct MultipleValues: Codable, Sendable, Equatable {
    /// Whether the slot takes a list of values.
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
}
