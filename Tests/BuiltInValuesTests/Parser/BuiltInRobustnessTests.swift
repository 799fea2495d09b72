import Testing
@testable import BuiltInValues

/// Random word soup made of the parsers' own vocabulary, huge numbers and odd digits: every
/// parser answers without crashing and every span lies inside the utterance and parses back.
@Suite struct BuiltInRobustnessTests {
    static let vocabulary = [
        "twenty", "three", "hundred", "thousand", "million", "billion", "a", "and", "point", "minus", "first", "third",
        "oh", "double", "next", "this", "last", "the", "of", "on", "at", "in", "for", "ago", "from", "now", "today",
        "december", "may", "friday", "weekend", "week", "month", "year", "nineties", "winter", "half", "quarter",
        "past", "to", "pm", "am", "o'clock", "noon", "hours", "minutes", "days", "seconds", "99999999999999999999",
        "123456789012", "7:30", "1,000,000", "2.5", "25th", "0", "9", "٢٣", "１２", "-", "'s", "s", "christmas",
        "dreiundzwanzig", "二十", "万", "第", "番", "目", "tausend", "vingt", "et", "un",
    ]

    static let numberWords: [String: [String]] = [
        "ar-SA": ["سبعة", "السابعة", "الثامنة", "عشر", "وعشر", "وعشرين", "وخمس", "خمس", "ثلث", "والثلث", "دقائق"],
        "it-IT": ["sette", "otto", "dieci", "venti", "un", "quest'"],
    ]

    @Test(arguments: ["en-US", "de-DE", "fr-FR", "ja-JP"]) func randomSoup(_ locale: String) {
        let parser = BuiltInParser(locale: locale)
        var rng = SeededGenerator(seed: 2026)
        for _ in 0..<400 {
            let text = (0..<(1 + rng.below(12))).map { _ in rng.pick(Self.vocabulary) }.joined(separator: " ")
            let tokens = parser.tokenizer.tokenize(text)
            for kind in BuiltInKind.allCases {
                _ = parser.parse(kind: kind, tokens: tokens[...], context: saturdayReference)
            }
            for span in parser.findSpans(in: tokens[...], kinds: .all, context: saturdayReference) {
                #expect(span.tokens.lowerBound >= 0 && span.tokens.upperBound <= tokens.count && !span.tokens.isEmpty)
                #expect(parser.parse(type: span.type, tokens: tokens[span.tokens], context: saturdayReference) != nil,
                        "\(locale) \(span.type) in \"\(text)\"")
            }
        }
    }

    /// The same with every word of the locale's date table, so that each language's phrases,
    /// fractions and markers meet each other in every order.
    @Test(arguments: ["de-DE", "es-ES", "fr-FR", "it-IT", "pt-BR", "ja-JP", "hi-IN", "ar-SA"]) func tableSoup(_ locale: String) {
        let parser = BuiltInParser(locale: locale)
        let t = parser.tables.dates.table
        var words = t.months + t.weekdays + t.seasons + t.partsOfDay + Array(t.relativeDays.values)
            + Array(t.relativeDayPhrases.values) + Array(t.keywords.values) + Array(t.units.values)
            + Array(t.fractionWords.values) + Array(t.fractionPrefixes.values) + t.amountWords.map(\.names) + t.holidays.map(\.names)
            + [t.amPhrases, t.pmPhrases, t.modifierFillers, t.yearMarker, t.monthMarker, t.dayMarker]
        words = words.flatMap(NumberRenderer.alternatives).filter { !$0.isEmpty }
        // Words the lexicon makes itself ("quest'anno") and number words that carry a conjunction
        // (Arabic "وعشر", said after an hour).
        words += parser.tables.dates.info.keys.sorted()
        words += Self.numberWords[locale, default: []]
        words += ["1", "3", "7", "12", "25", "30", "2027", "7:30", "12/25", "99999999999"]
        var rng = SeededGenerator(seed: 2026)
        for _ in 0..<2_000 {
            let text = (0..<(1 + rng.below(8))).map { _ in rng.pick(words) }.joined(separator: " ")
            let tokens = parser.tokenizer.tokenize(text)
            for kind in BuiltInKind.allCases {
                _ = parser.parse(kind: kind, tokens: tokens[...], context: saturdayReference)
            }
            for span in parser.findSpans(in: tokens[...], kinds: .all, context: saturdayReference) {
                #expect(parser.parse(type: span.type, tokens: tokens[span.tokens], context: saturdayReference) != nil,
                        "\(locale) \(span.type) in \"\(text)\"")
            }
        }
    }
}
