import Foundation
import Testing

/// Runs the built `nlu-train --check` as a user would and checks exit codes and output.
@Suite struct CheckCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `nlu-train` executable next to the test bundle (where `swift test` builds it), or
    /// in the package's `.build/debug`.
    static let binary: URL? = {
        var directories: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("nlu-train")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String]) throws -> Run {
        let binary = try #require(Self.binary, "nlu-train was not built next to the tests (run swift build first)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nlu-train-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.packageRoot
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// Temporary files written by a test, removed when the test's suite value goes away.
    final class Scratch: @unchecked Sendable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nlu-check-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    let scratch = Scratch()

    /// Writes `text` to a temporary file named `name` and returns its path.
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = scratch.directory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func model(intents: String) -> String {
        #"{"interactionModel": {"languageModel": {"invocationName": "t", "intents": \#(intents), "types": []}}}"#
    }

    @Test func validSkillExitsZeroWithASummary() throws {
        let run = try run(["InteractionModels/PizzaShop", "--check"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("en-US (from the file name en-US.json)"))
        for label in ["intents", "samples", "slots", "slot types", "values", "dialog", "prompts"] {
            #expect(run.stdout.contains("\n\(label) "), "summary lacks \(label)")
        }
        #expect(run.stdout.contains("valid: 0 errors"))
    }

    @Test func localeGivenOnTheCommandLineIsSaid() throws {
        let path = try temporaryFile("model.json", model(intents: #"[{"name": "A", "samples": ["hallo"]}]"#))
        let run = try run([path, "--check", "--locale", "de-DE"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("de-DE (from --locale)"))
    }

    @Test func malformedJSONExits65WithLineAndColumn() throws {
        let path = try temporaryFile("en-US.json", "{\n  \"interactionModel\": {\n    \"languageModel\": {\"intents\": [],}\n  }\n}\n")
        let run = try run([path, "--check"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("en-US.json:3:36: error: trailing comma"), "\(run.stderr)")
    }

    @Test func invalidModelExits65AndListsTheError() throws {
        let path = try temporaryFile("en-US.json", model(intents: #"[{"name": "A", "slots": [], "samples": ["go to {city}"]}]"#))
        let run = try run([path, "--check"])
        #expect(run.status == 65)
        #expect(run.stdout.contains(#"error: interactionModel.languageModel.intents[0].samples[0] "go to {city}": slot {city} is not declared in intent A"#))
        #expect(run.stdout.contains("invalid: 1 error"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let path = try temporaryFile("en-US.json", model(intents: #"[{"name": "A", "samples": ["order 2 pizzas"]}]"#))
        let relaxed = try run([path, "--check"])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning:"))
        let strict = try run([path, "--check", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stdout.contains("--strict"))
    }

    @Test func quietPrintsTheVerdictOnly() throws {
        let run = try run(["InteractionModels/HelloWorld", "--check", "--quiet"])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "valid: 0 errors, 0 warnings, 0 notes")
    }

    @Test func missingInputsExit66() throws {
        let missing = try run(["no/such/skill.json", "--check"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no/such/skill.json"))
        let wrongLocale = try run(["InteractionModels/PizzaShop", "--check", "--locale", "fr-FR"])
        #expect(wrongLocale.status == 66)
        #expect(wrongLocale.stderr.contains("available: en-US"))
        let schema = try temporaryFile("IntentSchema.json", #"{"intents": [{"intent": "A"}]}"#)
        let noUtterances = try run([schema, "--check", "--utterances", "no/such/utterances.txt"])
        #expect(noUtterances.status == 66)
    }

    @Test(arguments: [
        [String](),
        ["InteractionModels/PizzaShop", "--check", "--no-such-option"],
        ["InteractionModels/PizzaShop", "--check", "-o", "out.nlu"],
        ["InteractionModels/PizzaShop", "--check", "--locale", "english"],
        ["InteractionModels/PizzaShop", "--check", "--quiet", "--verbose"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let run = try run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(!run.stderr.isEmpty)
    }

    @Test func severalLocalesWithoutAChoiceIsAUsageError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nlu-check-\(UUID().uuidString)")
        let custom = root.appendingPathComponent("skill-package/interactionModels/custom")
        try FileManager.default.createDirectory(at: custom, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let text = model(intents: #"[{"name": "A", "samples": ["a"]}]"#)
        try Data(text.utf8).write(to: custom.appendingPathComponent("en-US.json"))
        try Data(text.utf8).write(to: custom.appendingPathComponent("de-DE.json"))
        let ambiguous = try run([root.path, "--check"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("de-DE, en-US"))
        let chosen = try run([root.path, "--check", "--locale", "de-DE"])
        #expect(chosen.status == 0)
    }

    @Test func helpListsEveryOption() throws {
        let run = try run(["--help"])
        #expect(run.status == 0)
        for option in ["--locale", "--output", "--seed", "--check", "--strict", "--utterances", "--slot-types",
                       "--annotated", "--quiet", "--verbose"] {
            #expect(run.stdout.contains(option), "help lacks \(option)")
        }
    }
}
