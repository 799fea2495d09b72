import BenchReport
import Foundation
import Testing

/// The report's tier section, from JSON shaped as `nlu-bench accuracy --tiers` and
/// `nlu-bench speed` write it, with a reference run beside.
@Suite struct TierReportTests {
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tiers-\(UUID().uuidString)")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    /// The cells of the row whose first cells are `prefix`, by column title.
    func row(_ document: String, startingWith prefix: String) throws -> [String: String] {
        let lines = document.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(prefix) })
        let header = try #require(lines[..<index].last { $0.hasPrefix("| data set") })
        func cells(_ line: String) -> [String] {
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return Dictionary(zip(cells(header), cells(lines[index])), uniquingKeysWith: { a, _ in a })
    }

    static let snips = """
    {"dataset": "snips", "model": "interaction-model.json", "tier": "auto", "intent_accuracy": 0.97,
     "slot_precision": 0.94, "slot_recall": 0.93, "slot_f1": 0.935, "exact_match": 0.84, "train_seconds": 6,
     "per_slot": {"artist": {"f1": 0.9}},
     "tiers": [
       {"dataset": "snips", "model": "interaction-model.json", "tier": "fast", "intent_accuracy": 0.96,
        "slot_precision": 0.94, "slot_recall": 0.93, "slot_f1": 0.934, "exact_match": 0.83, "per_slot": {"artist": {}}},
       {"dataset": "snips", "model": "interaction-model.json", "tier": "accurate", "intent_accuracy": 0.98,
        "slot_precision": 0.94, "slot_recall": 0.93, "slot_f1": 0.936, "exact_match": 0.85, "per_slot": {"artist": {}}},
       {"dataset": "snips", "model": "interaction-model.json", "tier": "auto", "intent_accuracy": 0.97,
        "slot_precision": 0.94, "slot_recall": 0.93, "slot_f1": 0.935, "exact_match": 0.84, "per_slot": {"artist": {}}}]}
    """

    @Test func eachTierIsARowBesideTheReferenceWithDifferences() throws {
        let results = try folder([
            "snips.json": Self.snips,
            "reference/snips.json": """
            {"dataset": "snips", "model": "interaction-model.json", "intent_accuracy": 0.9643, "slot_precision": 0.94,
             "slot_recall": 0.93, "slot_f1": 0.9363, "exact_match": 0.8429, "per_slot": {"artist": {}}}
            """,
            "reference/run.json": """
            {"date": "2026-11-25T19:45:43Z", "commit": "2a183cd", "command": "make bench",
             "machine": {"cpu": "AMD EPYC", "cores": 2, "memory_gib": 23.5, "system": "Linux"}}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: results) }
        let loaded = try BenchResults.load(results: results, peers: nil)
        // The reference is read apart: it is not one of our current results.
        #expect(loaded.accuracy.count == 1 && loaded.reference.count == 1 && loaded.referenceRun?.commit == "2a183cd")
        #expect(loaded.accuracy[0].tiers.map(\.tier) == ["fast", "accurate", "auto"])
        let document = ReportDocument.render(loaded)
        #expect(document.contains("`make bench` on 2a183cd"))
        let before = try row(document, startingWith: "| snips | interaction-model.json | before")
        #expect(before["intent acc."] == "96.43" && before["slot F1"] == "93.63" && before["Δ intent"] == Format.missing)
        let fast = try row(document, startingWith: "| snips | interaction-model.json | fast")
        #expect(fast["intent acc."] == "96.00" && fast["Δ intent"] == "-0.43" && fast["Δ slot F1"] == "-0.23")
        let accurate = try row(document, startingWith: "| snips | interaction-model.json | accurate")
        #expect(accurate["intent acc."] == "98.00" && accurate["Δ intent"] == "+1.57" && accurate["slot F1"] == "93.60")
        // Cheapest first, each tier once (the top-level figures are the auto tier's too).
        let tierRows = document.split(separator: "\n").filter { $0.hasPrefix("| snips | interaction-model.json |") && $0.contains("| auto |") }
        #expect(tierRows.count == 1)
        let order = ["before", "fast", "auto", "accurate"].map { tier in
            document.range(of: "| snips | interaction-model.json | \(tier) |")!.lowerBound
        }
        #expect(order == order.sorted())
    }

    @Test func eachTiersLatencyIsShownWithTheEncodersShareAndTheRatio() throws {
        let results = try folder([
            "snips.json": Self.snips,
            "clinc150-speed.json": """
            {"dataset": "clinc150", "model": "interaction-model.json", "latency_intent_us": {"p50": 30, "p99": 3000},
             "latency_tiers_us": [
               {"tier": "fast", "p50": 19.2, "p99": 40, "max": 90, "cpu_p50": 19, "encoder_share": 0},
               {"tier": "accurate", "p50": 2000, "p99": 3100, "max": 4000, "cpu_p50": 1990, "encoder_share": 1},
               {"tier": "auto", "p50": 38.4, "p99": 3000, "max": 3900, "cpu_p50": 37, "encoder_share": 0.301}]}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: results) }
        let document = ReportDocument.render(try BenchResults.load(results: results, peers: nil))
        let clinc = try row(document, startingWith: "| clinc150 | 19.2")
        #expect(clinc["fast p50"] == "19.2" && clinc["auto p50"] == "38.4" && clinc["accurate p50"] == "2000.0")
        #expect(clinc["auto: encoder ran"] == "30.1 %" && clinc["auto p50 / fast p50"] == "2.0×")
        // Without a reference the section still shows the tiers, with no "before" row and no Δ columns.
        #expect(!document.contains("| before |"))
        let fast = try row(document, startingWith: "| snips | interaction-model.json | fast")
        #expect(fast["intent acc."] == "96.00" && fast["Δ intent"] == nil)
    }

    @Test func eachTiersLatencyWithSlotsIsShownWhenMeasured() throws {
        let results = try folder([
            "snips.json": Self.snips,
            "atis-speed.json": """
            {"dataset": "atis", "model": "interaction-model.json", "latency_intent_us": {"p50": 15, "p99": 3000},
             "latency_tiers_us": [
               {"tier": "fast", "p50": 10.1, "p99": 22.9, "encoder_share": 0, "slots_p50": 61.5, "slots_p99": 140.2},
               {"tier": "auto", "p50": 15.1, "p99": 3600, "encoder_share": 0.034, "slots_p50": 70.3, "slots_p99": 3700}]}
            """,
            "clinc150-speed.json": """
            {"dataset": "clinc150", "model": "interaction-model.json", "latency_intent_us": {"p50": 30, "p99": 3000},
             "latency_tiers_us": [{"tier": "fast", "p50": 19.2, "p99": 40, "encoder_share": 0}]}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: results) }
        let document = ReportDocument.render(try BenchResults.load(results: results, peers: nil))
        let atis = try row(document, startingWith: "| atis | 10.1")
        #expect(atis["fast with slots p50"] == "61.5" && atis["fast with slots p99"] == "140.2")
        #expect(atis["auto with slots p50"] == "70.3" && atis["auto with slots p99"] == "3700.0")
        // Results written before slots were timed per tier show a dash, not a zero.
        let clinc = try row(document, startingWith: "| clinc150 | 19.2")
        #expect(clinc["fast with slots p50"] == "–")
    }

    @Test func resultsWithoutTiersSayHowToGetThem() {
        let document = ReportDocument.render(BenchResults(accuracy: [Fixtures.ours()]))
        #expect(document.contains("No results per tier"))
    }
}
