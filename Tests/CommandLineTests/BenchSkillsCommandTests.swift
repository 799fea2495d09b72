import Foundation
import Testing

/// `nlu-bench skills` on a folder of its own: one skill (a two-intent model, which trains in a
/// fraction of a second, and user lines for it), one set of lines without a model.
@Suite struct BenchSkillsCommandTests {
    static let userLines = [
        #"{"text": "order a pizza please", "intent": "OrderIntent", "slots": []}"#,
        #"{"text": "when do you open", "intent": "HoursIntent", "slots": []}"#,
        #"{"text": "could i get a pizza", "intent": "OrderIntent", "slots": []}"#,
    ]

    @Test func scoresEachSkillPoolsThemAndWritesItsReport() throws {
        let root = try ReportCommandTests.folder("skills")
        let tests = root.appendingPathComponent("tests"), models = root.appendingPathComponent("models")
        for folder in [tests, models] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(Tools.twoIntentSkill.utf8).write(to: models.appendingPathComponent("owner__hello__en-US.json"))
        try Data(Self.userLines.map { $0 + "\n" }.joined().utf8).write(to: tests.appendingPathComponent("owner__hello__en-US.jsonl"))
        try Data("{\"text\": \"hi\", \"intent\": \"X\", \"slots\": []}\n".utf8).write(to: tests.appendingPathComponent("no-model.jsonl"))
        let json = root.appendingPathComponent("skills.json").path, reports = root.appendingPathComponent("reports").path
        let run = try Tools.run("nlu-bench", ["skills", "--tests", tests.path, "--models", models.path, "--json", json,
                                              "--report", reports, "--label", "abc1234"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("no-model.json for no-model.jsonl; skipped"))
        #expect(run.stdout.contains("| owner/hello | en-US |"))
        #expect(run.stdout.contains("reproduce: nlu-bench skills --tests \(tests.path) --models \(models.path)"))

        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(object["label"] as? String == "abc1234")
        let skills = try #require(object["skills"] as? [[String: Any]])
        let lines = Self.userLines.count
        #expect(skills.count == 1 && skills.first?["lines"] as? Int == lines && skills.first?["locale"] as? String == "en-US")
        let pooled = try #require(object["pooled"] as? [[String: Any]])
        #expect(pooled.map { $0["skill"] as? String } == ["pooled: English", "pooled: all"], "no other locales: no row for them")
        #expect(pooled.last?["intentAccuracy"] as? Double == skills.first?["intentAccuracy"] as? Double)
        let page = try String(contentsOfFile: reports + "/owner__hello__en-US.html", encoding: .utf8)
        #expect(try XMLTree.parse(page).element(id: "intent-table") != nil)
    }
}
