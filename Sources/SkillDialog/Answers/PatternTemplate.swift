import BuiltInValues
import Understanding

/// A command pattern with typed parameters, for quick grammars inside a handler:
/// `"move @piece to @column:Number"`, `"[please] pay with @method:Payment"`.
///
/// - Literal words must be said (case and accents ignored); `[words]` are optional.
/// - `@name` takes one or more words of free text; `@name:Word` exactly one word;
///   `@name:Number` a number ("seven", "12"); `@name:Ordinal` a position ("third", "3rd");
///   `@name:Type` any ``ChoiceSet`` given in `types`. Numbers and positions are read in the
///   template's language by SkillNLU's AMAZON.NUMBER and AMAZON.Ordinal parsers ("sieben",
///   "la tercera", "三番目").
/// - The whole utterance must match; when several readings fit, the first parameter takes as
///   few words as possible.
public struct PatternTemplate: Sendable {
    /// What a parameter matched.
    public enum Value: Sendable, Equatable {
        case text(String)
        case number(Double)
        case ordinal(Int)
        case choice(ChoiceOption)

        /// The matched text, number or option id as a string.
        public var stringValue: String {
            switch self {
            case .text(let s): s
            case .number(let d): d.rounded() == d && abs(d) < 9.0e15 ? String(Int(d)) : String(d)
            case .ordinal(let n): String(n)
            case .choice(let o): o.id
            }
        }
    }

    enum Element: Sendable {
        case literal([String], optional: Bool)
        case parameter(name: String, type: String)
    }

    public let template: String
    let elements: [Element]
    let types: [String: ChoiceSet]
    let parser: BuiltInParser
    var tokenizer: Tokenizer { parser.tokenizer }

    /// Parses a template; throws ``PatternTemplateError`` when it names a type it was not given
    /// or is malformed.
    public init(_ template: String, types: [String: ChoiceSet] = [:], locale: String = "en-US") throws {
        self.template = template
        self.types = types
        let parser = BuiltInParser(locale: locale)
        self.parser = parser
        let tokenizer = parser.tokenizer
        var elements: [Element] = []
        var rest = Substring(template)
        func literal(_ text: Substring, optional: Bool) {
            let words = tokenizer.tokenize(String(text)).map(\.folded)
            if !words.isEmpty { elements.append(.literal(words, optional: optional)) }
        }
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw PatternTemplateError.unclosedBracket(template) }
                literal(rest[rest.index(after: rest.startIndex)..<close], optional: true)
                rest = rest[rest.index(after: close)...]
            } else if rest.first == "@" {
                let body = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
                let parts = body.split(separator: ":", omittingEmptySubsequences: false)
                guard let name = parts.first, !name.isEmpty, parts.count <= 2 else {
                    throw PatternTemplateError.badParameter(template, String(body))
                }
                let type = parts.count == 2 ? String(parts[1]) : "Text"
                guard ["Text", "Word", "Number", "Ordinal"].contains(type) || types[type] != nil else {
                    throw PatternTemplateError.unknownType(template, type)
                }
                elements.append(.parameter(name: String(name), type: type))
                rest = rest.dropFirst(1 + body.count)
            } else {
                let text = rest.prefix { $0 != "[" && $0 != "@" }
                literal(text, optional: false)
                rest = rest.dropFirst(text.count)
            }
        }
        self.elements = elements
    }

    /// The parameters' values if the whole text matches, else nil.
    public func match(_ text: String) -> [String: Value]? {
        matchWithSpans(text)?.mapValues(\.value)
    }

    /// What a parameter matched and where: Unicode-scalar offsets in the text, end exclusive.
    struct Match {
        var value: Value
        var start: Int
        var end: Int
    }

    /// The parameters' values with the words each took, if the whole text matches, else nil.
    func matchWithSpans(_ text: String) -> [String: Match]? {
        let tokens = tokenizer.tokenize(text)
        let words = tokens.map(\.folded)
        let scalars = Array(text.unicodeScalars)
        func raw(_ from: Int, _ to: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[tokens[from].range.lowerBound..<tokens[to - 1].range.upperBound])
            return String(view)
        }
        func solve(_ e: Int, _ i: Int) -> [String: Match]? {
            if e == elements.count { return i == words.count ? [:] : nil }
            switch elements[e] {
            case .literal(let lit, let optional):
                if let at = ChoiceSet.find(lit, in: words, from: i), at == i, let rest = solve(e + 1, i + lit.count) {
                    return rest
                }
                return optional ? solve(e + 1, i) : nil
            case .parameter(let name, let type):
                for (value, length) in candidates(type: type, tokens: tokens, words: words, at: i, raw: raw) {
                    if var rest = solve(e + 1, i + length) {
                        rest[name] = Match(value: value, start: tokens[i].range.lowerBound,
                                           end: tokens[i + length - 1].range.upperBound)
                        return rest
                    }
                }
                return nil
            }
        }
        return solve(0, 0)
    }

    private func candidates(type: String, tokens: [Token], words: [String], at i: Int,
                            raw: (Int, Int) -> String) -> [(Value, Int)] {
        guard i < words.count else { return [] }
        switch type {
        case "Text":
            return (i + 1...words.count).map { (.text(raw(i, $0)), $0 - i) }
        case "Word":
            return [(.text(raw(i, i + 1)), 1)]
        case "Number":
            return parser.readings(of: .number, startingAt: tokens[i...]).compactMap { r in
                Double(r.value).map { (.number($0), r.length) }
            }
        case "Ordinal":
            return parser.readings(of: .ordinal, startingAt: tokens[i...]).compactMap { r in
                Int(r.value).map { (.ordinal($0), r.length) }
            }
        default:
            guard let set = types[type] else { return [] }
            return set.prefixMatches(tokens, at: i).map { (.choice($0.option), $0.length) }
        }
    }
}

/// A malformed pattern template.
public enum PatternTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    case unclosedBracket(String)
    case badParameter(String, String)
    case unknownType(String, String)

    public var description: String {
        switch self {
        case .unclosedBracket(let t): "Pattern \"\(t)\": an optional part opened with [ is not closed with ]."
        case .badParameter(let t, let p): "Pattern \"\(t)\": \"@\(p)\" is not a parameter; write @name or @name:Type."
        case .unknownType(let t, let type):
            "Pattern \"\(t)\": unknown parameter type \(type); use Text, Word, Number, Ordinal or pass a ChoiceSet in types."
        }
    }
}
