import CommandLineSupport
import Foundation
import Testing

/// `--report` and `--report-json` of `nlu-classify --evaluate` and `nlu-bench accuracy`, and the
/// report as Chromium renders it.
@Suite struct ReportCommandTests {
    static let helloTests = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld/tests.jsonl").path

    @Test func classifyWritesTheReportBesideItsOutput() throws {
        let model = try Tools.hello.get()
        let folder = try Self.folder("classify")
        let html = folder.appendingPathComponent("report.html").path, json = folder.appendingPathComponent("report.json").path
        let run = try Tools.run("nlu-classify", ["--model", model, "--evaluate", Self.helloTests, "--report", html,
                                                 "--report-json", json, "--format", "json"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let output = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let summary = try #require(output["summary"] as? [String: Any])

        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let overall = try #require(report["overall"] as? [String: Any])
        for (mine, theirs) in [("utterances", "annotations"), ("passed", "passed"), ("intentAccuracy", "intentAccuracy"),
                               ("slotPrecision", "slotPrecision"), ("slotRecall", "slotRecall"), ("slotF1", "slotF1")] {
            #expect((overall[mine] as? NSNumber)?.doubleValue == (summary[theirs] as? NSNumber)?.doubleValue, "\(mine)")
        }
        let source = try #require(report["source"] as? [String: Any])
        #expect(source["modelDigest"] as? String == headerDigest(model))
        #expect((source["command"] as? String)?.hasPrefix("nlu-classify --model ") == true)
        #expect((source["command"] as? String)?.contains("--evaluate \(Self.helloTests)") == true)

        let page = try XMLTree.parse(String(contentsOfFile: html, encoding: .utf8))
        #expect(page.element(id: "model-digest")?.text == headerDigest(model))
        let lines = try String(contentsOfFile: Self.helloTests, encoding: .utf8).split(separator: "\n").count
        #expect(page.element(id: "total")?.text.hasPrefix("\(lines)") == true)
        #expect(page.element(id: "intent-table") != nil && page.element(id: "histogram") != nil && page.element(id: "reliability") != nil)
    }

    /// A skill trained in memory reports the digest of the file nlu-train writes for it.
    @Test func aSkillTrainedInMemoryHasTheDigestOfItsFile() throws {
        let skill = try Tools.file("two-intents.json", Tools.twoIntentSkill)
        let model = URL(fileURLWithPath: skill).deletingLastPathComponent().appendingPathComponent("two-intents.nlu").path
        let train = try Tools.run("nlu-train", [skill, "-o", model, "--quiet"])
        try #require(train.status == 0, "\(train.stderr)")
        let set = try Tools.file("set.jsonl", #"{"text": "order a big pizza", "intent": "OrderIntent", "slots": []}"# + "\n")
        let json = set + ".report.json"
        let run = try Tools.run("nlu-classify", ["--skill", skill, "--evaluate", set, "--report-json", json])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((report["source"] as? [String: Any])?["modelDigest"] as? String == headerDigest(model))
    }

    @Test func aReportNeedsAnEvaluationAndAWritablePlace() throws {
        let model = try Tools.hello.get()
        let alone = try Tools.run("nlu-classify", ["--model", model, "--report", "r.html", "hello"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--evaluate"))
        let nowhere = try Tools.run("nlu-classify", ["--model", model, "--evaluate", Self.helloTests,
                                                     "--report", "/nonexistent-folder/r.html"])
        #expect(nowhere.status == 73)
        #expect(nowhere.stderr.contains("cannot write the report /nonexistent-folder/r.html"))
    }

    /// `nlu-bench accuracy` on a data-set folder (HelloWorld's model and tests), reusing the
    /// trained model so that nothing is trained again.
    @Test func benchAccuracyWritesTheSameReport() throws {
        let model = try Tools.hello.get()
        let dataset = try Self.folder("dataset")
        let skill = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld/skill-package/interactionModels/custom/en-US.json")
        try FileManager.default.copyItem(at: skill, to: dataset.appendingPathComponent("interaction-model.json"))
        try FileManager.default.copyItem(atPath: Self.helloTests, toPath: dataset.appendingPathComponent("test.jsonl").path)
        let html = dataset.appendingPathComponent("r.html").path, json = dataset.appendingPathComponent("r.json").path
        let run = try Tools.run("nlu-bench", ["accuracy", "--dataset", dataset.path, "--trained", model, "--report", html,
                                              "--report-json", json])
        try #require(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let overall = try #require(report["overall"] as? [String: Any])
        let printed = try #require(run.lines.first { $0.contains("intent accuracy") })
        let accuracy = try #require(overall["intentAccuracy"] as? NSNumber).doubleValue
        // The same figure: the printed one is rounded to two places of a percentage, the JSON's to
        // four of a fraction, and a half-way value (29/32 = 90.625 %) may go either way in each.
        let shown = try #require(Double(printed.split(separator: " ").dropLast().last ?? ""), "\(printed)")
        #expect(abs(shown - accuracy * 100) <= 0.01 + 1e-9, "\(printed)")
        #expect((report["source"] as? [String: Any])?["modelDigest"] as? String == headerDigest(model))
        #expect(try XMLTree.parse(String(contentsOfFile: html, encoding: .utf8)).element(id: "intent-table") != nil)
    }

    /// Renders a bundled skill's report with headless Chromium and checks that the page is
    /// neither blank nor broken (Benchmarks/tools/check-screenshot.py). `make report-check`
    /// installs Chromium when it is missing; here the test skips without it.
    @Test(.enabled(if: Self.chromium != nil && Self.python != nil,
                   "headless Chromium (and python3) not on PATH: install the Debian package chromium, or run make report-check"))
    func chromiumRendersTheReport() throws {
        let model = try Tools.hello.get()
        let folder = try Self.folder("render")
        let html = folder.appendingPathComponent("report.html").path, png = folder.appendingPathComponent("report.png").path
        let run = try Tools.run("nlu-classify", ["--model", model, "--evaluate", Self.helloTests, "--report", html])
        try #require(run.status == 0 || run.status == 1, "\(run.stderr)")
        let render = try Self.execute(Self.chromium!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                        "--screenshot=\(png)", "--window-size=1200,2400", "file://\(html)"])
        try #require(FileManager.default.fileExists(atPath: png), "Chromium wrote no screenshot (exit \(render.status)): \(render.output)")
        let check = try Self.execute(Self.python!, [Tools.packageRoot.appendingPathComponent("Benchmarks/tools/check-screenshot.py").path, png])
        #expect(check.status == 0, "\(check.output)")
    }

    /// The digest the model file's header records, read here independently of ``ModelDigest``.
    func headerDigest(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 32 else { return nil }
        return data[24..<32].reversed().map { String(format: "%02x", $0) }.joined()
    }

    /// A new folder in the tests' work directory.
    static func folder(_ name: String) throws -> URL {
        let url = Tools.workDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let chromium = onPath("chromium") ?? onPath("chromium-browser")
    static let python = onPath("python3")

    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program outside the package, standard output and error together.
    static func execute(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let log = Tools.workDirectory.appendingPathComponent("log-\(UUID().uuidString)")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }
}
