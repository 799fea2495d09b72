import Foundation
import Testing

/// Runs the built `nlu-train` and `nlu-classify` as a user would: a separate process with
/// arguments, standard input from a file or a pipe, and standard output and error captured.
enum Tools {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the tests keep the files they write and the models they train once per run:
    /// inside `.build`, emptied when a run starts, so nothing piles up in the source tree or /tmp.
    static let workDirectory: URL = {
        let url = packageRoot.appendingPathComponent(".build/command-line-tests")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The executable `name` next to the test bundle (where `swift test` builds it), or in
    /// the package's `.build/debug`.
    static func binary(_ name: String) -> URL? {
        var directories: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    struct Run {
        var status: Int32
        /// Whether a signal ended the tool (a crash, or SIGPIPE): `status` is then the signal.
        var signalled = false
        var output: Data
        var stderr: String
        var stdout: String { String(decoding: output, as: UTF8.self) }
        /// Standard output's lines (without the final empty one).
        var lines: [String] {
            Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0))
        }

        /// Each line of standard output parsed as a JSON object.
        func jsonLines(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            try lines.map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Where a tool's standard output or error goes instead of being captured.
    enum Sink {
        /// A file or device, such as /dev/full.
        case file(String)
        /// A pipe whose reading end is closed before the tool starts: every write fails with
        /// `EPIPE`, as under `tool | head -1` once head has gone.
        case closedPipe

        func handle() throws -> Any {
            switch self {
            case .file(let path):
                let handle: FileHandle = try #require(FileHandle(forWritingAtPath: path))
                return handle
            case .closedPipe:
                let pipe = Pipe()
                try pipe.fileHandleForReading.close()
                return pipe
            }
        }
    }

    /// Runs `tool` with `arguments`. Standard input is `input` (bytes), or the file
    /// `inputPath`, or empty; standard output goes to `outputPath` when given (such as
    /// /dev/full), or to `stdout`, else it is captured; standard error likewise to `stderr`.
    static func run(_ tool: String, _ arguments: [String], input: Data? = nil, inputPath: String? = nil,
                    outputPath: String? = nil, stdout: Sink? = nil, stderr: Sink? = nil, in directory: URL = packageRoot,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let executable = try #require(Tools.binary(tool), "\(tool) was not built next to the tests (run swift build first)",
                                  sourceLocation: sourceLocation)
        let scratch = workDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = executable
        process.arguments = withoutContextualHead(tool, arguments)
        process.currentDirectoryURL = directory
        if let input {
            let file = scratch.appendingPathComponent("in")
            try input.write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else if let inputPath {
            // Typed first: `standardInput` is `Any?`, through which #require cannot see the optional.
            let handle: FileHandle = try #require(FileHandle(forReadingAtPath: inputPath))
            process.standardInput = handle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = try (stdout ?? outputPath.map(Sink.file))?.handle() ?? FileHandle(forWritingTo: out)
        process.standardError = try stderr?.handle() ?? FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, output: try Data(contentsOf: out),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// `arguments` with `--contextual-head none` where `tool` trains a skill and the test did not
    /// choose: a contextual head costs an encoder pass per training utterance, seconds in a debug
    /// build, and these tests check behaviour the head does not touch, so they say so whatever
    /// the tools' default. A test of the head passes `--contextual-head` itself.
    static func withoutContextualHead(_ tool: String, _ arguments: [String]) -> [String] {
        guard !arguments.contains("--contextual-head"), !arguments.contains("--") else { return arguments }
        switch tool {
        case "nlu-train": break
        case "nlu-classify" where arguments.contains("--skill"): break
        case "nlu-chat" where !arguments.contains("--model"): break
        default: return arguments
        }
        return arguments + ["--contextual-head", "none"]
    }

    /// Writes `text` to a new file named `name` in the work directory and returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        try file(name, Data(text.utf8))
    }

    static func file(_ name: String, _ data: Data) throws -> String {
        let folder = workDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// A small skill with what the output formats must show: a custom type with synonyms and
    /// ids, a built-in slot, a multiple-value slot and a dialog model.
    static let tinySkill = #"""
    {"interactionModel": {"languageModel": {"invocationName": "tiny pizza",
      "intents": [
        {"name": "OrderIntent", "slots": [
            {"name": "size", "type": "Size"},
            {"name": "count", "type": "AMAZON.NUMBER"},
            {"name": "toppings", "type": "Topping", "multipleValues": {"enabled": true}}],
         "samples": ["order a {size} pizza", "i want a {size} pizza with {toppings}", "order {count} {size} pizzas",
                     "a {size} pizza please", "get me a {size} pizza", "pizza with {toppings}", "i would like a pizza"]},
        {"name": "HoursIntent", "samples": ["when are you open", "what are your hours", "are you open today",
                     "opening hours", "when do you close"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "Size", "values": [
            {"id": "S", "name": {"value": "small", "synonyms": ["little"]}},
            {"id": "L", "name": {"value": "large", "synonyms": ["big"]}}]},
        {"name": "Topping", "values": [
            {"id": "HAM", "name": {"value": "ham"}},
            {"id": "OLIVES", "name": {"value": "olives", "synonyms": ["black olives"]}},
            {"id": "CHEESE", "name": {"value": "extra cheese"}}]}
      ]},
      "dialog": {"intents": [{"name": "OrderIntent", "confirmationRequired": false, "prompts": {}, "slots": [
        {"name": "size", "type": "Size", "elicitationRequired": false, "confirmationRequired": false, "prompts": {}}]}]}
    }}
    """#

    /// A skill of two intents and no built-in ones, for tests of what every training does (its
    /// output, its model file): it trains in a fraction of a second, where ``tinySkill`` (with
    /// a built-in intent's catalogue and values to fill) takes seconds in a debug build.
    static let twoIntentSkill = #"""
    {"interactionModel": {"languageModel": {"invocationName": "two intents",
      "intents": [
        {"name": "OrderIntent", "samples": ["order a pizza", "order a large pizza", "i want a pizza", "get me a pizza"]},
        {"name": "HoursIntent", "samples": ["when are you open", "what are your hours", "are you open today"]}]}}}
    """#

    /// Trains `skill` (a path) once per test run with the built nlu-train and returns the model's path.
    static func trainedModel(_ name: String, skill: String) -> Result<String, TrainFailure> {
        let path = workDirectory.appendingPathComponent("\(name).nlu").path
        do {
            let run = try run("nlu-train", [skill, "-o", path, "--quiet"])
            guard run.status == 0 else { return .failure(TrainFailure(message: "nlu-train exited \(run.status): \(run.stderr)")) }
            return .success(path)
        } catch {
            return .failure(TrainFailure(message: "\(error)"))
        }
    }

    struct TrainFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The bundled HelloWorld skill, trained once.
    static let hello = trainedModel("hello", skill: packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path)
    /// ``tinySkill``, trained once.
    static let tiny: Result<String, TrainFailure> = {
        do {
            return trainedModel("tiny", skill: try file("tiny.json", tinySkill))
        } catch {
            return .failure(TrainFailure(message: "\(error)"))
        }
    }()
}
