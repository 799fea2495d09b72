import ArgumentParser
import CommandLineSupport

/// Placeholder until the benchmark harness is built.
struct Main: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nlu-bench", abstract: "Not built yet.")
    func run() throws { throw ExitCode.usage }
}
Main.main()
