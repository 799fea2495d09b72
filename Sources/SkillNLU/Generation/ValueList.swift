/// How people say several values of one slot in a row, per language: "pepperoni, mushrooms and
/// olives".
///
/// Alexa fills a `multipleValues` slot from values separated by pauses, the conjunction
/// "and", or both ("plan a trip to go camping, hiking, and fishing"). A pause reaches us as a
/// comma when the text was typed and as nothing at all when it comes from a speech
/// recogniser, so both spellings are generated for the tagger and both are split at run
/// time (`NLUModel.listItems`). The tokenizer drops commas: the tagger sees "pepperoni
/// mushrooms and olives" either way, and only the splitting reads the pauses.
struct ValueList: Sendable {
    /// The words that join the last value of a list to the others ("and").
    var conjunctions: Set<String>
    /// The word the generator says; nil for languages without a table (values joined by
    /// commas only).
    var spokenConjunction: String?

    static func forLocale(_ locale: String) -> ValueList {
        switch BuiltInLocaleTables.language(of: locale) {
        case "en": return ValueList(conjunctions: ["and", "&"], spokenConjunction: "and")
        case "de": return ValueList(conjunctions: ["und", "&"], spokenConjunction: "und")
        case "es": return ValueList(conjunctions: ["y", "e", "&"], spokenConjunction: "y")
        case "fr": return ValueList(conjunctions: ["et", "&"], spokenConjunction: "et")
        case "it": return ValueList(conjunctions: ["e", "ed", "&"], spokenConjunction: "e")
        case "pt": return ValueList(conjunctions: ["e", "&"], spokenConjunction: "e")
        default: return ValueList(conjunctions: ["&"], spokenConjunction: nil)
        }
    }

    /// Whether a token joins two items of a list ("and").
    func isConjunction(_ token: Token) -> Bool { conjunctions.contains(token.normalized) }

    /// Whether the text between two tokens marks a pause: a comma or semicolon (the tokenizer
    /// drops punctuation, so a pause lives only in the gap).
    static func isPause(_ gap: ArraySlice<Unicode.Scalar>) -> Bool {
        gap.contains { $0 == "," || $0 == ";" || $0 == "、" || $0 == "،" || $0 == "，" }
    }

    /// The ways a list is joined, as (separator before each middle item, separator before the
    /// last item): "a, b and c", "a, b, and c", "a and b and c", "a, b, c", and a recogniser's
    /// "a b and c" without the pauses' commas.
    func joinings() -> [(middle: String, last: String)] {
        guard let and = spokenConjunction else { return [(", ", ", "), (" ", " ")] }
        return [(", ", " \(and) "), (", ", ", \(and) "), (" \(and) ", " \(and) "), (", ", ", "), (" ", " \(and) ")]
    }
}
