import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-train SKILL`: imports an Alexa interaction model, reports what the importer finds, and
/// trains an on-device NLU model from it (or, with `--check`, only validates).
@main
struct NLUTrain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-train",
        abstract: "Train an on-device NLU model from an Alexa interaction model.",
        discussion: """
            SKILL is an interaction-model JSON file (the `interactionModel` wrapper, a bare \
            `languageModel`, or a legacy intent schema with its sample utterances) or an ask-cli \
            skill directory (skill-package/interactionModels/custom/<locale>.json).

            --check also reports utterance conflicts as the Alexa console does, without training: \
            samples that, filled with listed slot values, spell a sample of another intent, and \
            samples that put two slot types sharing a value in the same place. Training adds the \
            samples the trained model reads as another intent. --strict makes conflicts (and \
            other warnings) errors.

            Examples:
              nlu-train InteractionModels/PizzaShop --check
              nlu-train InteractionModels/PizzaShop -o pizza.nlu
              nlu-train skill-package/interactionModels/custom/de-DE.json --strict
              nlu-train IntentSchema.json --utterances SampleUtterances.txt --check

            Exit codes: 0 ok, 64 usage, 65 invalid model, 66 missing input, 73 cannot create output, \
            74 I/O error.
            """,
        version: SkillNLUVersion.string
    )

    @Argument(help: ArgumentHelp("An interaction-model JSON file or an ask-cli skill directory.", valueName: "skill"))
    var skill: String

    @Option(help: ArgumentHelp(
        "The model's locale, such as de-DE. Chooses among a skill directory's models; by default it "
            + "comes from the file name, else en-US.",
        valueName: "locale"))
    var locale: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Where to write the model (default: <skill-name>.<locale>.nlu in the current directory).",
        valueName: "model"))
    var output: String?

    @Option(help: ArgumentHelp("Seed for the random parts of training, for reproducible models.", valueName: "n"))
    var seed: UInt64?

    @Flag(help: "Validate the model and print a summary and every finding; do not train.")
    var check = false

    @Flag(help: "Treat warnings as errors (exit 65 when there are any).")
    var strict = false

    @Option(help: ArgumentHelp(
        "A legacy sample-utterances file (`IntentName utterance` per line) for an old intent schema; "
            + "by default one beside the schema is used.",
        valueName: "file"))
    var utterances: String?

    @Option(name: .customLong("slot-types"), help: ArgumentHelp(
        "A folder of legacy custom slot-type lists (one file per type, named after it, one value per line).",
        valueName: "dir"))
    var slotTypes: String?

    @Option(help: ArgumentHelp(
        "Annotated utterances to train on as well (JSON lines: text, intent, slots), or a feedback log written by nlu-chat --feedback.",
        valueName: "file.jsonl"))
    var annotated: String?

    @Option(name: .customLong("language-pack"), help: ArgumentHelp(
        "Read utterances through a shipped language pack of pretrained word vectors as well (en, de, fr, es, it, nl, pt, ja, hi, ar, or auto for the locale's), "
            + "so that words no sample uses still count; the model then needs the same pack to load.",
        valueName: "name"))
    var languagePack: String?

    @Option(name: .customLong("word-clusters"), help: ArgumentHelp(
        "Give the slot tagger each word's cluster from the shipped word clusters (en, or auto for the locale's), "
            + "so that a value no list holds is read like the listed values near it; the model then needs the same clusters to load.",
        valueName: "name"))
    var wordClusters: String?

    @Option(name: .customLong("contextual-head"), help: ContextualHeadOption.help)
    var contextualHead: String?

    @Option(help: ArgumentHelp(
        "Bits of the intent classifier's stored tables (float32, float16, int8, int4, int3, compact); by default int4 up to "
            + "32 intents and compact beyond (the linear table at 4-bit levels in about 2.3 bits a weight; CLINC150: 4.45 MB "
            + "against int8's 11.7). int3 is a little smaller, for a little accuracy; int8 classifies a few percent faster.",
        valueName: "precision"))
    var precision: IntentClassifierOptions.Precision?

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print more detail (per-intent counts; training progress).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
        if check && output != nil { throw ValidationError("--check does not write a model; drop -o/--output.") }
        if check && annotated != nil { throw ValidationError("--check validates the skill only; drop --annotated.") }
        if let languagePack, !["none", "auto"].contains(languagePack), LanguagePack.bundled(named: languagePack) == nil {
            throw ValidationError("--language-pack: no pack named '\(languagePack)' is shipped (shipped: \(LanguagePack.bundledNames.joined(separator: ", ")); or auto, none).")
        }
        if let wordClusters, !["none", "auto"].contains(wordClusters), WordClusters.bundled(named: wordClusters) == nil {
            throw ValidationError("--word-clusters: no clusters named '\(wordClusters)' are shipped (shipped: en; or auto, none).")
        }
        try ContextualHeadOption.validate(contextualHead)
        try SkillImportOptions.validate(locale: locale)
    }

    var importOptions: SkillImportOptions {
        SkillImportOptions(locale: locale, utterances: utterances, slotTypes: slotTypes)
    }

    func run() throws {
        StandardOutput.ignoreBrokenPipeSignal()
        var result = try SkillLoading.loadOrExit(skill, options: importOptions.importOptions)
        if result.isValid {
            result.findings += ConflictReport.findings(ConflictDetector(model: result.model).conflicts(), source: result.source)
        }
        if check {
            try runCheck(result)
            return
        }
        for finding in SkillLoading.visibleFindings(result, quiet: quiet, strict: strict, verbose: verbose) {
            SkillLoading.printError(finding.description)
        }
        guard SkillLoading.passes(result, strict: strict) else {
            SkillLoading.printError(SkillLoading.verdict(of: result, strict: strict))
            throw ExitCode.dataError
        }
        let trainOptions = TrainOptions(
            skill: skill, source: result.source, output: output, seed: seed, annotated: annotated, languagePack: languagePack,
            wordClusters: wordClusters, contextualHead: contextualHead, precision: precision,
            strict: strict, quiet: quiet, verbose: verbose)
        try checkOutputIsWritable(trainOptions.outputPath)
        try train(model: result.model, findings: result.findings, options: trainOptions)
    }

    /// `--check`: every finding, then the summary and the verdict, on standard output.
    func runCheck(_ result: ImportResult) throws {
        var lines: [String] = SkillLoading.visibleFindings(result, quiet: quiet, strict: strict, verbose: verbose).map(\.description)
        if !quiet {
            if !lines.isEmpty { lines.append("") }
            lines.append(SkillLoading.summary(of: result, verbose: verbose))
        }
        lines.append(SkillLoading.verdict(of: result, strict: strict))
        try writeOutput(lines.joined(separator: "\n") + "\n")
        if !SkillLoading.passes(result, strict: strict) { throw ExitCode.dataError }
    }

    /// Fails with 73 before any training when the model file could not be written: its folder
    /// is missing or not writable, or the path is a folder.
    func checkOutputIsWritable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            SkillLoading.printError("nlu-train: cannot create \(path): it is a directory; give a file name with -o")
            throw ExitCode.cannotCreate
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            SkillLoading.printError("nlu-train: cannot create \(path): the folder \(folder) does not exist")
            throw ExitCode.cannotCreate
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            SkillLoading.printError("nlu-train: cannot create \(path): the folder \(folder) is not writable")
            throw ExitCode.cannotCreate
        }
    }
}

/// Writes to standard output, ending the tool with 74 when that fails.
func writeOutput(_ text: String) throws {
    do {
        try StandardOutput.write(text)
    } catch {
        if !error.isBrokenPipe { SkillLoading.printError("nlu-train: \(error)") }
        throw ExitCode.ioError
    }
}

extension IntentClassifierOptions.Precision: ExpressibleByArgument {}
