/// A custom slot type.
public struct SlotType: Codable, Sendable, Equatable {
    public var name: String
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

/// One value of a custom slot type, with its optional id and synonyms.
public struct SlotTypeValue: Codable, Sendable, Equatable {
    public var id: String?
    public var name: Name

    public struct Name: Codable, Sendable, Equatable {
        public var value: String
        public var synonyms: [String]

        public init(value: String, synonyms: [String] = []) {
            self.value = value
            self.synonyms = synonyms
        }

        enum CodingKeys: String, CodingKey { case value, synonyms }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            value = try c.decode(String.self, forKey: .value)
            synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        }
    }

    public init(id: String? = nil, value: String, synonyms: [String] = []) {
        self.id = id
        self.name = Name(value: value, synonyms: synonyms)
    }

    enum CodingKeys: String, CodingKey { case id, name }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        name = try c.decode(Name.self, forKey: .name)
    }
}

/// `types[].valueSupplier`: a catalog the values come from.
public struct ValueSupplier: Codable, Sendable, Equatable {
    public var type: String?
    public var valueSourceId: String?

    public init(type: String? = nil, valueSourceId: String? = nil) {
        self.type = type
        self.valueSourceId = valueSourceId
    }

    enum CodingKeys: String, CodingKey { case type, valueSourceId, valueSourceID }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        if let id = try c.decodeIfPresent(String.self, forKey: .valueSourceId) {
            valueSourceId = id
        } else {
            valueSourceId = try c.decodeIfPresent(String.self, forKey: .valueSourceID)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(valueSourceId, forKey: .valueSourceId)
    }
}
