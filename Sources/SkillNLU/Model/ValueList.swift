import BuiltInValues

/// How people say several values of one slot in a row, per language: "pepperoni, mushrooms and
/// olives".
///
/// Alexa fills a `multipleValues` slot from values separated by pauses, the conjunction
/// "and", or both ("plan a trip to go camping, hiking, and fishing"). A pause reaches us as a
/// comma when the text was typed and as nothing at all when it comes from a speech
/// recogniser, so both spellings are generated for the tagger and both are split at run
/// time (`NLUModel.listItems`). The tokenizer drops commas: the tagger sees "pepperoni
/// mushrooms and olives" either way, and only the splitting reads the pauses.
package struct ValueList: Sendable {
    /// The words that join the last value of a list to the others ("and").
    var conjunctions: Set<String>
    /// The word the generator says; nil for languages without a table (values joined by
    /// commas only).
    var spokenConjunction: String?
    /// The language's articles (``ResolutionLanguage/articles``): an item of nothing but
    /// articles and a number says no value.
    var articles: Set<String> = []

    package static func forLocale(_ locale: String) -> ValueList {
        var list: ValueList
        switch BuiltInLocaleTables.language(of: locale) {
        case "en": list = ValueList(conjunctions: ["and", "&"], spokenConjunction: "and")
        case "de": list = ValueList(conjunctions: ["und", "&"], spokenConjunction: "und")
        case "es": list = ValueList(conjunctions: ["y", "e", "&"], spokenConjunction: "y")
        case "fr": list = ValueList(conjunctions: ["et", "&"], spokenConjunction: "et")
        case "it": list = ValueList(conjunctions: ["e", "ed", "&"], spokenConjunction: "e")
        case "pt": list = ValueList(conjunctions: ["e", "&"], spokenConjunction: "e")
        default: list = ValueList(conjunctions: ["&"], spokenConjunction: nil)
        }
        list.articles = ResolutionLanguage.forLocale(locale).articles
        return list
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
    package func joinings() -> [(middle: String, last: String)] {
        guard let and = spokenConjunction else { return [(", ", ", "), (" ", " ")] }
        return [(", ", " \(and) "), (", ", ", \(and) "), (" \(and) ", " \(and) "), (", ", ", "), (" ", " \(and) ")]
    }
}
