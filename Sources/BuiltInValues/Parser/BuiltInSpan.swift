/// A stretch of an utterance that holds a value of a built-in slot type.
///
/// The tagger uses spans as features ("these tokens read as a date") and the slot filler
/// uses their values directly, so a span carries both where it is and what it means.
public struct BuiltInSpan: Sendable, Hashable {
    /// Token indices (into the array given to ``BuiltInParser/findSpans(in:types:context:)``),
    /// end exclusive.
    public var tokens: Range<Int>
    /// The Alexa type name, such as `AMAZON.NUMBER`.
    public var type: String
    /// Alexa's value for the span: `"23"`, `"2026-11-22"`, `"PT10M"`.
    public var value: String

    public init(tokens: Range<Int>, type: String, value: String) {
        self.tokens = tokens
        self.type = type
        self.value = value
    }

    /// The built-in kind of ``type``, when it is one the parsers read.
    public var kind: BuiltInKind? { BuiltInKind(typeName: type) }
}
