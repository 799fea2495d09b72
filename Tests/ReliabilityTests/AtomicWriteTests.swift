import Foundation
import FuzzHarness
import Testing
@testable import SkillNLU
#if canImport(Glibc)
import Glibc

/// Killing `nlu-train` at any moment while it writes over an existing model leaves a model
/// that loads: the old one, or (once the rename has happened) the whole new one.
///
/// The kills land on what the run does, not after guessed sleeps: as it reports a stage on
/// standard error, and at the first file it creates or writes beside the model, which must be
/// its hidden temporary file (the model itself is never written in place). The skill is small,
/// so that a whole run takes a fraction of a second even in a debug build. Linux only: the file
/// events come from inotify (``FolderWatch``).
@Suite struct AtomicWriteTests {
    /// The existing model: the tiny one of the model-file fuzz target.
    static let oldModel = ModelFileFuzzer.seedFile

    /// The skill the runs train: a few intents and a custom slot type, no built-in intents.
    static let skillJSON = #"""
    {"interactionModel": {"languageModel": {"invocationName": "hello world",
      "intents": [
        {"name": "HelloWorldIntent", "samples": ["hello", "hi", "hello world", "say hello", "hey there", "good day"]},
        {"name": "GreetByNameIntent", "slots": [{"name": "name", "type": "Friend"}],
         "samples": ["my name is {name}", "i am {name}", "call me {name}", "say hello to {name}", "greet {name}"]},
        {"name": "GoodbyeIntent", "samples": ["goodbye", "bye", "see you later", "talk to you soon"]}],
      "types": [{"name": "Friend", "values": [{"name": {"value": "ada"}}, {"name": {"value": "grace"}},
                                              {"name": {"value": "alan"}}]}]}}}
    """#

    /// Two scratch folders: one holding only the model, one for the skill and the runs'
    /// standard error.
    struct Workspace {
        let models: URL
        let files: URL
        var model: URL { models.appendingPathComponent("model.nlu") }
        var skill: URL { files.appendingPathComponent("skill.json") }
        var log: URL { files.appendingPathComponent("stderr") }

        init() throws {
            models = try ReliabilitySupport.scratchDirectory("atomic-write")
            files = try ReliabilitySupport.scratchDirectory("atomic-write-files")
            try Data(AtomicWriteTests.skillJSON.utf8).write(to: skill)
        }

        func remove() {
            try? FileManager.default.removeItem(at: models)
            try? FileManager.default.removeItem(at: files)
        }

        /// What the run has reported on standard error so far.
        var reported: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    }

    /// Checks what is at `url` after a run: the old bytes exactly, or a new model that loads
    /// whole. Returns whether the old one was kept.
    func checkModel(at url: URL, _ what: String) throws -> Bool {
        let bytes = try [UInt8](Data(contentsOf: url))
        if bytes == Self.oldModel { return true }
        do {
            let model = try NLUModel(fileBytes: bytes)
            #expect(model.intentNames.contains("HelloWorldIntent"), "\(what): an unexpected model")
        } catch {
            Issue.record("\(what): the model file is neither the old one nor a whole new one: \(error)")
        }
        return false
    }

    /// Puts the old model back, runs nlu-train over it and sends SIGKILL at the first file
    /// event in the workspace for which `moment` holds (with nil, lets the run finish).
    /// Returns how the run ended and the event it was killed at (nil if it ended before).
    func run(_ train: URL, in workspace: Workspace,
             killingAt moment: ((FolderWatch.Event) -> Bool)? = nil) throws -> (exit: ChildProcess.Exit, event: FolderWatch.Event?) {
        try Data(Self.oldModel).write(to: workspace.model)
        let watch = try FolderWatch([workspace.models, workspace.files])
        // Progress goes to a file: one line as each stage starts.
        let child = try ChildProcess(train, [workspace.skill.path, "-o", workspace.model.path, "--seed", "3", "--contextual-head", "none"],
                                     stderr: workspace.log.path)
        guard let moment else { return (child.wait(), nil) }
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            for event in watch.next(waitingAtMost: 100) where moment(event) {
                child.send(SIGKILL)
                return (child.wait(), event)
            }
            if let exit = child.exitIfEnded() { return (exit, nil) }
        }
        child.send(SIGKILL)
        Issue.record("nlu-train ran for five minutes")
        return (child.wait(), nil)
    }

    @Test func killingNlUTrainNeverLeavesAHalfWrittenModel() throws {
        let train = try #require(ReliabilitySupport.executable("nlu-train"), "nlu-train is not built")
        let workspace = try Workspace()
        defer { workspace.remove() }

        // A whole run replaces the model.
        let whole = try run(train, in: workspace)
        #expect(whole.exit.status == 0, "\(workspace.reported)")
        #expect(try !checkModel(at: workspace.model, "after a whole run"))

        // Killed as it starts generating data and training: nothing may be written yet, so
        // the old model stays, byte for byte, at least at the first.
        var kept: [Bool] = []
        for stage in ["generating data", "training intent classifier"] {
            let killed = try run(train, in: workspace) { $0.folder == workspace.files && workspace.reported.contains(stage) }
            try #require(killed.event != nil, "nlu-train ended before it reported \"\(stage)\": \(workspace.reported)")
            #expect(killed.exit.signal == SIGKILL)
            kept.append(try checkModel(at: workspace.model, "killed at \(stage)"))
        }
        #expect(kept.first == true, "killed as it started, nlu-train had already replaced the model")

        // Killed at the first file it creates or writes beside the model: that must be its
        // hidden temporary file, and the model stays the old one or becomes the whole new one.
        let writing = try run(train, in: workspace) { $0.folder == workspace.models }
        let event = try #require(writing.event, "nlu-train ended without writing beside the model")
        #expect(event.created && event.name.hasPrefix(".model.nlu.tmp-"),
                "nlu-train first wrote \(event.name) (created: \(event.created)): a model is written to a temporary file, then renamed")
        _ = try checkModel(at: workspace.model, "killed while writing")

        // A killed run leaves at most its own hidden temporary file, never a second model.
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.models.path)
        #expect(names.allSatisfy { $0 == "model.nlu" || $0.hasPrefix(".model.nlu.tmp-") }, "\(names)")
    }
}
#endif
