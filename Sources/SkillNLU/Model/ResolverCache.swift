import BuiltInValues
import Foundation

/// Entity resolvers built on first use, shared by every thread that classifies with a model.
final class ResolverCache: @unchecked Sendable {
    private let schema: SkillSchema
    private let lock = NSLock()
    /// By type index; nil until first asked for. Each is held in a ``Built`` reference, so
    /// that fetching one retains a single object rather than copying the resolver's fields.
    /// Read and written under `lock` only, so the runtime's exclusivity check (a few dozen
    /// instructions an access, several accesses an utterance) is left out.
    @exclusivity(unchecked) private var resolvers: [Built?]

    private final class Built: Sendable {
        let resolver: EntityResolver
        init(_ resolver: EntityResolver) { self.resolver = resolver }

        /// The resolver's resolutions, asked from here so that the resolver is read in place.
        func resolve(tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Resolutions {
            resolver.resolve(tokens: tokens, dynamic: dynamic)
        }
    }

    init(schema: SkillSchema) {
        self.schema = schema
        resolvers = Array(repeating: nil, count: schema.types.count)
    }

    /// Alexa's resolutions of a span of a custom type: dynamic values first, then the type's
    /// own values; nil for a type with neither.
    func resolve(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Resolutions? {
        let hasDynamic = dynamic.map { !$0.values(for: schema.types[type].name).isEmpty } ?? false
        guard schema.types[type].valueCount > 0 || hasDynamic else { return nil }
        return built(type).resolve(tokens: tokens, dynamic: dynamic)
    }

    /// How a spoken phrase matches a custom type's own values, or nil.
    func match(type: Int, spoken: String) -> EntityMatch? {
        guard schema.types[type].valueCount > 0 else { return nil }
        return built(type).resolver.match(spoken)
    }

    /// Whether `tokens` say one of a custom type's values or synonyms (exactly, or after
    /// normalisation — not a fuzzy match), among its own values or the session's dynamic ones.
    func isListed(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Bool {
        if let dynamic, dynamic.lists(tokens: tokens, typeName: schema.types[type].name) { return true }
        guard schema.types[type].valueCount > 0 else { return false }
        return built(type).resolver.index.lists(tokens.map(\.folded))
    }

    private func built(_ type: Int) -> Built {
        lock.withLock {
            if let r = resolvers[type] { return r }
            let info = schema.types[type]
            let r = Built(EntityResolver(typeName: info.name, values: info.values, locale: schema.tokenizer.localeIdentifier))
            resolvers[type] = r
            return r
        }
    }
}
