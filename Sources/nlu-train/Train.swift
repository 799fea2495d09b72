import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// Trains the model, reports progress on standard error, writes the file atomically and
/// prints a summary with the features the classifiers left out (when they left any out) and
/// the samples the statistical layer would not give their own intent.
func train(model: InteractionModel, findings: [Finding], options: TrainOptions) throws {
    var trainingOptions = TrainingOptions()
    if let seed = options.seed { trainingOptions.seed = seed }
    trainingOptions.languagePack = options.languagePack
    trainingOptions.tagger.wordClusters = options.wordClusters
    trainingOptions.contextualHead = options.contextualHead
    trainingOptions.classifierPrecision = options.precision
    var feedbackSummary = ""
    if let path = options.annotated {
        let input = try AnnotatedInput.read(path, for: model)
        trainingOptions.annotated = input.utterances
        feedbackSummary = input.feedbackSummary
    }
    let progress = ProgressReporter(enabled: !options.quiet, verbose: options.verbose)
    let started = Date()
    let nlu: NLUModel
    let report: TrainingReport
    do {
        (nlu, report) = try NLUModel.trainReporting(from: model, options: trainingOptions) { progress.report($0) }
    } catch {
        progress.finish()
        SkillLoading.printError("nlu-train: \(error)")
        throw ExitCode.dataError
    }
    progress.finish()
    let seconds = Date().timeIntervalSince(started)
    let check = nlu.sampleCheck()
    let conflicts = nlu.statisticalConflicts(from: check)
    let bytes = nlu.fileBytes()
    if options.strict && !conflicts.isEmpty {
        // --strict: a conflict is an error, and no model is written.
        for finding in ConflictReport.findings(conflicts, source: options.source) {
            SkillLoading.printError(finding.description.replacingOccurrences(of: "warning: ", with: "error: "))
        }
        SkillLoading.printError("nlu-train: \(conflicts.count) sample\(conflicts.count == 1 ? "" : "s") the trained model reads as another intent; "
                                + "with --strict no model is written")
        throw ExitCode.dataError
    }
    let url = URL(fileURLWithPath: options.outputPath)
    do {
        try NLUModel.writeFile(bytes, to: url)
    } catch let e as ModelIOError {
        SkillLoading.printError("nlu-train: \(e)")
        if case .cannotCreate = e { throw ExitCode.cannotCreate }
        throw ExitCode.ioError
    }
    guard !options.quiet else { return }
    let intents = model.languageModel.intents.count
    let samples = model.languageModel.intents.reduce(0) { $0 + $1.samples.count }
    var text = """
        trained \(options.outputPath)
          locale \(model.locale), \(intents) intents, \(samples) samples, \(nlu.trainingUtteranceCount) generated utterances
          model \(formatBytes(bytes.count)), trained in \(String(format: "%.1f", seconds)) s

        """ + DroppedFeaturesSummary.lines(report, verbose: options.verbose) + """
          samples classified to their own intent by the statistical layer: \(check.correct)/\(check.total) \
        (\(String(format: "%.1f", check.total == 0 ? 100 : 100 * Double(check.correct) / Double(check.total))) %)

        """ + feedbackSummary
    if let f = nlu.fallbackSummary {
        let when = f.requiredProbability.map { $0 > 0 ? "it is at least \(Int(($0 * 100).rounded())) % sure" : "it ranks first" } ?? "it ranks first"
        text += "  fallback (\(f.sensitivity.rawValue)): AMAZON.FallbackIntent when \(when) or the best intent is under "
            + "\(Int((f.threshold * 100).rounded())) %; \(f.everydayRequests) everyday requests learnt as outside the skill\n"
    }
    if !conflicts.isEmpty {
        text += "  samples the statistical layer gives another intent (the exact layer still answers them):\n"
        for c in conflicts.prefix(options.verbose ? .max : 10) {
            let p = Int(((c.confidence ?? 0) * 100).rounded())
            text += "    \(c.place.path) \(c.place.intent) \"\(c.utterance)\" → \(c.other.intent) (\(p) %)"
                + (c.other.sample.isEmpty ? "\n" : ", nearest \(c.other.path) \"\(c.other.sample)\"\n")
        }
        if !options.verbose && conflicts.count > 10 {
            text += "    … and \(conflicts.count - 10) more (--verbose lists them all)\n"
        }
        text += "  to resolve one: add samples to the intent that say it differently, or reword one of the two; --strict makes these errors\n"
    }
    try writeOutput(text)
}

/// `n` bytes in decimal units, as `nlu-bench sizes` and Benchmarks/README.md count them
/// (1 MB = 1,000,000 bytes), so the summary's size is the one a size budget is read against.
func formatBytes(_ n: Int) -> String {
    n >= 1_000_000 ? String(format: "%.2f MB", Double(n) / 1_000_000) : String(format: "%.0f kB", Double(n) / 1000)
}

/// Training progress on standard error: a line that redraws itself on a terminal (one bar per
/// stage running, since the classifier and the tagger train at the same time), plain lines when
/// stderr is a file or pipe (each stage's start and end; every epoch with `--verbose`).
/// Reports may come from several threads at once.
final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let verbose: Bool
    private let terminal: Bool
    private let lock = NSLock()
    private var running: [(stage: TrainingProgress.Stage, progress: TrainingProgress)] = []
    private var started: Set<String> = []
    private var drewBar = false

    init(enabled: Bool, verbose: Bool) {
        self.enabled = enabled
        self.verbose = verbose
        self.terminal = isatty(2) != 0
    }

    func report(_ p: TrainingProgress) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if terminal {
            // The stages still running: calibration follows the classifier on its thread.
            running.removeAll { $0.stage == p.stage || $0.stage == .generating || (p.stage == .calibrating && $0.stage == .classifier) }
            if p.stage != .done { running.append((p.stage, p)) }
            write("\r\u{1B}[2K" + running.map { Self.bar($0.progress) }.joined(separator: "  ·  "))
            drewBar = true
        } else {
            let first = started.insert(p.stage.rawValue).inserted
            if first || verbose || (p.epochs > 0 && p.epoch == p.epochs) || !p.detail.isEmpty {
                write(Self.line(p) + "\n")
            }
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if enabled && drewBar { write("\r\u{1B}[2K") }
    }

    static func line(_ p: TrainingProgress) -> String {
        var line = p.stage.rawValue
        if p.epochs > 0 { line += " \(p.epoch)/\(p.epochs)" + (p.loss.map { String(format: " loss %.4f", $0) } ?? "") }
        if !p.detail.isEmpty { line += " " + p.detail }
        return line
    }

    static func bar(_ p: TrainingProgress) -> String {
        guard p.epochs > 0 else { return line(p) }
        let width = 16
        let filled = width * min(p.epoch, p.epochs) / p.epochs
        return p.stage.rawValue + " [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(p.epoch)/\(p.epochs)" + (p.loss.map { String(format: " loss %.4f", $0) } ?? "")
    }

    private func write(_ s: String) { StandardError.write(s) }
}
