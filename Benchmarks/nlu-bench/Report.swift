import ArgumentParser
import BenchReport
import CommandLineSupport
import Foundation

/// `nlu-bench report`: Benchmarks/README.md made from the JSON results — ours and the peers' —
/// never typed by hand. Needs neither the data sets nor Python.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the benchmark document (Markdown) from the JSON results.",
        discussion: """
        Reads <dataset>[-<variant>].json (accuracy), <dataset>-speed.json (speed) and run.json
        (when, where, which commit) from --results, and DATASET--MODEL.json (peers.py) from
        --peers, and prints our tables, the peers', and both side by side with differences and
        ratios. `make bench` writes this output to Benchmarks/README.md and prints it.

        Example:
          nlu-bench report --results Benchmarks/results --peers Benchmarks/peers/results
        """)

    @Option(help: "Folder with our JSON results.") var results: String
    @Option(help: "Folder with the peers' JSON results (Benchmarks/peers/results).") var peers: String?

    func run() throws {
        do {
            let loaded = try BenchResults.load(results: URL(fileURLWithPath: results),
                                               peers: peers.map { URL(fileURLWithPath: $0) })
            BenchOutput.line(ReportDocument.render(loaded), terminator: "")
        } catch let error as ReportError {
            StandardError.write("nlu-bench report: \(error)\n")
            throw ExitCode(65)
        }
    }
}

/// `nlu-bench record-run`: writes run.json (date, machine, commit, command, duration) beside
/// the results, for the report to name the run it shows.
struct RecordRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record-run",
        abstract: "Record when, where and how the benchmark results were measured.",
        discussion: """
        Example (what `make bench` does at its end):
          nlu-bench record-run --results Benchmarks/results --commit $(git rev-parse --short HEAD) \\
            --command "make bench" --started $START_EPOCH_SECONDS
        """)

    @Option(help: "Folder with our JSON results; run.json is written there.") var results: String
    @Option(help: "Commit the results were measured at.") var commit: String
    @Option(help: "The command that measured them.") var command: String
    @Option(help: "When the benchmark runs started (seconds since 1970), for their duration.") var started: Double?

    func run() throws {
        let record = RunRecord.current(commit: commit, command: command,
                                       started: started.map { Date(timeIntervalSince1970: $0) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let url = URL(fileURLWithPath: results).appendingPathComponent(BenchResults.runFileName)
        try encoder.encode(record).write(to: url, options: .atomic)
    }
}
