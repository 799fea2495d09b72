import Foundation
import Testing

/// `nlu-classify --evaluate`: annotation sets as a skill's CI runs them.
@Suite struct EvaluateCommandTests {
    func helloModel() throws -> String { try Tools.hello.get() }

    /// Every bundled skill carries an annotation set, and `--evaluate` reads every annotation of
    /// one (`make annotations` checks that each skill's model passes its set: an accuracy gate,
    /// not a unit test).
    @Test func bundledSkillsCarryAnnotationSetsThatEvaluateReadsWhole() throws {
        let root = Tools.packageRoot.appendingPathComponent("InteractionModels")
        let skills = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(skills.count >= 2)
        for skill in skills {
            let folder = root.appendingPathComponent(skill)
            let set = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("annotations.") }
            #expect(set != nil, "\(skill) has no annotations.json or annotations.csv")
        }
        let csv = root.appendingPathComponent("HelloWorld/annotations.csv")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").dropFirst().count
        let run = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate", csv.path, "--format", "jsonl"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let lines = try run.jsonLines()
        #expect(lines.count == rows + 1, "one line per annotation and the summary")
        #expect((lines.last?["summary"] as? [String: Any])?["annotations"] as? Int == rows)
    }

    @Test func aFailingAnnotationFailsTheRunAndSaysWhy() throws {
        let path = try Tools.file("set.json", #"""
        {"data": [
          {"inputs": {"utterance": "hello"}, "expected": [{"intent": {"name": "HelloWorldIntent"}}]},
          {"inputs": {"utterance": "stop"}, "expected": [{"intent": {"name": "GreetByNameIntent", "slots": {"name": {"value": "stop"}}}}]}
        ]}
        """#)
        let run = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate", path, "--format", "text"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("PASS  \"hello\"  HelloWorldIntent"))
        #expect(run.stdout.contains("FAIL  \"stop\"  (data[1])"))
        #expect(run.stdout.contains("expected  GreetByNameIntent  name=\"stop\""))
        #expect(run.stdout.contains("actual    AMAZON.StopIntent"))
        #expect(run.stdout.contains("missing   name = \"stop\""))
        #expect(run.stdout.contains("passed 1/2 (50.0 %), intent accuracy 50.0 %"))
        #expect(run.stdout.contains("GreetByNameIntent → AMAZON.StopIntent  1"))
    }

    @Test func jsonlGivesOneObjectPerAnnotationAndASummary() throws {
        let path = try Tools.file("set.csv", """
        utterance,referenceTimestamp,intent,slot[name]
        hello,,HelloWorldIntent,
        "call me peter",2026-11-22T10:00:00Z,GreetByNameIntent,peter
        stop,,AMAZON.HelpIntent,

        """)
        let run = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate", path, "--format", "jsonl"])
        #expect(run.status == 1)
        let lines = try run.jsonLines()
        try #require(lines.count == 4)
        for line in lines.prefix(3) {
            #expect(Set(line.keys) == ["utterance", "place", "passed", "expected", "actual", "problems"])
            #expect(line["passed"] is Bool)
            #expect((line["expected"] as? [String: Any])?["intent"] is String)
            #expect((line["actual"] as? [String: Any])?["slots"] is [String: Any])
        }
        #expect(lines[2]["passed"] as? Bool == false)
        let summary = try #require(lines[3]["summary"] as? [String: Any])
        #expect(summary["annotations"] as? Int == 3)
        #expect(summary["passed"] as? Int == lines.prefix(3).filter { $0["passed"] as? Bool == true }.count)
        for key in ["passRate", "intentAccuracy", "slotPrecision", "slotRecall", "slotF1"] {
            #expect((summary[key] as? Double).map { (0...1).contains($0) } == true, "\(key)")
        }
        let confusions = try #require(summary["confusions"] as? [[String: Any]])
        #expect(confusions.contains { $0["expected"] as? String == "AMAZON.HelpIntent" && $0["actual"] as? String == "AMAZON.StopIntent" })
    }

    @Test func dataSetLinesAreEvaluatedToo() throws {
        let tests = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld/tests.jsonl").path
        let run = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate", tests, "--format", "jsonl"])
        let lines = try run.jsonLines()
        let count = try String(contentsOfFile: tests, encoding: .utf8).split(separator: "\n").count
        #expect(lines.count == count + 1)
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        let passed = try #require(summary["passed"] as? Int)
        #expect(run.status == (passed == count ? 0 : 1))
    }

    @Test func missingOrMalformedAnnotationSets() throws {
        let missing = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate", "no/such/set.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no/such/set.json"))
        let malformed = try Tools.run("nlu-classify", ["--model", try helloModel(), "--evaluate",
                                                       try Tools.file("set.jsonl", "{\"text\": \"hi\", \"intent\": \"A\"}\nnot json\n")])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("set.jsonl:2:"))
    }
}
