/// A word, number or symbol of an utterance, with its exact place in the input.
///
/// `range` counts Unicode scalars from the start of the input (end exclusive), the unit that
/// Alexa's and our data sets' slot offsets use, so a slot's `rawValue` is always an exact
/// substring of what the user typed.
public struct Token: Sendable, Hashable {
    /// What kind of characters the token is made of.
    public enum Kind: UInt8, Sendable, Hashable {
        /// Letters (with marks, inner apostrophes and hyphens), possibly followed by digits.
        case word
        /// Digits, possibly with an inner decimal point, comma or colon ("2.5", "7:30"),
        /// or an English ordinal suffix ("3rd").
        case number
        /// A symbol such as `$`, `%` or an emoji.
        case symbol
        /// One character (or a katakana run) of a script written without spaces.
        case ideographic
    }

    /// The token exactly as it appears in the input.
    public var text: String
    /// NFKC-normalised and lower-cased (with the locale's rules).
    public var normalized: String
    /// `normalized` without diacritics, for matching ("café" → "cafe").
    public var folded: String
    /// Unicode-scalar offsets in the input, end exclusive.
    public var range: Range<Int>
    public var kind: Kind

    public init(text: String, normalized: String, folded: String, range: Range<Int>, kind: Kind) {
        self.text = text
        self.normalized = normalized
        self.folded = folded
        self.range = range
        self.kind = kind
    }
}
