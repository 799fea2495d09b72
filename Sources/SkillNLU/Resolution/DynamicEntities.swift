import BuiltInValues
import InteractionModel

/// Slot values added for one session at run time (a user's contacts, playlists), as Alexa's
/// `Dialog.UpdateDynamicEntities` directive adds them: they are matched at once, without
/// retraining, and resolve under the dynamic authority.
///
/// A value type: apply an update to get the new state. REPLACE replaces every dynamic
/// entity of the session with the update's types; CLEAR removes them all. The lookup index of
/// each type is built when the update is applied, not on every utterance.
public struct DynamicEntities: Sendable, Equatable {
    /// The types with dynamic values, by name, in the order the last update gave them.
    public private(set) var types: [SlotType] = []
    /// The locale whose tokenization and plural rules matching uses.
    public let locale: String
    private var indexes: [String: EntityIndex] = [:]

    public init(locale: String = "en-US") {
        self.locale = locale
    }

    /// A session that starts with these types, as after a REPLACE.
    public init(locale: String = "en-US", types: [SlotType]) {
        self.locale = locale
        apply(.replace(types))
    }

    /// Whether no dynamic values are set.
    public var isEmpty: Bool { types.allSatisfy { $0.values.isEmpty } }

    /// The dynamic values of a slot type (empty when it has none).
    public func values(for typeName: String) -> [SlotTypeValue] {
        types.first { $0.name == typeName }?.values ?? []
    }

    func index(for typeName: String) -> EntityIndex? { indexes[typeName] }

    /// Applies a `Dialog.UpdateDynamicEntities` directive.
    public mutating func apply(_ update: DynamicEntitiesUpdate) {
        switch update.updateBehavior {
        case .clear:
            types = []
            indexes = [:]
        case .replace:
            var merged: [SlotType] = []
            for t in update.types {
                if let k = merged.firstIndex(where: { $0.name == t.name }) { merged[k].values += t.values }
                else { merged.append(SlotType(name: t.name, values: t.values)) }
            }
            types = merged
            var built: [String: EntityIndex] = [:]
            for t in merged where !t.values.isEmpty { built[t.name] = EntityIndex(values: t.values, locale: locale) }
            indexes = built
        }
    }

    /// The state after applying `update`.
    public func applying(_ update: DynamicEntitiesUpdate) -> DynamicEntities {
        var copy = self
        copy.apply(update)
        return copy
    }

    /// How a phrase matches the dynamic values of a type, or nil.
    public func match(_ spoken: String, typeName: String) -> EntityMatch? {
        guard let index = indexes[typeName] else { return nil }
        return index.match(index.tokenizer.tokenize(spoken).map(\.folded))
    }

    /// ``match(_:typeName:)`` for already tokenized words.
    public func match(tokens: ArraySlice<Token>, typeName: String) -> EntityMatch? {
        indexes[typeName]?.match(tokens.map(\.folded))
    }

    /// Whether `tokens` say one of a type's dynamic values or synonyms, exactly or after
    /// normalisation (a fuzzy match does not count, and is not searched for).
    func lists(tokens: ArraySlice<Token>, typeName: String) -> Bool {
        indexes[typeName]?.lists(tokens.map(\.folded)) ?? false
    }

    public static func == (a: DynamicEntities, b: DynamicEntities) -> Bool {
        a.locale == b.locale && a.types == b.types
    }
}
