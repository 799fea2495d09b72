import BenchReport
import Foundation
import Testing

@Suite struct BenchResultsTests {
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func readsOursThePeersAndTheRunRecord() throws {
        let results = try folder([
            "snips.json": """
            {"dataset": "snips", "model": "interaction-model.json", "intent_accuracy": 0.96, "slot_precision": 0.93,
             "slot_recall": 0.92, "slot_f1": 0.925, "alexa_slot_f1": 0.91, "exact_match": 0.83, "train_seconds": 17.5,
             "per_slot": {"album": {"f1": 0.1}}, "per_intent": {}, "confusions": []}
            """,
            "clinc150.json": """
            {"dataset": "clinc150", "model": "interaction-model.json", "intent_accuracy": 0.84, "slot_precision": 0,
             "slot_recall": 0, "slot_f1": 0, "exact_match": 0.84, "in_scope_accuracy": 0.92, "oos_recall": 0.51,
             "per_slot": {}}
            """,
            "snips-speed.json": """
            {"dataset": "snips", "model": "interaction-model.json", "latency_intent_us": {"p50": 12, "p99": 60, "max": 4000},
             "latency_slots_us": {"p50": 84, "p99": 2900, "max": 6000}, "model_bytes": 3012683,
             "train_seconds": 6.5, "train_fast_seconds": 4.5, "train_fast_cpu_seconds": 7,
             "blas": {"blas_us": 2, "loop_us": 18, "rows": 256, "inner": 16, "columns": 11}}
            """,
            "run.json": """
            {"date": "2026-11-22T06:00:00Z", "commit": "abc1234", "command": "make bench",
             "machine": {"cpu": "AMD EPYC", "cores": 2, "memory_gib": 23.4, "system": "Linux"}}
            """,
        ])
        let peers = try folder([
            "atis--interaction-model.json": """
            {"dataset": "atis", "model": "interaction-model.json", "date": "2026-11-22", "command": "python peers.py",
             "machine": {"platform": "Linux", "cpu": "AMD EPYC", "cores": 2, "python": "3.11.7", "packages": {}},
             "training_data": {"source": "jsonl", "utterances": 19471, "origin": "nlu-bench export-training", "per_intent": {"a": 1}},
             "best_intent_engine": "tfidf-linearsvc",
             "peers": [
               {"dataset": "atis", "model": "interaction-model.json", "engine": "crf", "intent_accuracy": null,
                "slot_f1": 0.92, "train_seconds": 511.6, "latency_p50_ms": 0.2, "task": "slots", "params": {"c1": 0.1}},
               {"dataset": "atis", "model": "interaction-model.json", "engine": "snips-nlu", "skipped": "stopped"}]}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: results); try? FileManager.default.removeItem(at: peers) }
        let loaded = try BenchResults.load(results: results, peers: peers)
        #expect(loaded.accuracy.count == 2)
        let clinc = try #require(loaded.accuracy.first { $0.dataset == "clinc150" })
        #expect(!clinc.hasSlots && clinc.slotF1 == nil && clinc.oosRecall == 0.51)
        let snips = try #require(loaded.accuracy.first { $0.dataset == "snips" })
        #expect(snips.hasSlots && snips.slotF1 == 0.925 && snips.trainSeconds == 17.5)
        #expect(snips.alexaSlotF1 == 0.91 && clinc.alexaSlotF1 == nil)
        #expect(loaded.speed.first?.blasGain == 9)
        #expect(loaded.speed.first?.intentLatencyBestOf == nil)
        #expect(loaded.speed.first?.contextualHeadTrainSeconds == 2 && loaded.speed.first?.fastTierTrainCPUSeconds == 7)
        #expect(loaded.run?.commit == "abc1234")
        let run = try #require(loaded.peers.first)
        #expect(run.rows.map(\.engine) == ["crf", "snips-nlu"])
        #expect(run.rows[0].task == .slots && run.rows[0].intentAccuracy == nil)
        #expect(run.rows[1].skipped == "stopped")
        #expect(run.trainingData?.origin == "nlu-bench export-training")
    }

    @Test func smallSkillsAreReadFromTheirOwnFolderAndReportedApart() throws {
        let results = try folder(["snips.json": """
            {"dataset": "snips", "model": "interaction-model.json", "intent_accuracy": 0.96, "exact_match": 0.83, "per_slot": {}}
            """])
        defer { try? FileManager.default.removeItem(at: results) }
        #expect(try BenchResults.load(results: results, peers: nil).smallSkills.isEmpty, "no folder: none")
        let small = results.appendingPathComponent(BenchResults.smallSkillsFolder)
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        for (seed, inScope, recall) in [(6, 0.95, 0.5), (10, 0.97, 0.4)] {
            try Data("""
                {"dataset": "small-skill-\(seed)", "model": "interaction-model.json", "intent_accuracy": 0.5, "exact_match": 0.5,
                 "in_scope_accuracy": \(inScope), "oos_recall": \(recall), "train_seconds": 1, "per_slot": {}}
                """.utf8).write(to: small.appendingPathComponent("small-skill-\(seed).json"))
        }
        let loaded = try BenchResults.load(results: results, peers: nil)
        #expect(loaded.accuracy.map(\.dataset) == ["snips"], "not in the main table nor the comparisons")
        #expect(loaded.smallSkills.count == 2)
        let report = ReportDocument.render(loaded)
        #expect(report.contains("## SkillNLU: what a small skill does not handle"))
        #expect(report.contains("| small-skill-6 | 95.00 | 50.00 | 1.0 |"))
        #expect(report.contains("| mean | 96.00 | 45.00 | 1.0 |"))
        #expect(report.range(of: "small-skill-6 |")!.lowerBound < report.range(of: "small-skill-10 |")!.lowerBound, "in seed order")
        #expect(!report.contains("### small-skill"), "no side-by-side block: no peers run on them")
    }

    @Test func realSkillRunsShowTheLatestWholeAndEarlierPooled() throws {
        let results = try folder(["snips.json": """
            {"dataset": "snips", "model": "interaction-model.json", "intent_accuracy": 0.96, "exact_match": 0.83, "per_slot": {}}
            """])
        defer { try? FileManager.default.removeItem(at: results) }
        #expect(ReportDocument.render(try BenchResults.load(results: results, peers: nil)).contains("No real-skill results"))
        let folder = results.appendingPathComponent(BenchResults.skillsFolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func row(_ skill: String, _ locale: String, _ intent: Double) -> SkillsRun.Row {
            SkillsRun.Row(skill: skill, locale: locale, lines: 10, intentAccuracy: intent, slotPrecision: 0.5, slotRecall: 0.25,
                          slotF1: 1.0 / 3, exactMatch: 0.4, trainSeconds: nil)
        }
        let before = SkillsRun(label: "abc1234", command: "nlu-bench skills --tests T", skills: [row("o__pizza-skill__en-US", "en-US", 0.5)],
                               pooled: [row(SkillsRun.all, "", 0.5)])
        var after = before
        after.label = "current"
        after.skills = [row("o__pizza-skill__en-US", "en-US", 0.7)]
        after.pooled = [row(SkillsRun.all, "", 0.7)]
        for (name, run) in [("skills-abc1234.json", before), ("skills.json", after)] {
            try JSONEncoder().encode(run).write(to: folder.appendingPathComponent(name))
        }
        let loaded = try BenchResults.load(results: results, peers: nil)
        #expect(loaded.accuracy.map(\.dataset) == ["snips"], "not read as a data set")
        let report = ReportDocument.render(loaded)
        #expect(report.contains("## SkillNLU: real skills and what their users say"))
        #expect(report.contains("| o/pizza-skill | en-US | 10 | 70.00 | 50.00 | 25.00 | 33.33 | 40.00 |"), "the latest run, skill by skill")
        #expect(!report.contains("| o/pizza-skill | en-US | 10 | 50.00"), "an earlier run shows only its pooled rows")
        #expect(report.contains("| abc1234 | all | 10 | 50.00 | 33.33 | 40.00 |"))
        #expect(report.contains("| current | all | 10 | 70.00 | 33.33 | 40.00 |"))
        #expect(report.contains("Command: `nlu-bench skills --tests T`"))
    }

    @Test func aBrokenFileIsNamedWithWhatIsWrong() throws {
        let results = try folder(["snips.json": #"{"model": "interaction-model.json"}"#])
        defer { try? FileManager.default.removeItem(at: results) }
        #expect {
            try BenchResults.load(results: results, peers: nil)
        } throws: { error in
            guard case .unreadable(let path, let reason)? = error as? ReportError else { return false }
            return path.hasSuffix("snips.json") && reason.contains("dataset")
        }
    }

    @Test func aMissingResultsFolderIsAnErrorButMissingPeersAreNot() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        #expect(throws: ReportError.noFolder(path: missing.path)) {
            try BenchResults.load(results: missing, peers: nil)
        }
        let results = try folder([:])
        defer { try? FileManager.default.removeItem(at: results) }
        let loaded = try BenchResults.load(results: results, peers: missing)
        #expect(loaded.peers.isEmpty && loaded.accuracy.isEmpty)
    }
}
