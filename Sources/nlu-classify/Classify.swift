import ArgumentParser
import CommandLineSupport
import Dispatch
import Foundation
import InteractionModel
import SkillNLU

/// `nlu-classify`: understands utterances with a trained model (or a skill trained in memory)
/// and prints one answer per utterance, in input order.
struct Classify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-classify",
        abstract: "Classify utterances: intent, confidence, alternatives and slots.",
        discussion: """
        With no UTTERANCE arguments, reads standard input: one utterance per line (a trailing
        carriage return is removed). A line is answered as soon as it is read; when many lines
        are waiting they are classified in parallel, and answers keep input order.

        Formats: text (default on a terminal), jsonl (default otherwise: one JSON object per
        line), json (one JSON array), alexa (the IntentRequest envelope a skill endpoint gets).

        Examples:
          nlu-classify --model pizza.en-US.nlu "two large pepperoni pizzas please"
          nlu-classify --skill InteractionModels/PizzaShop "what can i order" --format json
          cat utterances.txt | nlu-classify --model pizza.en-US.nlu > results.jsonl

        Exit status: 0 when the input was read to its end (even if some lines were errors),
        64 usage, 65 invalid model or skill, 66 missing model or skill, 74 I/O error.
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

    @Option(help: "How many alternative intents to report.")
    var top: Int = 3

    @Option(name: .customLong("reference-date"), help: ArgumentHelp(
        "The date relative dates are resolved against (YYYY-MM-DD); default today.", valueName: "date"))
    var referenceDate: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp(
        "Time zone for dates and times, e.g. Europe/Berlin; default the system's.", valueName: "tz"))
    var timeZone: String?

    func validate() throws {
        if (model == nil) == (skill == nil) {
            throw ValidationError("give exactly one of --model MODEL or --skill SKILL")
        }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if let tz = timeZone, TimeZone(identifier: tz) == nil {
            throw ValidationError("unknown time zone '\(tz)'; use an IANA name such as Europe/Berlin or UTC")
        }
        if let d = referenceDate, ReferenceDate.parse(d, timeZone: TimeZone(identifier: timeZone ?? "") ?? .current) == nil {
            throw ValidationError("--reference-date must be YYYY-MM-DD, not '\(d)'")
        }
    }

    func run() throws {
        let nlu = try loadModel()
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let date = referenceDate.flatMap { ReferenceDate.parse($0, timeZone: zone) } ?? Date()
        let context = ClassificationContext(referenceDate: date, timeZone: zone, topK: top)
        let format = self.format ?? (isatty(1) != 0 ? .text : .jsonl)
        var output = ResultOutput(format: format, model: nlu, context: context)
        if !utterances.isEmpty {
            output.begin()
            for u in utterances { output.emit(.result(nlu.classify(u, context: context))) }
            output.end()
            return
        }
        var reader = LineReader(fileDescriptor: 0)
        output.begin()
        do {
            while true {
                let batch = try reader.nextBatch()
                if batch.isEmpty { break }
                for item in Self.classify(batch, nlu, context) { output.emit(item) }
                output.flush()
            }
        } catch {
            output.end()
            FileHandle.standardError.write(Data("nlu-classify: \(error)\n".utf8))
            throw ExitCode.ioError
        }
        output.end()
    }

    /// Classifies a batch, in parallel when it is large, keeping order.
    static func classify(_ batch: [LineReader.Line], _ nlu: NLUModel, _ context: ClassificationContext) -> [ResultOutput.Item] {
        let work: @Sendable (LineReader.Line) -> ResultOutput.Item = { line in
            if let bad = LineReader.firstInvalidUTF8Byte(line.bytes) {
                return .error(line: line.number, message: "invalid UTF-8 at byte \(bad)")
            }
            var result = nlu.classify(String(decoding: line.bytes, as: UTF8.self), context: context)
            if line.truncated { result.truncated = true }
            return .result(result)
        }
        guard batch.count >= 32 else { return batch.map(work) }
        let results = ResultBox(count: batch.count)
        DispatchQueue.concurrentPerform(iterations: batch.count) { i in results.set(i, work(batch[i])) }
        return results.items
    }

    func loadModel() throws -> NLUModel {
        if let skill {
            let imported = try SkillLoading.loadOrExit(skill, options: skillOptions.importOptions)
            guard imported.isValid else {
                for f in imported.errors { SkillLoading.printError(f.description) }
                throw ExitCode.dataError
            }
            do {
                return try NLUModel.train(from: imported.model)
            } catch {
                SkillLoading.printError("nlu-classify: \(error)")
                throw ExitCode.dataError
            }
        }
        let path = model!
        guard FileManager.default.fileExists(atPath: path) else {
            SkillLoading.printError("nlu-classify: no model file at \(path); train one with nlu-train")
            throw ExitCode.noInput
        }
        do {
            return try NLUModel(contentsOf: URL(fileURLWithPath: path))
        } catch let e as ModelIOError {
            SkillLoading.printError("nlu-classify: \(e)")
            throw ExitCode.noInput
        } catch {
            SkillLoading.printError("nlu-classify: \(path): \(error)")
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
