import Foundation
import FuzzHarness
import Testing
@testable import SkillNLU
#if canImport(Glibc)
import Glibc
#endif

/// Killing `nlu-train` at any moment while it writes over an existing model leaves a model
/// that loads: the old one, or (once the rename has happened) the whole new one.
@Suite struct AtomicWriteTests {
    /// The existing model: the tiny one of the model-file fuzz target.
    static let oldModel = ModelFileFuzzer.seedFile

    struct Outcome {
        var killed: Bool
        var kept: Bool
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

    @Test func killingNlUTrainNeverLeavesAHalfWrittenModel() throws {
        let train = try #require(ReliabilitySupport.executable("nlu-train"), "nlu-train is not built")
        let directory = try ReliabilitySupport.scratchDirectory("atomic-write")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("model.nlu")
        let arguments = [ReliabilitySupport.helloWorldModel.path, "-o", url.path, "--seed", "3", "--quiet"]
        func restoreOldModel() throws { try Data(Self.oldModel).write(to: url) }

        // A whole run, to know how long one takes and that it replaces the model.
        try restoreOldModel()
        let started = Date()
        let complete = try ChildProcess(train, arguments).wait()
        let duration = Date().timeIntervalSince(started)
        #expect(complete.status == 0)
        #expect(try !checkModel(at: url, "after a whole run"))

        // SIGKILL at spread moments of a run: generating data, training, writing, renaming.
        var outcomes: [Outcome] = []
        for fraction in [0.15, 0.5, 0.8, 0.95, 1.0] {
            try restoreOldModel()
            let child = try ChildProcess(train, arguments)
            usleep(useconds_t(duration * fraction * 1_000_000))
            child.send(SIGKILL)
            let exit = child.wait()
            outcomes.append(Outcome(killed: exit.signal == SIGKILL,
                                    kept: try checkModel(at: url, "killed at \(Int(fraction * 100)) %")))
        }

        // And once exactly while it writes: as soon as its temporary file appears.
        try restoreOldModel()
        let child = try ChildProcess(train, arguments)
        var sawTemporary = false
        let deadline = Date().addingTimeInterval(duration * 4 + 10)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".model.nlu.tmp-") }) {
                child.send(SIGKILL)
                sawTemporary = true
                break
            }
            var status: Int32 = 0
            if waitpid(child.pid, &status, WNOHANG) == child.pid { break }   // finished before we saw it
            usleep(200)
        }
        if sawTemporary {
            let exit = child.wait()
            outcomes.append(Outcome(killed: exit.signal == SIGKILL, kept: try checkModel(at: url, "killed while writing")))
        } else {
            _ = try checkModel(at: url, "a run that wrote faster than it was watched")
        }

        // Most kills land before the rename and must have kept the old model exactly.
        let early = outcomes.filter(\.killed)
        #expect(!early.isEmpty)
        #expect(early.contains { $0.kept })
        // A killed run leaves at most its own hidden temporary file, never a second model.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.allSatisfy { $0 == "model.nlu" || $0.hasPrefix(".model.nlu.tmp-") }, "\(names)")
    }
}
