/// `interactionModel.languageModel`: what the user can say.
public struct LanguageModel: Codable, Sendable, Equatable {
    /// The words that open the skill ("pizza shop"); empty when the file gives none.
    public var invocationName: String
    /// Custom and built-in intents, in file order.
    public var intents: [Intent]
    /// Custom slot types (and extensions of built-in ones), in file order.
    public var types: [SlotType]
    /// Model-wide settings such as the fallback intent's sensitivity.
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
