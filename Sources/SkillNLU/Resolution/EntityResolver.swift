import BuiltInValues
import InteractionModel

/// Resolves what was said for a custom slot type to its canonical values and ids, in
/// Alexa's `resolutions` shape.
///
/// Matching goes from strict to loose and stops at the first level that matches: the same
/// words as a value or synonym (ignoring case and diacritics), then the same words without
/// leading articles and plural endings, then close spellings: the same words with a slip in
/// some (one edit in a word of five characters or more, never in a number), or the same
/// characters with the spaces elsewhere. Another word is another entity, so nothing matches
/// through one: "chris cross" is no match for "chris goss", as on Alexa, which answers
/// `ER_SUCCESS_NO_MATCH`. Several values come back when they match equally well (a synonym
/// shared by two values). Dynamic entities, when given, are resolved first and reported first,
/// under their own authority, as Alexa does. A listed placeholder (``PlaceholderValue``, such
/// as `CATEGORY_NAME_1`) stands in for values given elsewhere, so nothing resolves to it.
///
/// The resolver is immutable and `Sendable`; build it once per slot type.
public struct EntityResolver: Sendable {
    /// The skill id Alexa puts in authority names when none is given.
    public static let defaultSkillId = "amzn1.ask.skill.local"

    /// The slot type's name.
    public let typeName: String
    public let locale: String
    public let skillId: String
    /// The slot type's values, as given (kept for persistence and for dialog prompts).
    public let values: [SlotTypeValue]
    let index: EntityIndex
    /// `amzn1.er-authority.echo-sdk.<skillId>.<TypeName>`, made once: every resolution names it.
    public let authority: String

    public init(slotType: SlotType, locale: String = "en-US", skillId: String = EntityResolver.defaultSkillId) {
        self.init(typeName: slotType.name, values: slotType.values, locale: locale, skillId: skillId)
    }

    public init(typeName: String, values: [SlotTypeValue], locale: String = "en-US",
                skillId: String = EntityResolver.defaultSkillId) {
        self.typeName = typeName
        self.locale = locale
        self.skillId = skillId
        self.values = values
        self.index = EntityIndex(values: values, locale: locale, skippingPlaceholders: true)
        self.authority = Self.authority(skillId: skillId, typeName: typeName)
    }

    /// `amzn1.er-authority.echo-sdk.<skillId>.<TypeName>`.
    public static func authority(skillId: String, typeName: String) -> String {
        "amzn1.er-authority.echo-sdk.\(skillId).\(typeName)"
    }

    /// `amzn1.er-authority.echo-sdk.dynamic.<skillId>.<TypeName>`.
    public static func dynamicAuthority(skillId: String, typeName: String) -> String {
        "amzn1.er-authority.echo-sdk.dynamic.\(skillId).\(typeName)"
    }

    // MARK: Matching

    /// How a spoken phrase matches the slot type's values, or nil.
    public func match(_ spoken: String) -> EntityMatch? {
        index.match(index.tokenizer.tokenize(spoken).map(\.folded))
    }

    /// How already tokenized words match (tokens from a `Tokenizer` of the same locale).
    public func match(tokens: ArraySlice<Token>) -> EntityMatch? {
        index.match(tokens.map(\.folded))
    }

    // MARK: Resolutions

    /// Alexa's `resolutions` for a spoken phrase, with dynamic entities first when the
    /// session has some for this type.
    public func resolve(_ spoken: String, dynamic: DynamicEntities? = nil) -> Resolutions {
        resolve(words: index.tokenizer.tokenize(spoken).map(\.folded), dynamic: dynamic)
    }

    /// ``resolve(_:dynamic:)`` for already tokenized words.
    public func resolve(tokens: ArraySlice<Token>, dynamic: DynamicEntities? = nil) -> Resolutions {
        resolve(words: tokens.map(\.folded), dynamic: dynamic)
    }

    func resolve(words: [String], dynamic: DynamicEntities?) -> Resolutions {
        let own = Self.authority(authority, index, index.indexMatch(words))
        guard let dynamicIndex = dynamic?.index(for: typeName) else { return Resolutions(resolutionsPerAuthority: [own]) }
        let fromDynamic = Self.authority(Self.dynamicAuthority(skillId: skillId, typeName: typeName), dynamicIndex,
                                         dynamicIndex.indexMatch(words))
        return Resolutions(resolutionsPerAuthority: [fromDynamic, own])
    }

    /// One authority's resolution: the values `match` names in `index`, or no match.
    static func authority(_ name: String, _ index: EntityIndex, _ match: IndexMatch?) -> ResolutionAuthority {
        guard let match else {
            return ResolutionAuthority(authority: name, status: ResolutionStatus(code: .successNoMatch), values: [])
        }
        return ResolutionAuthority(authority: name, status: ResolutionStatus(code: .successMatch),
                                   values: match.values.map { ResolutionValueWrapper(value: index.values[Int($0)]) })
    }

    // MARK: Persistence

    /// Writes the resolver (type, locale, skill id, values); the index is rebuilt on reading,
    /// which takes milliseconds even for tens of thousands of values.
    package func write(to writer: inout BinaryWriter) {
        writer.write(typeName)
        writer.write(locale)
        writer.write(skillId)
        writer.write(values.count)
        for v in values {
            writer.write(v.id)
            writer.write(v.name.value)
            writer.write(v.name.synonyms)
        }
    }

    /// Reads what ``write(to:)`` wrote.
    package init(reading reader: inout BinaryReader) throws {
        let typeName = try reader.readString()
        let locale = try reader.readString()
        let skillId = try reader.readString()
        let count = try reader.readCount(minimumBytesEach: 17)
        var values: [SlotTypeValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            let id = try reader.readOptionalString()
            let value = try reader.readString()
            let synonyms = try reader.readStrings()
            values.append(SlotTypeValue(id: id, value: value, synonyms: synonyms))
        }
        self.init(typeName: typeName, values: values, locale: locale, skillId: skillId)
    }
}
