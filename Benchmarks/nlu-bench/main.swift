import ArgumentParser
import CommandLineSupport

/// Accuracy and speed of SkillNLU on public data sets.
struct NLUBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-bench",
        abstract: "Accuracy and speed of SkillNLU on public NLU data sets.",
        subcommands: [Accuracy.self, Skills.self, Speed.self, EncoderSpeed.self, ExportTraining.self, Report.self, RecordRun.self, TaggerLab.self, LoadProfile.self, Sizes.self])
}
// Not `NLUBench.main()`: a report that could not be written ends the run with 74 once the
// command has written its results (BenchOutput).
StandardOutput.ignoreBrokenPipeSignal()
do {
    var command = try NLUBench.parseAsRoot()
    try command.run()
    try BenchOutput.finish()
} catch {
    NLUBench.exit(withError: error)
}
