/// One value of a custom slot type, with its optional id and synonyms.
public struct SlotTypeValue: Codable, Sendable, Equatable {
    /// The id entity resolution reports (`"id": null` in 2017 exports reads as nil).
    public var id: String?
    /// The canonical value and its synonyms.
    public var name: Name

    public struct Name: Codable, Sendable, Equatable {
        /// The canonical value, reported as the resolved value.
        public var value: String
        /// Other ways to say the value; they resolve to it.
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
