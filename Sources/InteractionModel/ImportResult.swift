import Foundation

/// What the caller knows that the file may not say.
public struct ImportOptions: Sendable, Equatable {
    /// The model's locale (`en-US`); when nil it comes from the file name, else en-US. For a
    /// skill directory it also chooses among the models of several locales.
    public var locale: String?
    /// A legacy sample-utterances file (`IntentName utterance` per line); when nil, one beside
    /// a legacy intent schema is used.
    public var utterancesFile: String?
    /// A folder of legacy custom slot-type lists (one file per type, one value per line).
    public var slotTypesDirectory: String?

    public init(locale: String? = nil, utterancesFile: String? = nil, slotTypesDirectory: String? = nil) {
        self.locale = locale
        self.utterancesFile = utterancesFile
        self.slotTypesDirectory = slotTypesDirectory
    }
}

/// The layout a model was written in.
public enum ModelFormat: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// `{"interactionModel": {"languageModel": …, "dialog": …, "prompts": …}}` (ask-cli, today's console).
    case interactionModel
    /// `{"languageModel": …, "dialog": …, "prompts": …}` (2017 skill-builder export).
    case languageModel
    /// `{"intents": [{"name": …, "samples": …}], "types": …}` (2017 layout).
    case topLevelIntents
    /// `{"intents": [{"intent": …, "slots": …}]}` with a sample-utterances text file (before 2017).
    case legacyIntentSchema

    public var description: String {
        switch self {
        case .interactionModel: return "interactionModel"
        case .languageModel: return "bare languageModel (2017 skill-builder export)"
        case .topLevelIntents: return "intents at the top level (2017 layout)"
        case .legacyIntentSchema: return "legacy intent schema with sample utterances"
        }
    }
}

/// Where the model's locale came from, so that a summary can say so.
public enum LocaleOrigin: Sendable, Equatable {
    /// The caller chose it (`--locale`).
    case given
    /// The named file's name carries it (`en-US.json`, `InteractionModel_de-DE.json`).
    case fileName(String)
    /// Nothing said; en-US was assumed.
    case assumed
}

/// Where an imported model came from.
public struct ModelSource: Sendable {
    /// The model file as the user can find it (the path given, joined with what was found in a
    /// skill directory); nil for bytes given in memory.
    public var file: String?
    /// Other files read: a legacy sample-utterances file, slot-type lists.
    public var otherFiles: [String]
    public var format: ModelFormat
    public var locale: String
    public var localeOrigin: LocaleOrigin
    /// A short name for the skill: the skill directory's name, else the file name without its
    /// locale and extension (`PizzaShop`), for naming outputs.
    public var skillName: String
    /// Where each element came from, for findings reported later (such as by training).
    public var sourceMap: SourceMap

    public init(file: String?, otherFiles: [String] = [], format: ModelFormat, locale: String,
                localeOrigin: LocaleOrigin, skillName: String, sourceMap: SourceMap) {
        self.file = file
        self.otherFiles = otherFiles
        self.format = format
        self.locale = locale
        self.localeOrigin = localeOrigin
        self.skillName = skillName
        self.sourceMap = sourceMap
    }
}

/// An imported model with everything the importer noticed.
public struct ImportResult: Sendable {
    /// The model, tidied: samples trimmed and de-duplicated, built-in type names in the right
    /// case, empty synonyms dropped, legacy open slot types declared.
    public var model: InteractionModel
    /// Errors, warnings and notes, in file order.
    public var findings: [Finding]
    public var source: ModelSource

    public init(model: InteractionModel, findings: [Finding], source: ModelSource) {
        self.model = model
        self.findings = findings
        self.source = source
    }

    public var errors: [Finding] { findings.filter { $0.severity == .error } }
    public var warnings: [Finding] { findings.filter { $0.severity == .warning } }
    public var notes: [Finding] { findings.filter { $0.severity == .note } }

    /// Whether the model can be used: it has no errors (warnings are allowed).
    public var isValid: Bool { !findings.contains { $0.severity == .error } }
}
