import ArgumentParser
import CommandLineSupport

/// Placeholder until the command is built (see the issues).
struct Main: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nlu-chat", abstract: "Not built yet.")
    func run() throws { throw ExitCode.usage }
}
Main.main()
