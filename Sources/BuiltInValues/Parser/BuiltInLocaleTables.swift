/// The built-in tables of one language, built once and shared by every parser of that
/// language (each language is a lazily initialised, thread-safe `static let`).
package final class BuiltInLocaleTables: Sendable {
    package let language: String
    let tokenizer: Tokenizer
    package let numbers: NumberLexicon
    package let dates: DateTimeLexicon
    /// Every number and date word, folded, with what it is to each grammar.
    let words: ByteKeyTable<BuiltInWordEntry>

    init(language: String, tokenizerLocale: String, numbers: NumberTable, dates: DateTimeTable) {
        self.language = language
        let tokenizer = Tokenizer(locale: tokenizerLocale)
        self.tokenizer = tokenizer
        let fold: (String) -> [String] = { text in
            tokenizer.tokenize(text).flatMap { token -> [String] in
                token.folded.split(separator: "-", omittingEmptySubsequences: true).map(String.init)
            }
        }
        let numberLexicon = NumberLexicon(table: numbers, fold: fold)
        // Date words keep their hyphens, as the tokenizer does ("après-demain", "week-end",
        // "segunda-feira" are one token); number words are read in parts ("vingt-trois").
        let dateLexicon = DateTimeLexicon(table: dates, fold: { text in tokenizer.tokenize(text).map(\.folded) })
        self.numbers = numberLexicon
        self.dates = dateLexicon
        var words: [String: BuiltInWordEntry] = [:]
        for (word, id) in numberLexicon.pieceIDs {
            words[word] = BuiltInWordEntry(piece: id, pieceIsWhole: numberLexicon.isWholePhrase(id))
        }
        for (word, info) in dateLexicon.info { words[word, default: BuiltInWordEntry()].date = info }
        self.words = ByteKeyTable(words)
    }

    /// The language part of a locale identifier ("en-US" → "en").
    package static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "en").lowercased()
    }

    /// The tables for a locale; languages without tables of their own get English numbers'
    /// digit handling and no words.
    static func forLocale(_ locale: String) -> BuiltInLocaleTables {
        switch language(of: locale) {
        case "en": return english
        case "de": return german
        case "es": return spanish
        case "fr": return french
        case "it": return italian
        case "pt": return portuguese
        case "hi": return hindi
        case "ar": return arabic
        case "ja": return japanese
        default: return digitsOnly
        }
    }

    /// Every language with number words.
    static let languages = ["en", "de", "es", "fr", "it", "pt", "hi", "ar", "ja"]

    static let english = BuiltInLocaleTables(language: "en", tokenizerLocale: "en-US",
                                             numbers: .english, dates: .english)
    static let german = BuiltInLocaleTables(language: "de", tokenizerLocale: "de-DE",
                                            numbers: .german, dates: .german)
    static let spanish = BuiltInLocaleTables(language: "es", tokenizerLocale: "es-ES",
                                             numbers: .spanish, dates: .spanish)
    static let french = BuiltInLocaleTables(language: "fr", tokenizerLocale: "fr-FR",
                                            numbers: .french, dates: .french)
    static let italian = BuiltInLocaleTables(language: "it", tokenizerLocale: "it-IT",
                                             numbers: .italian, dates: .italian)
    static let portuguese = BuiltInLocaleTables(language: "pt", tokenizerLocale: "pt-BR",
                                                numbers: .portuguese, dates: .portuguese)
    static let hindi = BuiltInLocaleTables(language: "hi", tokenizerLocale: "hi-IN",
                                           numbers: .hindi, dates: .hindi)
    static let arabic = BuiltInLocaleTables(language: "ar", tokenizerLocale: "ar-SA",
                                            numbers: .arabic, dates: .arabic)
    static let japanese = BuiltInLocaleTables(language: "ja", tokenizerLocale: "ja-JP",
                                              numbers: .japanese, dates: .japanese)
    static let digitsOnly = BuiltInLocaleTables(language: "und", tokenizerLocale: "en-US",
                                                numbers: .digitsOnly, dates: .numericOnly(language: "und"))
}

extension NumberTable {
    /// For languages without number words: typed digits only.
    static let digitsOnly = NumberTable(
        language: "und", units: Array(repeating: "", count: 10), teens: Array(repeating: "", count: 10),
        tens: Array(repeating: "", count: 8), multipliers: [], scales: [],
        ordinals: OrdinalRules(style: .replaceLastWord))
}
