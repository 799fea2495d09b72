/// A custom slot type.
public struct SlotType: Codable, Sendable, Equatable {
    /// The name slots refer to in `type`.
    public var name: String
    /// The listed values; a type stays open to values not listed.
    public var values: [SlotTypeValue]
    /// A catalog-backed type (`valueSupplier`); its values are not in the file.
    public var valueSupplier: ValueSupplier?

    public init(name: String, values: [SlotTypeValue] = [], valueSupplier: ValueSupplier? = nil) {
        self.name = name
        self.values = values
        self.valueSupplier = valueSupplier
    }

    enum CodingKeys: String, CodingKey { case name, values, valueSupplier }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        values = try c.decodeIfPresent([SlotTypeValue].self, forKey: .values) ?? []
        valueSupplier = try c.decodeIfPresent(ValueSupplier.self, forKey: .valueSupplier)
    }
}
