import BuiltInValues
import Foundation

/// Entity resolvers built on first use, shared by every thread that classifies with a model.
final class ResolverCache: @unchecked Sendable {
    private let schema: SkillSchema
    private let lock = NSLock()
    private var resolvers: [Int: EntityResolver] = [:]

    init(schema: SkillSchema) { self.schema = schema }

    /// Alexa's resolutions of a span of a custom type: dynamic values first, then the type's
    /// own values; nil for a type with neither.
    func resolve(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Resolutions? {
        let info = schema.types[type]
        let hasDynamic = dynamic.map { !$0.values(for: info.name).isEmpty } ?? false
        guard info.valueCount > 0 || hasDynamic else { return nil }
        return resolver(type).resolve(tokens: tokens, dynamic: dynamic)
    }

    /// How a spoken phrase matches a custom type's own values, or nil.
    func match(type: Int, spoken: String) -> EntityMatch? {
        let info = schema.types[type]
        guard info.valueCount > 0 else { return nil }
        return resolver(type).match(spoken)
    }

    /// Whether `tokens` say one of a custom type's values or synonyms (exactly, or after
    /// normalisation — not a fuzzy match), among its own values or the session's dynamic ones.
    func isListed(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Bool {
        let info = schema.types[type]
        if let dynamic, dynamic.lists(tokens: tokens, typeName: info.name) { return true }
        guard info.valueCount > 0 else { return false }
        return resolver(type).index.listedMatch(tokens.map(\.folded)) != nil
    }

    private func resolver(_ type: Int) -> EntityResolver {
        lock.withLock {
            if let r = resolvers[type] { return r }
            let info = schema.types[type]
            let r = EntityResolver(typeName: info.name, values: info.values, locale: schema.tokenizer.localeIdentifier)
            resolvers[type] = r
            return r
        }
    }
}
