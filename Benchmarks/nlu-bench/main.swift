import ArgumentParser
import CommandLineSupport

/// Accuracy and speed of SkillNLU on public data sets.
struct NLUBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-bench",
        abstract: "Accuracy and speed of SkillNLU on public NLU data sets.",
        subcommands: [Accuracy.self, Speed.self, ExportTraining.self, Report.self, RecordRun.self, TaggerLab.self, LoadProfile.self])
}
NLUBench.main()
