/// `types[].valueSupplier`: a catalog the values come from.
public struct ValueSupplier: Codable, Sendable, Equatable {
    /// `CatalogValueSupplier` or `InlineValueSupplier`.
    public var type: String?
    /// The catalog's id.
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
