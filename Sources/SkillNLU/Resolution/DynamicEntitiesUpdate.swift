import InteractionModel

/// Alexa's `Dialog.UpdateDynamicEntities` directive, in its JSON shape:
/// `{"type": "Dialog.UpdateDynamicEntities", "updateBehavior": "REPLACE", "types": [...]}`.
public struct DynamicEntitiesUpdate: Sendable, Codable, Equatable {
    public enum Behavior: String, Sendable, Codable, Equatable {
        case replace = "REPLACE"
        case clear = "CLEAR"
    }

    /// Always `Dialog.UpdateDynamicEntities`.
    public var type: String
    public var updateBehavior: Behavior
    /// The types and their values (empty for CLEAR).
    public var types: [SlotType]

    public init(updateBehavior: Behavior, types: [SlotType] = []) {
        self.type = "Dialog.UpdateDynamicEntities"
        self.updateBehavior = updateBehavior
        self.types = types
    }

    /// REPLACE with these types.
    public static func replace(_ types: [SlotType]) -> DynamicEntitiesUpdate {
        DynamicEntitiesUpdate(updateBehavior: .replace, types: types)
    }

    /// CLEAR.
    public static let clear = DynamicEntitiesUpdate(updateBehavior: .clear)

    enum CodingKeys: String, CodingKey { case type, updateBehavior, types }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "Dialog.UpdateDynamicEntities"
        updateBehavior = try c.decode(Behavior.self, forKey: .updateBehavior)
        types = try c.decodeIfPresent([SlotType].self, forKey: .types) ?? []
    }
}
