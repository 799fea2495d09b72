
/// ``PatternTemplate``s as an app's `Matcher`: an utterance that one of the patterns matches
/// as a whole is the matcher's intent, each parameter the slot of its name.
///
/// ```swift
/// let area = ChoiceSet([ChoiceOption(id: "TERRACE", names: ["terrace", "outside"]),
///                       ChoiceOption(id: "INDOORS", names: ["dining room", "inside"])])
/// let tables = try PatternMatcher("tables", intent: "BookTableIntent",
///                                 patterns: ["[a] table for @people:Number [on the] @area:Area"],
///                                 types: ["Area": area])
/// let model = trained.adding(tables)
/// model.classify("a table for seven outside")  // BookTableIntent, people "7", area "outside" → terrace
/// ```
///
/// The words a parameter took become the slot's span, read and resolved by the model as its
/// own slots are; a `Number` or `Ordinal` parameter also gives the number it read as the
/// slot's value. The patterns are tried in order; the first that matches answers.
public struct PatternMatcher: Matcher {
    public let name: String
    /// The intent the patterns mean.
    public let intent: String
    public let patterns: [PatternTemplate]
    /// The confidence of the matcher's answers.
    public let confidence: Double
    /// The slot a parameter fills, when it is not the parameter's own name.
    public let slotNames: [String: String]

    public init(_ name: String, intent: String, patterns: [PatternTemplate], confidence: Double = 1,
                slotNames: [String: String] = [:]) {
        self.name = name
        self.intent = intent
        self.patterns = patterns
        self.confidence = confidence
        self.slotNames = slotNames
    }

    /// Parses `patterns` (``PatternTemplate/init(_:types:locale:)``); throws
    /// ``PatternTemplateError`` for a malformed one.
    public init(_ name: String, intent: String, patterns: [String], types: [String: ChoiceSet] = [:],
                locale: String = "en-US", confidence: Double = 1, slotNames: [String: String] = [:]) throws {
        self.init(name, intent: intent, patterns: try patterns.map { try PatternTemplate($0, types: types, locale: locale) },
                  confidence: confidence, slotNames: slotNames)
    }

    public func match(_ utterance: MatcherInput) -> MatcherOutcome? {
        for pattern in patterns {
            guard let found = pattern.matchWithSpans(utterance.text) else { continue }
            let slots = found.sorted { $0.value.start < $1.value.start }.map { parameter, m in
                MatcherOutcome.Slot(name: slotNames[parameter] ?? parameter, start: m.start, end: m.end, value: Self.value(m.value))
            }
            return MatcherOutcome(intent: intent, confidence: confidence, slots: slots)
        }
        return nil
    }

    /// The value a parameter gives its slot: the number a `Number` or `Ordinal` parameter read;
    /// words and choices are left to the model (Alexa's value is the words said, and the
    /// model's resolution names the option).
    static func value(_ v: PatternTemplate.Value) -> String? {
        switch v {
        case .number, .ordinal: v.stringValue
        case .text, .choice: nil
        }
    }
}
