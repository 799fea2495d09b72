import Foundation
import Testing

/// Every tool with its output going nowhere: a pipe whose reader went away (`EPIPE`) or a full
/// disk (`/dev/full`, `ENOSPC`). None may crash or be killed by a signal; a model is still
/// written; the exit status says whether the tool's output (standard output) was lost — 74 —
/// while progress and messages on standard error are best effort and never change it.
@Suite struct OutputFailureTests {
    /// Trains ``Tools/twoIntentSkill`` with standard output and error sent to `stdout` and `stderr`.
    func train(stdout: Tools.Sink?, stderr: Tools.Sink?) throws -> (run: Tools.Run, model: String) {
        let skill = try Tools.file("two-intents.json", Tools.twoIntentSkill)
        let model = URL(fileURLWithPath: skill).deletingLastPathComponent().appendingPathComponent("two-intents.nlu").path
        let run = try Tools.run("nlu-train", [skill, "-o", model], stdout: stdout, stderr: stderr)
        return (run, model)
    }

    /// The model at `path` loads and answers.
    func expectUsableModel(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(FileManager.default.fileExists(atPath: path), "no model written", sourceLocation: sourceLocation)
        let classify = try Tools.run("nlu-classify", ["--model", path, "order a large pizza"])
        #expect(classify.status == 0, "\(classify.stderr)", sourceLocation: sourceLocation)
        #expect(classify.stdout.contains("OrderIntent"), sourceLocation: sourceLocation)
    }

    @Test func trainWritesTheModelWhenBothStreamsAreAClosedPipe() throws {
        // `nlu-train SKILL -o M 2>&1 | head -1` once head has read its line.
        let (run, model) = try train(stdout: .closedPipe, stderr: .closedPipe)
        #expect(!run.signalled, "killed by signal \(run.status)")
        #expect(run.status == 74, "the summary was lost")
        try expectUsableModel(model)
    }

    @Test func trainIgnoresAFullStandardError() throws {
        let (run, model) = try train(stdout: nil, stderr: .file("/dev/full"))
        #expect(!run.signalled, "killed by signal \(run.status)")
        #expect(run.status == 0, "only progress was lost")
        #expect(run.stdout.hasPrefix("trained "))
        try expectUsableModel(model)
    }

    @Test func trainWritesTheModelWhenStandardOutputIsFull() throws {
        let (run, model) = try train(stdout: .file("/dev/full"), stderr: nil)
        #expect(!run.signalled, "killed by signal \(run.status)")
        #expect(run.status == 74)
        #expect(run.stderr.contains("writing standard output failed"))
        try expectUsableModel(model)
    }

    @Test func classifyIntoAClosedPipeOrAFullStandardError() throws {
        let model = try Tools.hello.get()
        let closed = try Tools.run("nlu-classify", ["--model", model, "hello"], stdout: .closedPipe, stderr: .closedPipe)
        #expect(!closed.signalled, "killed by signal \(closed.status)")
        #expect(closed.status == 74)
        let full = try Tools.run("nlu-classify", ["--model", model, "hello", "--format", "jsonl"], stderr: .file("/dev/full"))
        #expect(full.status == 0)
        #expect(full.lines.count == 1)
    }

    @Test func chatEndsWith74WhenNobodyReads() throws {
        let skill = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path
        let arguments = [skill, "--model", try Tools.hello.get()]
        let input = Data("hello\nsay hi to ada\n".utf8)
        for sink in [Tools.Sink.closedPipe, .file("/dev/full")] {
            let run = try Tools.run("nlu-chat", arguments, input: input, stdout: sink)
            #expect(!run.signalled, "\(sink): killed by signal \(run.status)")
            #expect(run.status == 74, "\(sink)")
        }
        let quietErrors = try Tools.run("nlu-chat", arguments + ["--format", "jsonl"], input: input, stderr: .file("/dev/full"))
        #expect(quietErrors.status == 0)
        #expect(quietErrors.lines.count == 3, "the greeting and two answers")
    }

    @Test func benchReportIntoAClosedPipeOrAFullDisk() throws {
        // The committed results: `nlu-bench report` renders them without training anything.
        let arguments = ["report", "--results", "Benchmarks/results", "--peers", "Benchmarks/peers/results"]
        let written = try Tools.run("nlu-bench", arguments)
        try #require(written.status == 0, "\(written.stderr)")
        for sink in [Tools.Sink.closedPipe, .file("/dev/full")] {
            let run = try Tools.run("nlu-bench", arguments, stdout: sink)
            #expect(!run.signalled, "\(sink): killed by signal \(run.status)")
            #expect(run.status == 74, "\(sink)")
        }
    }
}
