import BenchReport
import Testing

@Suite struct ReportDocumentTests {
    /// The lines of the side-by-side block of one data set and model.
    func block(_ document: String, _ heading: String) -> [Substring] {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring("### " + heading)) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    @Test func sideBySideRowsShowDifferencesAndRatios() throws {
        let results = BenchResults(accuracy: [Fixtures.ours(intent: 0.96, train: 20)], speed: [Fixtures.speed(intentP50Us: 10)],
                                   peers: [Fixtures.peers(rows: [Fixtures.logreg, Fixtures.crf])])
        let lines = block(ReportDocument.render(results), "snips · interaction-model.json")
        let header = try #require(lines.first { $0.hasPrefix("| engine") })
        let columns = header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let logreg = try #require(lines.first { $0.hasPrefix("| tfidf-logreg") })
        let cells = logreg.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        func cell(_ title: String) throws -> String { cells[try #require(columns.firstIndex(of: title))] }
        #expect(try cell("Δ intent") == "+1.00")
        #expect(try cell("train ours/theirs") == "2.0×")
        #expect(try cell("p50 ours/theirs") == "0.020×")
        #expect(try cell("Δ slot F1") == Format.missing)
        let ours = try #require(lines.first { $0.hasPrefix("| **SkillNLU**") })
        #expect(ours.contains("0.010 / 0.080"))   // intent only / with slots, in ms
    }

    @Test func missingPeersAndSkippedPeersAreSaid() {
        let results = BenchResults(accuracy: [Fixtures.ours("atis"), Fixtures.ours("snips")], speed: [],
                                   peers: [Fixtures.peers("snips", rows: [Fixtures.logreg, Fixtures.snipsSkipped])])
        let document = ReportDocument.render(results)
        let atis = block(document, "atis · interaction-model.json").joined(separator: "\n")
        #expect(atis.contains("No peer results for this data set and model"))
        let snips = block(document, "snips · interaction-model.json").joined(separator: "\n")
        #expect(snips.contains("snips-nlu — skipped: snips-nlu did not finish within --snips-timeout 1200 s"))
        #expect(snips.contains("No speed run of ours on this model"))
        #expect(snips.contains("nlu-bench export-training --dataset snips"))
    }

    @Test func aDataSetWithoutSlotsShowsOutOfScopeColumnsAndNoSlotColumns() throws {
        let clinc = AccuracyResult(dataset: "clinc150", model: "interaction-model.json", intentAccuracy: 0.84, exactMatch: 0.84,
                                   inScopeAccuracy: 0.92, oosRecall: 0.51, trainSeconds: 6, hasSlots: false)
        let peer = PeerRow(engine: "fasttext", task: .intent, intentAccuracy: 0.73, exactMatch: 0.73, inScopeAccuracy: 0.84,
                           oosRecall: 0.2, trainSeconds: 7.6, latencyP50Ms: 0.018, latencyP99Ms: 0.037)
        let document = ReportDocument.render(BenchResults(accuracy: [clinc], peers: [Fixtures.peers("clinc150", rows: [peer])]))
        let header = try #require(block(document, "clinc150 · interaction-model.json").first { $0.hasPrefix("| engine") })
        #expect(header.contains("OOS recall") && header.contains("Δ OOS"))
        #expect(!header.contains("slot F1") && !header.contains("exact"))
    }

    @Test func theRunIsNamedOrSaidToBeUnrecorded() {
        let record = RunRecord(date: "2026-11-22T06:00:00Z", commit: "abc1234", command: "make bench DATASETS=/data",
                               machine: .init(cpu: "AMD EPYC", cores: 2, memoryGiB: 24, system: "Linux 6.1 x86_64"),
                               durationSeconds: 600, loadAverage: [2, 3, 4])
        let named = ReportDocument.render(BenchResults(accuracy: [Fixtures.ours()], run: record))
        #expect(named.contains("- Commit: abc1234"))
        #expect(named.contains("`make bench DATASETS=/data` — 10.0 minutes"))
        #expect(named.contains("AMD EPYC, 2 cores, 24 GiB"))
        let unnamed = ReportDocument.render(BenchResults(accuracy: [Fixtures.ours()]))
        #expect(unnamed.contains("Not recorded"))
    }

    @Test func theFastTiersTrainingTimeIsShownWithTheHeadsBesideIt() throws {
        var withHead = Fixtures.speed("snips")
        withHead.trainSeconds = 6.5
        withHead.fastTierTrainSeconds = 4.7
        withHead.fastTierTrainCPUSeconds = 7.3
        let document = ReportDocument.render(BenchResults(accuracy: [Fixtures.ours()], speed: [withHead, Fixtures.speed("atis")]))
        let lines = document.split(separator: "\n")
        let top = try #require(lines.firstIndex { $0.hasPrefix("| data set | interaction model | train s") })
        let columns = lines[top].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        func cell(_ dataset: String, _ title: String) throws -> String {
            let row = try #require(lines[top...].first { $0.hasPrefix("| \(dataset) | ") })
            return row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[try #require(columns.firstIndex(of: title))]
        }
        #expect(try cell("snips", "fast tier train s") == "4.7")
        #expect(try cell("snips", "fast tier train CPU s") == "7.3")
        #expect(try cell("snips", "contextual head +s") == "1.8")
        // A run without a head has no fast-tier figure of its own.
        #expect(try cell("atis", "contextual head +s") == Format.missing)
        let noHead = ReportDocument.render(BenchResults(accuracy: [Fixtures.ours()], speed: [Fixtures.speed("atis")]))
        #expect(!noHead.contains("fast tier train s |"))
    }

    @Test func theSameResultsGiveTheSameDocument() {
        let results = BenchResults(accuracy: [Fixtures.ours(), Fixtures.ours("atis")], speed: [Fixtures.speed()],
                                   peers: [Fixtures.peers(rows: [Fixtures.logreg, Fixtures.crf])])
        let reordered = BenchResults(accuracy: results.accuracy.reversed(), speed: results.speed, peers: results.peers)
        #expect(ReportDocument.render(results) == ReportDocument.render(reordered))
    }
}
