import ArgumentParser
import CommandLineSupport
import Dispatch
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-classify`: understands utterances with a trained model (or a skill trained in memory)
/// and prints one answer per utterance, in input order.
struct Classify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-classify",
        abstract: "Classify utterances: intent, confidence, alternatives and slots.",
        discussion: """
        With no UTTERANCE arguments, reads standard input: a line is the bytes up to a line \
        feed, with one trailing carriage return removed. A line is answered as soon as it is \
        read; when many lines are waiting they are classified in parallel, and answers keep \
        input order. An empty line gives {"text": "", "intent": null, "alternatives": [], \
        "slots": {}}; a line that is not UTF-8 gives {"line": N, "error": "invalid UTF-8 at \
        byte K"} (K counts the line's bytes from 1) and reading goes on; a line longer than \
        \(NLUModel.maximumUtteranceLength) characters is cut there and its answer has \
        "truncated": true.

        Formats: text (default on a terminal), jsonl (default otherwise: one JSON object per \
        line), json (one JSON array), alexa (the IntentRequest envelope a skill endpoint \
        receives; an empty line still gives the jsonl object above).

        Model tools: --explain adds why each answer was given (the layer that decided, the \
        intents considered with their scores, how each slot was found, the words that weigh \
        most). --evaluate runs an annotation set (Alexa's JSON or CSV, or dataset JSON lines) \
        and exits 1 unless every annotation passes; with --report it also writes an HTML report \
        (per-intent and per-slot scores, the confusion heat map, confidence and calibration, \
        the wrong answers) and with --report-json the same figures as JSON. --list prints what \
        a user can say: a few example utterances per intent.

        Examples:
          nlu-classify --model pizza.nlu "two large pepperoni pizzas please"
          nlu-classify --skill InteractionModels/PizzaShop "what can i order"
          cat utterances.txt | nlu-classify --model pizza.nlu > results.jsonl
          nlu-classify --model pizza.nlu --format alexa "deliver it tomorrow"
          nlu-classify --model pizza.nlu --explain "a big veggie pizza"
          nlu-classify --model pizza.nlu --evaluate annotations.json
          nlu-classify --model pizza.nlu --evaluate tests.jsonl --report report.html
          nlu-classify --model pizza.nlu --list --examples 2
          echo '["order a pepper only pizza", "order a pepperoni pizza"]' | nlu-classify --model pizza.nlu --hypotheses

        Exit status: 0 when the input was read to its end (even if some lines were errors), \
        64 usage, 65 invalid model or skill, 66 missing model or skill, 74 I/O error; with \
        --evaluate, 0 when every annotation passes and 1 otherwise (73 when a report cannot be \
        written).
        """,
        version: SkillNLUVersion.string)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, alexa
    }

    @Option(help: ArgumentHelp("A model file written by nlu-train.", valueName: "model"))
    var model: String?

    @Option(help: ArgumentHelp("An interaction-model JSON file or skill directory: trained in memory.", valueName: "skill"))
    var skill: String?

    @OptionGroup var skillOptions: SkillImportOptions

    @Argument(help: "Utterances to classify; none to read standard input.")
    var utterances: [String] = []

    @Option(help: "Output format: text, json, jsonl or alexa (default: text on a terminal, jsonl otherwise).")
    var format: Format?

    // Unconditional, so that `--top -1` is read as a number and refused as one, not taken for
    // an option and reported as a missing value.
    @Option(parsing: .unconditional, help: "How many alternative intents to report (at least 1).")
    var top: Int = 3

    @Option(name: .customLong("reference-date"), help: ArgumentHelp(
        "The date relative dates are resolved against (YYYY-MM-DD); default today. It is also the timestamp of --format alexa requests.",
        valueName: "date"))
    var referenceDate: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp(
        "Time zone for dates and times, e.g. Europe/Berlin; default the system's.", valueName: "tz"))
    var timeZone: String?

    @Flag(help: "Explain each answer: deciding layer, intents considered, how slots were found, strongest words (text, json, jsonl).")
    var explain = false

    @Option(help: ArgumentHelp(
        "Evaluate an annotation set: Alexa's JSON ({\"data\": [{\"inputs\": {\"utterance\"}, \"expected\": [{\"intent\": {\"name\", \"slots\"}}]}]}), "
            + "its CSV (utterance,referenceTimestamp,intent,slot[NAME]…) or JSON lines ({\"text\", \"intent\", \"slots\": [...]}).",
        valueName: "annotations"))
    var evaluate: String?

    @Option(help: ArgumentHelp("With --evaluate: write a self-contained HTML report of the evaluation here.", valueName: "file"))
    var report: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("With --evaluate: write the report's figures as JSON here.", valueName: "file"))
    var reportJSON: String?

    @Flag(help: ArgumentHelp(
        "Read each line (or UTTERANCE) as a speech recogniser's n-best list, a JSON array of strings or {\"text\", \"confidence\"} objects, best first; answer with the best joint reading, which hypothesis it was (\"hypothesis\", from 0) and every reading's score (\"hypotheses\")."))
    var hypotheses = false

    @Option(help: ArgumentHelp(
        "Intent tier for models with a contextual head: fast (the n-gram classifier only), accurate (the sentence encoder always joins), auto (the encoder only when the fast tier is unsure).",
        valueName: "tier"))
    var tier: ClassificationContext.Tier = .auto

    @Option(name: .customLong("contextual-head"), help: ContextualHeadOption.help)
    var contextualHead: String?

    @Flag(help: "List the model's intents with example utterances (what a user can say).")
    var list = false

    @Option(help: ArgumentHelp("How many examples --list shows per intent.", valueName: "n"))
    var examples: Int = 3

    func validate() throws {
        if (model == nil) == (skill == nil) {
            throw ValidationError("give exactly one of --model MODEL or --skill SKILL")
        }
        if contextualHead != nil && skill == nil {
            throw ValidationError("--contextual-head is for a skill trained at start (--skill); a model file keeps the head it was trained with")
        }
        try ContextualHeadOption.validate(contextualHead)
        if top < 1 { throw ValidationError("--top must be at least 1, not \(top)") }
        if examples < 1 { throw ValidationError("--examples must be 1 or more") }
        if let tz = timeZone, TimeZone(identifier: tz) == nil {
            throw ValidationError("unknown time zone '\(tz)'; use an IANA name such as Europe/Berlin or UTC")
        }
        if let d = referenceDate, ReferenceDate.parse(d, timeZone: TimeZone(identifier: timeZone ?? "") ?? .current) == nil {
            throw ValidationError("--reference-date must be YYYY-MM-DD, not '\(d)'")
        }
        if evaluate == nil && (report != nil || reportJSON != nil) {
            throw ValidationError("\(report != nil ? "--report" : "--report-json") reports an evaluation; give --evaluate ANNOTATIONS")
        }
        if evaluate != nil && list { throw ValidationError("--evaluate and --list cannot be used together") }
        if (evaluate != nil || list) && !utterances.isEmpty {
            throw ValidationError("\(list ? "--list" : "--evaluate") takes no utterances")
        }
        if (evaluate != nil || list) && format == .alexa {
            throw ValidationError("--format alexa is for classifying; \(list ? "--list" : "--evaluate") writes text, json or jsonl")
        }
        if explain && (evaluate != nil || list) { throw ValidationError("--explain is for classifying utterances") }
        if hypotheses && (explain || evaluate != nil || list) {
            throw ValidationError("--hypotheses classifies n-best lists; it cannot be used with --explain, --evaluate or --list")
        }
        if explain && format == .alexa { throw ValidationError("--explain works with --format text, json or jsonl, not alexa") }
    }

    func run() throws {
        StandardOutput.ignoreBrokenPipeSignal()
        // Read the annotation set before a model is trained, so that a bad path fails fast.
        let annotations = try evaluate.map(loadAnnotations)
        let nlu = try loadModel()
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let date = referenceDate.flatMap { ReferenceDate.parse($0, timeZone: zone) }
        var context = ClassificationContext(referenceDate: date ?? Date(), timeZone: zone, topK: top)
        context.tier = tier
        let format = self.format ?? (isatty(1) != 0 ? .text : .jsonl)
        // JSON prints each slot's confidence; text and Alexa requests show none.
        context.slotConfidence = format == .json || format == .jsonl
        do {
            if let annotations {
                let report = nlu.evaluate(annotations, context: context)
                if self.report != nil || reportJSON != nil {
                    let figures = EvaluationFigures(report, source: reportSource(nlu))
                    try EvaluationReportFiles.write(figures, html: self.report, json: reportJSON, tool: "nlu-classify")
                }
                try EvaluationOutput.write(report, format: format.rawValue)
                if !report.allPassed { throw ExitCode.failure }
                return
            }
            if list {
                try ExampleOutput.write(nlu.exampleUtterances(perIntent: examples), format: format.rawValue)
                return
            }
            var output = ResultOutput(format: format, model: nlu, context: context, timestamp: date ?? Date())
            output.begin()
            if !utterances.isEmpty {
                for (i, u) in utterances.enumerated() { try output.emit(answer(u, number: i + 1, nlu, context)) }
            } else {
                try classifyStandardInput(nlu, context, &output)
            }
            try output.end()
        } catch let e as StandardOutput.WriteError {
            if !e.isBrokenPipe { SkillLoading.printError("nlu-classify: \(e)") }
            throw ExitCode.ioError
        }
    }

    func answer(_ text: String, number: Int, _ nlu: NLUModel, _ context: ClassificationContext) -> ResultOutput.Item {
        if hypotheses { return Self.nbest(text, number: number, nlu, context) }
        if explain {
            let (r, e) = nlu.classifyExplained(text, context: context)
            return .result(r, e)
        }
        return .result(nlu.classify(text, context: context), nil)
    }

    /// Reads standard input batch by batch: each batch is every line complete after one read,
    /// so slow input is answered line by line and fast input in parallel batches.
    func classifyStandardInput(_ nlu: NLUModel, _ context: ClassificationContext, _ output: inout ResultOutput) throws {
        var reader = LineReader(fileDescriptor: 0,
                                maximumLineBytes: LineReader.maximumLineBytes(forCharacters: NLUModel.maximumUtteranceLength)
                                    * (hypotheses ? 16 : 1))
        while true {
            let batch: [LineReader.Line]
            do {
                batch = try reader.nextBatch()
            } catch {
                try? output.end()
                SkillLoading.printError("nlu-classify: \(error)")
                throw ExitCode.ioError
            }
            if batch.isEmpty { break }
            for item in classify(batch, nlu, context) { try output.emit(item) }
            try output.flush()
        }
    }

    /// Classifies a batch, in parallel when it is large, keeping order.
    func classify(_ batch: [LineReader.Line], _ nlu: NLUModel, _ context: ClassificationContext) -> [ResultOutput.Item] {
        let explain = self.explain, hypotheses = self.hypotheses
        let work: @Sendable (LineReader.Line) -> ResultOutput.Item = { line in
            if let bad = LineReader.firstInvalidUTF8Byte(line.bytes) {
                return .error(line: line.number, message: "invalid UTF-8 at byte \(bad + 1)")
            }
            let text = String(decoding: line.bytes, as: UTF8.self)
            if hypotheses {
                if line.truncated {
                    return .error(line: line.number, message: "an n-best list longer than \(16 * NLUModel.maximumUtteranceLength) characters; give fewer or shorter hypotheses")
                }
                return Self.nbest(text, number: line.number, nlu, context)
            }
            var (result, explanation) = explain ? nlu.classifyExplained(text, context: context)
                : (nlu.classify(text, context: context), nil)
            if line.truncated { result.truncated = true }
            return .result(result, explanation)
        }
        guard batch.count >= 16 else { return batch.map(work) }
        let results = ResultBox(count: batch.count)
        DispatchQueue.concurrentPerform(iterations: batch.count) { i in results.set(i, work(batch[i])) }
        return results.items
    }

    /// One `--hypotheses` input: its best joint reading, or why it could not be read.
    static func nbest(_ text: String, number: Int, _ nlu: NLUModel, _ context: ClassificationContext) -> ResultOutput.Item {
        switch HypothesisListReading.parse(text) {
        case .failure(let e):
            return .error(line: number, message: e.description)
        case .success(let list):
            do {
                return .nbest(try nlu.classify(hypotheses: list, context: context))
            } catch {
                return .error(line: number, message: error.description)
            }
        }
    }

    func loadModel() throws -> NLUModel {
        if let skill {
            let imported = try SkillLoading.loadOrExit(skill, options: skillOptions.importOptions)
            guard imported.isValid else {
                for f in imported.errors { SkillLoading.printError(f.description) }
                throw ExitCode.dataError
            }
            do {
                return try NLUModel.train(from: imported.model, options: ContextualHeadOption.trainingOptions(contextualHead))
            } catch {
                SkillLoading.printError("nlu-classify: \(error)")
                throw ExitCode.dataError
            }
        }
        let nlu = try ModelLoading.loadOrExit(model!, tool: "nlu-classify")
        try ModelLoading.checkLocale(skillOptions.importOptions.locale, of: nlu, at: model!, tool: "nlu-classify")
        return nlu
    }

    /// What the report names: the skill or model, the annotation set, the model's digest (the
    /// file's own, or that of the file a skill trained in memory would make) and this command.
    func reportSource(_ nlu: NLUModel) -> EvaluationSource {
        let digest = model.flatMap(ModelDigest.ofFile(atPath:)) ?? ModelDigest.of(nlu)
        let name = ((skill ?? model ?? "") as NSString).lastPathComponent
        return EvaluationSource(title: "\(name) · \((evaluate! as NSString).lastPathComponent)", annotations: evaluate!,
                                modelDigest: digest, command: EvaluationReportFiles.commandLine())
    }

    func loadAnnotations(_ path: String) throws -> AnnotationSet {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            SkillLoading.printError("nlu-classify: \(exists ? "cannot read" : "no annotation set at") \(path)")
            throw ExitCode.noInput
        }
        do {
            return try AnnotationSet(data: [UInt8](data), fileName: path)
        } catch {
            SkillLoading.printError("nlu-classify: \(error)")
            throw ExitCode.dataError
        }
    }
}

/// Results written from several threads into their own places, read when all are done.
final class ResultBox: @unchecked Sendable {
    private var storage: [ResultOutput.Item?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ item: ResultOutput.Item) {
        lock.lock()
        storage[i] = item
        lock.unlock()
    }

    var items: [ResultOutput.Item] { storage.map { $0! } }
}
