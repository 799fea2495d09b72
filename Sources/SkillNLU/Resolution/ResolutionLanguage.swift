import BuiltInValues

/// What entity resolution ignores in one language: leading articles and simple plural
/// endings. Data per language, like the built-in tables.
struct ResolutionLanguage: Sendable {
    /// Articles dropped at the start of a phrase ("the", "los", "die").
    var articles: Set<String>
    /// Articles written onto the next word ("l'avion", "dell'"), stripped from the first word.
    var elidedArticles: [String] = []
    /// Plural endings: (ending, replacement, minimum word length). The first matching rule
    /// makes a word's canonical form; the parser also tries ``alternativeEndings`` on queries.
    var pluralRules: [(ending: String, replacement: String, minimumLength: Int)] = []
    /// Endings that never mark a plural ("ss" in "glass").
    var keptEndings: [String] = []
    /// Extra plural endings tried on a query's last word ("boxes" → "box").
    var alternativeEndings: [(ending: String, replacement: String, minimumLength: Int)] = []

    static func forLocale(_ locale: String) -> ResolutionLanguage {
        switch BuiltInLocaleTables.language(of: locale) {
        case "en":
            return ResolutionLanguage(
                articles: ["the", "a", "an"],
                pluralRules: [("ies", "y", 5), ("s", "", 4)],
                keptEndings: ["ss", "us", "is"],
                alternativeEndings: [("es", "", 5)])
        case "de":
            return ResolutionLanguage(
                articles: ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"])
        case "es":
            return ResolutionLanguage(
                articles: ["el", "la", "los", "las", "un", "una", "unos", "unas"],
                pluralRules: [("s", "", 4)], alternativeEndings: [("es", "", 5)])
        case "fr":
            return ResolutionLanguage(
                articles: ["le", "la", "les", "un", "une", "des", "du"], elidedArticles: ["l'", "d'"],
                pluralRules: [("aux", "al", 5), ("s", "", 4), ("x", "", 4)])
        case "it":
            return ResolutionLanguage(
                articles: ["il", "lo", "la", "i", "gli", "le", "un", "uno", "una"], elidedArticles: ["l'", "un'"])
        case "pt":
            return ResolutionLanguage(
                articles: ["o", "a", "os", "as", "um", "uma", "uns", "umas"],
                pluralRules: [("ões", "ão", 5), ("s", "", 4)])
        case "ar":
            return ResolutionLanguage(articles: [], elidedArticles: ["ال"])
        default:
            return ResolutionLanguage(articles: [])
        }
    }

    /// The canonical form of one folded word: its plural ending removed.
    func singular(_ word: String) -> String {
        // Printable ASCII (most words) has one character per byte: lengths and endings are
        // then read from the bytes, without the grapheme breaking `count` and `hasSuffix` do.
        var bytes = word
        let plain = bytes.withUTF8 { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
        if plain {
            // A word whose last byte ends no plural ending (most words) keeps its form: nothing
            // to compare ending by ending.
            guard let last = bytes.utf8.last, pluralRules.contains(where: { $0.ending.utf8.last == last }) else { return word }
            if keptEndings.contains(where: { Self.endsBytewise(&bytes, with: $0) }) { return word }
            for rule in pluralRules where bytes.utf8.count >= rule.minimumLength && Self.endsBytewise(&bytes, with: rule.ending) {
                return String(word.dropLast(rule.ending.count)) + rule.replacement
            }
            return word
        }
        if keptEndings.contains(where: { word.hasSuffix($0) }) { return word }
        for rule in pluralRules where word.count >= rule.minimumLength && word.hasSuffix(rule.ending) {
            return String(word.dropLast(rule.ending.count)) + rule.replacement
        }
        return word
    }

    /// Whether the printable-ASCII `word` ends with `ending` (compared byte for byte); an
    /// ending with any other character cannot end it.
    private static func endsBytewise(_ word: inout String, with ending: String) -> Bool {
        var ending = ending
        return word.withUTF8 { w in
            ending.withUTF8 { e in
                guard e.count <= w.count else { return false }
                let offset = w.count - e.count
                for i in 0..<e.count where w[offset + i] != e[i] { return false }
                return true
            }
        }
    }

    /// Folded words without a leading article (unless nothing else is left).
    func withoutArticles(_ words: [String]) -> [String] {
        var words = words
        if words.count > 1, articles.contains(words[0]) { words.removeFirst() }
        if let first = words.first {
            for prefix in elidedArticles where first.hasPrefix(prefix) && first.count > prefix.count + 1 {
                words[0] = String(first.dropFirst(prefix.count))
                break
            }
        }
        return words
    }
}
