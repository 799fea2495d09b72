import BuiltInValues
import Understanding

/// A number or a position, read from a short answer: "three", "42", "the third one", "3rd",
/// "number two", "the last one" — in every language SkillNLU reads numbers in ("drei",
/// "la tercera", "三番目", "पाँच", "ثلاثة"), with SkillNLU's AMAZON.NUMBER and AMAZON.Ordinal
/// parsers.
public enum NumberAnswer: Sendable, Equatable {
    /// A cardinal number ("three", "12", "2.5").
    case number(Double)
    /// A position in a list, counted from 1 ("the third one", "3rd").
    case ordinal(Int)
    /// The last item of a list ("the last one").
    case last

    /// The first number or ordinal in `text`, or nil when there is none.
    public static func parse(_ text: String, locale: String = "en-US") -> NumberAnswer? {
        let parser = BuiltInParser(locale: locale)
        let tokens = parser.tokenizer.tokenize(text)
        let words = tokens.map(\.folded)
        let lastAt = lastWords(language: parser.tokenizer.languageCode).compactMap { phrase -> Int? in
            words.firstIndexOfSequence(parser.tokenizer.tokenize(phrase).map(\.folded))
        }.min()
        let span = parser.findSpans(in: tokens, types: ["AMAZON.NUMBER", "AMAZON.Ordinal"]).first
        if let lastAt, lastAt <= span?.tokens.lowerBound ?? Int.max { return .last }
        guard let span else { return nil }
        if span.type == "AMAZON.Ordinal" { return Int(span.value).map(NumberAnswer.ordinal) }
        return Double(span.value).map(NumberAnswer.number)
    }

    /// The words for "the last one" in `language` (English where SkillNLU knows none).
    static func lastWords(language: String) -> [String] { lastWords[language] ?? lastWords["en"]! }

    /// "The last one", by language.
    static let lastWords: [String: [String]] = [
        "en": ["last"], "de": ["letzte", "letzten", "letzter", "letztes"], "es": ["último", "última"],
        "fr": ["dernier", "dernière"], "it": ["ultimo", "ultima"], "pt": ["último", "última"], "ja": ["最後"],
        "hi": ["आखिरी", "अंतिम"], "ar": ["الأخير", "الأخيرة", "آخر"],
    ]

    /// The whole number this answer names, if it names one.
    public var intValue: Int? {
        switch self {
        case .number(let d): d.rounded() == d && abs(d) < 9.0e15 ? Int(d) : nil
        case .ordinal(let n): n
        case .last: nil
        }
    }

    /// The 0-based index this answer picks in a list of `count` items ("the second" → 1,
    /// "two" → 1, "the last" → count - 1), or nil when it is out of range.
    public func index(in count: Int) -> Int? {
        let index: Int
        switch self {
        case .last: index = count - 1
        default:
            guard let n = intValue else { return nil }
            index = n - 1
        }
        return (0..<count).contains(index) ? index : nil
    }
}
