import ArgumentParser
import Foundation
import InteractionModel

/// The options every tool that reads a skill shares: which locale, and the legacy companion
/// files. Include it with `@OptionGroup`.
public struct SkillImportOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "The model's locale, such as de-DE. Chooses among a skill directory's models; by default it "
            + "comes from the file name, else en-US.",
        valueName: "locale"))
    public var locale: String?

    @Option(help: ArgumentHelp(
        "A legacy sample-utterances file (`IntentName utterance` per line) for an old intent schema; "
            + "by default one beside the schema is used.",
        valueName: "file"))
    public var utterances: String?

    @Option(name: .customLong("slot-types"), help: ArgumentHelp(
        "A folder of legacy custom slot-type lists (one file per type, named after it, one value per line).",
        valueName: "dir"))
    public var slotTypes: String?

    public init() {}

    public init(locale: String?, utterances: String?, slotTypes: String?) {
        self.locale = locale
        self.utterances = utterances
        self.slotTypes = slotTypes
    }

    public func validate() throws {
        try Self.validate(locale: locale)
    }

    /// Refuses a locale Alexa does not have (exit 64), listing those it has.
    public static func validate(locale: String?) throws {
        guard let locale, AlexaLocales.canonical(locale) == nil else { return }
        throw ValidationError("--locale must be one of Alexa's locales (\(AlexaLocales.all.joined(separator: ", "))), "
                              + "not '\(locale)'.")
    }

    /// The importer's view of these options, the locale in Alexa's spelling.
    public var importOptions: ImportOptions {
        ImportOptions(locale: locale.map { AlexaLocales.canonical($0) ?? $0 }, utterancesFile: utterances,
                      slotTypesDirectory: slotTypes)
    }
}

/// Loading a SKILL path for the command-line tools: import, report, and map failures to the
/// sysexits codes the tools share (64 usage, 65 invalid model, 66 missing input).
public enum SkillLoading {
    /// Why a skill could not be loaded, with the exit code a tool ends with.
    public struct Failure: Error, CustomStringConvertible {
        public var error: ImportError
        public var exitCode: ExitCode
        /// Lines to print on standard error.
        public var description: String {
            error.findings.map(\.description).joined(separator: "\n")
        }
    }

    /// The exit code for an import error: 66 when an input is missing or unreadable, 64 when
    /// the command must say more (which locale), 65 when the model is not valid.
    public static func exitCode(for error: ImportError) -> ExitCode {
        switch error {
        case .fileNotFound, .unreadable, .noModelInDirectory, .localeNotFound:
            return .noInput
        case .ambiguousLocale:
            return .usage
        case .malformedJSON, .notAnInteractionModel, .invalidModel:
            return .dataError
        }
    }

    /// Imports the skill at `path` (a model file or a skill directory).
    public static func load(_ path: String, options: ImportOptions) -> Result<ImportResult, Failure> {
        do {
            return .success(try Importer.load(path: path, options: options))
        } catch {
            return .failure(Failure(error: error, exitCode: exitCode(for: error)))
        }
    }

    /// Imports the skill, or prints why not on standard error and throws the exit code.
    public static func loadOrExit(_ path: String, options: ImportOptions) throws -> ImportResult {
        switch load(path, options: options) {
        case .success(let result):
            return result
        case .failure(let failure):
            printError(failure.description)
            if case .ambiguousLocale = failure.error {
                printError("hint: add --locale with one of the locales above")
            }
            throw failure.exitCode
        }
    }

    /// Whether the result passes: no errors, and with `strict` no warnings either.
    public static func passes(_ result: ImportResult, strict: Bool) -> Bool {
        result.errors.isEmpty && (!strict || result.warnings.isEmpty)
    }

    /// How many warnings or notes of one rule are listed one by one unless `verbose`.
    public static let findingsPerRule = 10

    /// The findings to show: with `quiet` the errors only (and with `strict` the warnings too,
    /// since they fail the run); unless `verbose`, at most ``findingsPerRule`` warnings or notes
    /// per rule, the rest counted in one line, so that a data set with thousands of samples
    /// holding digits stays readable. Errors are always all shown.
    public static func visibleFindings(_ result: ImportResult, quiet: Bool, strict: Bool,
                                       verbose: Bool = false) -> [Finding] {
        var findings = result.findings
        if quiet { findings = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) } }
        return verbose ? findings : collapsed(findings, perRule: findingsPerRule)
    }

    /// Keeps the first `limit` warnings and notes of each rule and replaces the rest with one
    /// finding that counts them.
    public static func collapsed(_ findings: [Finding], perRule limit: Int) -> [Finding] {
        var counts: [Finding.Rule: Int] = [:]
        var kept: [Finding] = []
        var hidden: [(rule: Finding.Rule, severity: Finding.Severity, count: Int, file: String?)] = []
        for finding in findings {
            guard finding.severity != .error else { kept.append(finding); continue }
            let n = counts[finding.rule, default: 0] + 1
            counts[finding.rule] = n
            if n <= limit {
                kept.append(finding)
            } else if let k = hidden.firstIndex(where: { $0.rule == finding.rule && $0.severity == finding.severity }) {
                hidden[k].count += 1
            } else {
                hidden.append((finding.rule, finding.severity, 1, finding.file))
            }
        }
        for h in hidden {
            kept.append(Finding(h.severity, h.rule,
                                "\(h.count) more like the \(limit) above (\(h.rule.rawValue)); --verbose lists them all",
                                file: h.file))
        }
        return kept
    }

    /// Writes a line to standard error (best effort: see ``StandardError``).
    public static func printError(_ text: String) {
        StandardError.write(text + "\n")
    }
}
