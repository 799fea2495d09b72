/// Something the importer or the ``Validator`` noticed about a model: an error that makes it
/// unusable, a warning about untidiness it repaired or tolerated, or a note.
///
/// A finding names the file, the JSON path (`interactionModel.languageModel.intents[3].samples[7]`),
/// the line and column when known, and the offending text, so that a skill author can go
/// straight to the spot; the message says what is wrong and how to fix it.
public struct Finding: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        /// The model cannot be used as it is (`nlu-train --check` exits 65).
        case error
        /// Untidiness Alexa tolerates or the importer repaired; the model is usable.
        case warning
        /// Information, such as a built-in default sample that was dropped for this model.
        case note

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }
    }

    public var severity: Severity
    /// Which rule produced the finding; tests and tools match on it rather than on the wording.
    public var rule: Rule
    /// What is wrong and how to fix it.
    public var message: String
    /// The text the finding is about: a sample, a value, a slot name.
    public var text: String?
    /// Display name of the file (as the user gave it), when the model came from a file.
    public var file: String?
    /// JSON path of the element, such as `interactionModel.languageModel.intents[3].samples[7]`;
    /// nil for an element of a text file (legacy sample utterances) or the model as a whole.
    public var path: String?
    /// Where in the file, when known.
    public var location: SourceLocation?

    public init(_ severity: Severity, _ rule: Rule, _ message: String, text: String? = nil,
                file: String? = nil, path: String? = nil, location: SourceLocation? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.text = text
        self.file = file
        self.path = path
        self.location = location
    }

    public var isError: Bool { severity == .error }

    /// `en-US.json:14:9: error: interactionModel.languageModel.intents[3].samples[7] "book a {cty}": slot {cty} …`
    public var description: String {
        var s = ""
        if let file {
            s += file
            if let location { s += ":\(location.line):\(location.column)" }
            s += ": "
        } else if let location {
            s += "\(location.line):\(location.column): "
        }
        s += "\(severity.rawValue): "
        var subject: [String] = []
        if let path { subject.append(path) }
        if let text { subject.append(Finding.quoted(text)) }
        if !subject.isEmpty { s += subject.joined(separator: " ") + ": " }
        s += message
        return s
    }

    /// Quotes text for a message, escaping quotes and control characters and shortening long text.
    static func quoted(_ text: String) -> String {
        var t = text
        if t.count > 120 { t = String(t.prefix(117)) + "..." }
        var out = "\""
        for scalar in t.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension Finding {
    /// The rules the importer and validator check, one case per kind of finding.
    public enum Rule: String, Sendable, CaseIterable {
        // Errors
        /// The JSON does not parse.
        case malformedJSON
        /// The file is JSON but not an interaction model (no `languageModel`, no `intents`).
        case notAnInteractionModel
        /// A field holds the wrong kind of JSON value, or a required field is missing.
        case invalidField
        /// The language model has no intents.
        case noIntents
        /// Two intents have the same name.
        case duplicateIntent
        /// An intent declares two slots with the same name.
        case duplicateSlot
        /// A sample refers to a slot the intent does not declare.
        case undeclaredSlotInSample
        /// A sample has unbalanced, nested or empty braces.
        case unbalancedBraces
        /// A slot's type is neither declared nor an `AMAZON.*` type.
        case undeclaredSlotType
        /// The dialog model names an intent the language model does not declare.
        case dialogUnknownIntent
        /// The dialog model names a slot the intent does not declare.
        case dialogUnknownSlot
        /// A prompt id referred to by the dialog model does not exist.
        case unknownPrompt
        /// A legacy sample-utterance line names an intent the intent schema does not declare.
        case legacyUnknownIntent
        /// A legacy intent schema without its sample-utterances file.
        case legacyMissingUtterances
        /// A sample, slot value or synonym longer than ``Validator/maximumTextLength``.
        case textTooLong

        // Warnings
        /// A name Alexa would reject today (a slot named `AMAZON.NUMBER`, digits or spaces in an intent name).
        case nameAlexaWouldReject
        /// An `AMAZON.*` intent that is not one of the built-in intents this importer knows.
        case unknownBuiltInIntent
        /// An `AMAZON.*` slot type that this importer does not know.
        case unknownBuiltInType
        /// A built-in slot type spelled in the wrong case (`AMAZON.Number`).
        case builtInTypeCase
        /// A value or synonym listed twice in one slot type.
        case duplicateValue
        /// The same sample in two intents.
        case sampleConflict
        /// A custom slot type with no values.
        case emptySlotType
        /// A custom slot type that lists placeholders a deploy script or dynamic entities
        /// replace (``PlaceholderValue``): they are not taken as values.
        case placeholderValues
        /// Two slot types with the same name.
        case duplicateSlotType
        /// A dialog slot validation of a type Alexa does not define, or with missing parameters.
        case unknownValidation
        /// A sample, value or synonym with leading, trailing or repeated spaces (trimmed).
        case untrimmedText
        /// A sample listed twice in one intent (kept once).
        case repeatedSample
        /// An empty sample, value or synonym (dropped).
        case emptyText
        /// Digits in a sample; Alexa's console wants numbers spelled out.
        case digitsInSample
        /// A custom intent with no samples.
        case intentWithoutSamples
        /// A legacy custom slot type whose value list was not given; treated as open.
        case legacyOpenSlotType
        /// Legacy sample syntax `{literal|Slot}`.
        case legacySampleSyntax
        /// A line of a legacy sample-utterances file that cannot be read.
        case legacyUtteranceLine
        /// Dialog settings that cannot work as written (a required slot without a prompt, an
        /// unknown delegation strategy, a dialog slot whose type differs from the intent's).
        case dialogInconsistency
        /// Two prompts with the same id.
        case duplicatePrompt
        /// A prompt with no variations, or a variation that names a slot the intent lacks.
        case promptProblem
        /// A JSON object lists the same key twice.
        case duplicateKey
        /// A field value Alexa does not define (an unknown fallback sensitivity level).
        case unknownSetting

        // Notes
        /// A deprecated built-in slot type (`AMAZON.US_CITY`); it still works here.
        case deprecatedBuiltInType
        /// A built-in intent's default sample collides with a sample of another intent and was dropped.
        case builtInDefaultDropped
        /// Another intent says several of a built-in intent's default samples, so the built-in
        /// keeps none of them.
        case builtInDefaultsShadowed
    }
}
