import BuiltInValues
import Understanding

/// One option of a ``ChoiceSet``: an id and the names it may be called by.
public struct ChoiceOption: Sendable, Equatable, Hashable {
    public var id: String
    /// The names, the first being how the option is presented ("Cash", "Dollars", "Bills").
    public var names: [String]

    public init(id: String, names: [String]) {
        self.id = id
        self.names = names.isEmpty ? [id] : names
    }

    public init(_ name: String, aliases: [String] = []) {
        self.init(id: name, names: [name] + aliases)
    }
}

/// A choice among a few options, answered by name, alias or position: "cash", "in bills",
/// "the second one", "number two", "the last".
///
/// Names match as whole token sequences (case and accents ignored, a plural "s" tolerated),
/// the longest match wins, and an answer that names two different options is ambiguous.
public struct ChoiceSet: Sendable {
    public let options: [ChoiceOption]
    public let locale: String
    /// Whether "the second one" / "two" may pick by position.
    public let acceptsPositions: Bool
    private let parser: BuiltInParser
    private var tokenizer: Tokenizer { parser.tokenizer }
    let names: [(option: Int, words: [String])]
    /// "last" in the set's language, as folded words.
    let lastPhrases: [[String]]

    public init(_ options: [ChoiceOption], locale: String = "en-US", acceptsPositions: Bool = true) {
        self.options = options
        self.locale = locale
        self.acceptsPositions = acceptsPositions
        let parser = BuiltInParser(locale: locale)
        self.parser = parser
        let tokenizer = parser.tokenizer
        self.lastPhrases = NumberAnswer.lastWords(language: tokenizer.languageCode).map { tokenizer.tokenize($0).map(\.folded) }
        var names: [(Int, [String])] = []
        for (i, option) in options.enumerated() {
            for name in option.names + [option.id] {
                let words = tokenizer.tokenize(name).map(\.folded)
                if !words.isEmpty { names.append((i, words)) }
            }
        }
        self.names = names
    }

    /// Options given by name only.
    public init(_ names: [String], locale: String = "en-US", acceptsPositions: Bool = true) {
        self.init(names.map { ChoiceOption($0) }, locale: locale, acceptsPositions: acceptsPositions)
    }

    /// The option the answer picks, or nil when it picks none or is ambiguous.
    public func match(_ text: String) -> ChoiceOption? {
        let words = tokenizer.tokenize(text).map(\.folded)
        var best: (option: Int, length: Int)?
        var ambiguous = false
        for name in names {
            guard Self.find(name.words, in: words) != nil else { continue }
            if let current = best {
                if name.words.count > current.length {
                    best = (name.option, name.words.count)
                    ambiguous = false
                } else if name.words.count == current.length && name.option != current.option {
                    ambiguous = true
                }
            } else {
                best = (name.option, name.words.count)
            }
        }
        if let best { return ambiguous ? nil : options[best.option] }
        guard acceptsPositions, let answer = NumberAnswer.parse(text, locale: locale),
              let index = answer.index(in: options.count) else { return nil }
        return options[index]
    }

    /// Options whose name (or position: "second", "last", in the set's language) starts
    /// exactly at `start` in `tokens`, with the number of tokens each takes: what a typed
    /// pattern parameter may consume.
    func prefixMatches(_ tokens: [Token], at start: Int) -> [(option: ChoiceOption, length: Int)] {
        let words = tokens.map(\.folded)
        var found: [(ChoiceOption, Int)] = []
        func add(_ option: ChoiceOption, _ length: Int) {
            if !found.contains(where: { $0.0 == option && $0.1 == length }) { found.append((option, length)) }
        }
        for name in names where Self.find(name.words, in: Array(words[start...].prefix(name.words.count))) == 0 {
            add(options[name.option], name.words.count)
        }
        if acceptsPositions, let last = options.last {
            for phrase in lastPhrases where Self.find(phrase, in: Array(words[start...].prefix(phrase.count))) == 0 {
                add(last, phrase.count)
            }
            for reading in parser.readings(of: .ordinal, startingAt: tokens[start...]) {
                if let n = Int(reading.value), options.indices.contains(n - 1) { add(options[n - 1], reading.length) }
            }
        }
        return found.sorted { $0.1 < $1.1 }
    }

    /// Every option the text names, in the order they are said (for "cash and card").
    public func matches(_ text: String) -> [ChoiceOption] {
        let words = tokenizer.tokenize(text).map(\.folded)
        var found: [(position: Int, option: Int)] = []
        for name in names {
            if let at = Self.find(name.words, in: words), !found.contains(where: { $0.option == name.option }) {
                found.append((at, name.option))
            }
        }
        return found.sorted { $0.position < $1.position }.map { options[$0.option] }
    }

    /// Where `name` occurs in `words`, tolerating a plural "s" on either side.
    static func find(_ name: [String], in words: [String], from start: Int = 0) -> Int? {
        guard !name.isEmpty, name.count <= words.count - start else { return nil }
        var i = start
        while i + name.count <= words.count {
            if zip(name, words[i..<(i + name.count)]).allSatisfy({ sameWord($0, $1) }) { return i }
            i += 1
        }
        return nil
    }

    static func sameWord(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        func stem(_ w: String) -> String { w.count > 3 && w.hasSuffix("s") && !w.hasSuffix("ss") ? String(w.dropLast()) : w }
        return stem(a) == stem(b)
    }
}
