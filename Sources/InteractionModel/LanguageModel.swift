/// `interactionModel.languageModel`.
public struct LanguageModel: Codable, Sendable, Equatable {
    public var invocationName: String
    public var intents: [Intent]
    public var types: [SlotType]
    public var modelConfiguration: ModelConfiguration?

    public init(invocationName: String = "", intents: [Intent], types: [SlotType] = [],
                modelConfiguration: ModelConfiguration? = nil) {
        self.invocationName = invocationName
        self.intents = intents
        self.types = types
        self.modelConfiguration = modelConfiguration
    }

    enum CodingKeys: String, CodingKey { case invocationName, intents, types, modelConfiguration }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        invocationName = try c.decodeIfPresent(String.self, forKey: .invocationName) ?? ""
        intents = try c.decodeIfPresent([Intent].self, forKey: .intents) ?? []
        types = try c.decodeIfPresent([SlotType].self, forKey: .types) ?? []
        modelConfiguration = try c.decodeIfPresent(ModelConfiguration.self, forKey: .modelConfiguration)
    }
}
