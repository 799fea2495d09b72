import ArgumentParser
import BenchReport
import CommandLineSupport
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-bench skills`: real skills against what their users say. Each `BASE.jsonl` of the tests
/// folder holds hand-written user utterances for the interaction model `BASE.json` of the models
/// folder; the skill is trained from its model alone, as `nlu-train` does, and every line is
/// classified and scored as `nlu-bench accuracy` scores a data set. The figures that matter are
/// the pooled rows: with 25–40 lines a skill, one line moves a skill's row by several points.
struct Skills: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train each real skill from its interaction model and score what its users say.",
        discussion: """
        Prints one row per skill and pooled rows (English, other locales, all): intent accuracy,
        slot precision/recall/F1 over (slot, raw span) pairs (repeated slots counted), and exact
        match. The tests folder is a development set: read which kind of failure it shows, never
        tune to its lines.

        Example:
          nlu-bench skills --tests ../shared/skill-tests --json skills.json
        """)

    @Option(help: "Folder of BASE.jsonl files of user utterances (text, intent, slots).")
    var tests = "../shared/skill-tests"
    @Option(help: "Folder of the interaction models BASE.json (default: interaction-models beside the tests folder).")
    var models: String?
    @Option(help: "Write every row as JSON here.")
    var json: String?
    @Option(help: "A name for this run in the JSON (such as the commit), shown by the report.")
    var label = "current"
    @Option(help: "Training seed.")
    var seed: UInt64 = 1
    @Option(help: ArgumentHelp("Write each skill's evaluation report (HTML) into this folder, as BASE.html.", valueName: "folder"))
    var report: String?
    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write each report's figures as JSON into this folder, as BASE.json.", valueName: "folder"))
    var reportJSON: String?
    @Flag(help: "Print every line the engine gets wrong (intent or slots).")
    var errors = false
    @OptionGroup var knowledge: KnowledgeOverrides

    func run() throws {
        let testsURL = URL(fileURLWithPath: tests)
        let modelsURL = models.map { URL(fileURLWithPath: $0) }
            ?? testsURL.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("interaction-models")
        let names = try FileManager.default.contentsOfDirectory(atPath: testsURL.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        guard !names.isEmpty else { throw ValidationError("no .jsonl files in \(tests)") }
        for folder in [report, reportJSON].compactMap({ $0 }) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var rows: [SkillsRun.Row] = []
        var pooled: [String: AccuracyReport] = [:]
        for name in names {
            let base = String(name.dropLast(".jsonl".count))
            let modelPath = modelsURL.appendingPathComponent(base + ".json").path
            guard FileManager.default.fileExists(atPath: modelPath) else {
                StandardError.write("nlu-bench skills: no interaction model \(modelPath) for \(name); skipped\n")
                continue
            }
            let (row, report) = try score(base: base, modelPath: modelPath, lines: testsURL.appendingPathComponent(name))
            rows.append(row)
            if errors {
                BenchOutput.line("\(base):")
                report.printErrors()
            }
            let group = row.locale.hasPrefix("en") ? SkillsRun.english : SkillsRun.otherLocales
            pooled[group, default: AccuracyReport()].merge(report)
            pooled[SkillsRun.all, default: AccuracyReport()].merge(report)
        }
        let pooledRows = [SkillsRun.english, SkillsRun.otherLocales, SkillsRun.all].compactMap { group in
            pooled[group].map { SkillsRun.Row(skill: group, locale: "", report: $0, trainSeconds: nil) }
        }
        let run = SkillsRun(label: label, command: commandLine, skills: rows, pooled: pooledRows)
        BenchOutput.line(ReportDocument.skillsTable(run))
        BenchOutput.line("reproduce: \(commandLine)")
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(run).write(to: URL(fileURLWithPath: json), options: .atomic)
        }
    }

    /// Trains one skill and scores its lines.
    func score(base: String, modelPath: String, lines: URL) throws -> (SkillsRun.Row, AccuracyReport) {
        let imported: ImportResult
        do { imported = try Importer.load(path: modelPath) } catch {
            throw ValidationError("\(modelPath): \(error)")
        }
        var options = TrainingOptions()
        options.seed = seed
        knowledge.apply(to: &options)
        let context = knowledge.classificationContext
        let started = Date()
        let nlu = try NLUModel.train(from: imported.model, options: options)
        let seconds = Date().timeIntervalSince(started)
        let decoder = JSONDecoder()
        var report = AccuracyReport()
        var answers: [EvaluationFigures.Answer] = []
        for line in try String(contentsOf: lines, encoding: .utf8).split(separator: "\n") {
            let u = try decoder.decode(LabeledUtterance.self, from: Data(line.utf8))
            let result = nlu.classify(u.text, context: context)
            let (first, all) = Accuracy.slotPairs(result)
            let expected = u.slots.map { ($0.slot, $0.value) }
            let predicted = result.intent?.name ?? "(none)"
            report.add(text: u.text, expectedIntent: u.intent, predictedIntent: predicted,
                       expectedSlots: expected, predictedSlots: all, alexaSlots: first)
            answers.append(Accuracy.answer(u, result, predicted: predicted, expected: expected, found: all))
        }
        if self.report != nil || reportJSON != nil {
            let source = EvaluationSource(title: base, annotations: lines.path, modelDigest: ModelDigest.of(nlu),
                                          command: EvaluationReportFiles.commandLine())
            try EvaluationReportFiles.write(EvaluationFigures(answers: answers, source: source),
                                            html: self.report.map { "\($0)/\(base).html" },
                                            json: reportJSON.map { "\($0)/\(base).json" }, tool: "nlu-bench")
        }
        return (SkillsRun.Row(skill: base, locale: imported.model.locale, report: report, trainSeconds: seconds), report)
    }

    var commandLine: String {
        var parts = ["nlu-bench skills --tests \(tests)"]
        if let models { parts.append("--models \(models)") }
        if seed != 1 { parts.append("--seed \(seed)") }
        parts += knowledge.commandLineParts
        return parts.joined(separator: " ")
    }
}

extension SkillsRun.Row {
    init(skill: String, locale: String, report: AccuracyReport, trainSeconds: Double?) {
        self.init(skill: skill, locale: locale, lines: report.total, intentAccuracy: report.intentAccuracy,
                  slotPrecision: report.slots.precision, slotRecall: report.slots.recall, slotF1: report.slots.f1,
                  exactMatch: report.exactMatch, trainSeconds: trainSeconds)
    }
}
