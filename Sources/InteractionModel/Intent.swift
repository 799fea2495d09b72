/// An intent with its slots and sample utterances.
public struct Intent: Codable, Sendable, Equatable {
    /// `AMAZON.StopIntent` or a custom name such as `OrderPizzaIntent`.
    public var name: String
    /// The slots its samples may refer to as `{name}`.
    public var slots: [Slot]
    /// Sample utterances, after import trimmed and without repeats.
    public var samples: [String]

    public init(name: String, slots: [Slot] = [], samples: [String] = []) {
        self.name = name
        self.slots = slots
        self.samples = samples
    }

    enum CodingKeys: String, CodingKey { case name, slots, samples }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        slots = try c.decodeIfPresent([Slot].self, forKey: .slots) ?? []
        samples = try c.decodeIfPresent([String].self, forKey: .samples) ?? []
    }

    /// The slot with this name, if the intent declares it.
    public func slot(named name: String) -> Slot? { slots.first { $0.name == name } }

    /// Whether this is one of Amazon's built-in intents (`AMAZON.*`).
    public var isBuiltIn: Bool { name.hasPrefix("AMAZON.") }
}
