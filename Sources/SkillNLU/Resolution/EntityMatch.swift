/// How a spoken phrase matched a slot type.
public struct EntityMatch: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// The same words as a value or synonym, ignoring case and diacritics.
        case exact
        /// The same after dropping articles and plural endings.
        case normalized
        /// Close in spelling: the same words with a slip in some (one edit in a word of five
        /// characters or more, none where a digit is), or the same characters spaced otherwise.
        case fuzzy
    }
    /// Every value matched equally well, in the slot type's order.
    public var values: [ResolvedValue]
    public var kind: Kind
    /// 1 for exact and normalised matches; character similarity (0…1) for fuzzy ones.
    public var score: Double

    public init(values: [ResolvedValue], kind: Kind, score: Double) {
        self.values = values
        self.kind = kind
        self.score = score
    }
}
