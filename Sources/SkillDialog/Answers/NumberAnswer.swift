import SkillNLU

/// A number or a position, read from a short answer: "three", "42", "two and a half" is not
/// supported, "the third one", "3rd", "number two", "the last one".
public enum NumberAnswer: Sendable, Equatable {
    /// A cardinal number ("three", "12", "2.5").
    case number(Double)
    /// A position in a list, counted from 1 ("the third one", "3rd").
    case ordinal(Int)
    /// The last item of a list ("the last one").
    case last

    /// The first number or ordinal in `text`, or nil when there is none.
    public static func parse(_ text: String, locale: String = "en-US") -> NumberAnswer? {
        let words = Tokenizer(locale: locale).tokenize(text).map(\.folded)
        for i in words.indices {
            if words[i] == "last" { return .last }
            if let (n, _) = NumberWords.ordinal(words, at: i) { return .ordinal(n) }
            if let (n, _) = NumberWords.cardinal(words, at: i) { return .number(n) }
        }
        return nil
    }

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
