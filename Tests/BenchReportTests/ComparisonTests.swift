import BenchReport
import Testing

@Suite struct ComparisonTests {
    @Test func intentEnginesAreComparedWithOurIntentOnlyLatency() throws {
        let c = Comparison(dataset: "snips", model: "interaction-model.json", ours: Fixtures.ours(train: 20),
                           speed: Fixtures.speed(intentP50Us: 10), peerRun: Fixtures.peers(rows: [Fixtures.logreg]))
        let row = try #require(c.rows.first)
        #expect(abs(try #require(row.intentAccuracyDifference) - 0.01) < 1e-12)
        #expect(row.trainTimeRatio == 2.0)                          // 20 s / 10 s
        #expect(abs(try #require(row.p50Ratio) - 0.02) < 1e-12)     // 0.010 ms / 0.5 ms
        #expect(abs(try #require(row.p99Ratio) - 0.04) < 1e-12)     // 0.040 ms / 1.0 ms
        #expect(row.slotF1Difference == nil)
        #expect(!c.usesPooledLatency)
    }

    @Test func slotTaggersAreComparedWithOurLatencyWithSlots() throws {
        let c = Comparison(dataset: "snips", model: "interaction-model.json", ours: Fixtures.ours(slotF1: 0.93, exact: 0.84),
                           speed: Fixtures.speed(slotsP50Us: 80), peerRun: Fixtures.peers(rows: [Fixtures.crf]))
        let row = try #require(c.rows.first)
        #expect(abs(try #require(row.p50Ratio) - 0.5) < 1e-12)      // 0.080 ms / 0.16 ms
        #expect(abs(try #require(row.slotF1Difference) - 0.03) < 1e-12)
        #expect(abs(try #require(row.exactMatchDifference) - 0.04) < 1e-12)
        #expect(row.intentAccuracyDifference == nil)                // the CRF predicts no intent of its own
        #expect(abs(try #require(row.trainTimeRatio) - 0.1) < 1e-12)
    }

    @Test func aSkippedPeerHasNoDifferencesOrRatios() throws {
        let c = Comparison(dataset: "atis", model: "interaction-model.json", ours: Fixtures.ours("atis"),
                           speed: Fixtures.speed("atis"), peerRun: Fixtures.peers("atis", rows: [Fixtures.snipsSkipped]))
        let row = try #require(c.rows.first)
        #expect(row.peer.skipped != nil)
        #expect(row.trainTimeRatio == nil && row.p50Ratio == nil && row.intentAccuracyDifference == nil)
    }

    @Test func withoutASpeedRunThereAreNoLatencyRatiosButTrainingStillCompares() throws {
        let c = Comparison(dataset: "snips", model: "interaction-model-70.json", ours: Fixtures.ours(model: "interaction-model-70.json"),
                           speed: nil, peerRun: Fixtures.peers(model: "interaction-model-70.json", rows: [Fixtures.logreg]))
        let row = try #require(c.rows.first)
        #expect(row.p50Ratio == nil && row.p99Ratio == nil)
        #expect(row.trainTimeRatio != nil)
    }

    @Test func olderSpeedResultsFallBackToPooledLatencyAndSaySo() throws {
        let c = Comparison(dataset: "snips", model: "interaction-model.json", ours: Fixtures.ours(),
                           speed: Fixtures.speed(intentP50Us: 10, bestOf: false), peerRun: Fixtures.peers(rows: [Fixtures.logreg]))
        #expect(c.usesPooledLatency)
        // The pooled p50 of the fixture is twice the best-of one: 0.020 ms / 0.5 ms.
        #expect(abs(try #require(c.rows.first?.p50Ratio) - 0.04) < 1e-12)
    }

    @Test func aDataSetWithoutSlotsHasNoSlotComparison() {
        let clinc = AccuracyResult(dataset: "clinc150", model: "interaction-model.json", intentAccuracy: 0.84,
                                   exactMatch: 0.84, inScopeAccuracy: 0.92, oosRecall: 0.51, trainSeconds: 6, hasSlots: false)
        let peer = PeerRow(engine: "tfidf-logreg", task: .intent, intentAccuracy: 0.80, exactMatch: 0.80,
                           inScopeAccuracy: 0.923, oosRecall: 0.274, trainSeconds: 80, latencyP50Ms: 0.9, latencyP99Ms: 1.1)
        let c = Comparison(dataset: "clinc150", model: "interaction-model.json", ours: clinc, speed: nil,
                           peerRun: Fixtures.peers("clinc150", rows: [peer]))
        #expect(!c.hasSlots)
        #expect(abs((c.rows[0].oosRecallDifference ?? 0) - 0.236) < 1e-9)
        #expect(abs((c.rows[0].inScopeAccuracyDifference ?? 0) - (-0.003)) < 1e-9)
    }

    @Test func everyDataSetAndModelOfEitherSideGetsOneComparisonInOrder() {
        let results = BenchResults(
            accuracy: [Fixtures.ours("snips", model: "interaction-model-70.json"), Fixtures.ours("snips"),
                       Fixtures.ours("atis")],
            speed: [Fixtures.speed("snips")],
            peers: [Fixtures.peers("snips", rows: [Fixtures.logreg]), Fixtures.peers("clinc150", rows: [Fixtures.logreg])])
        let all = Comparison.all(results)
        #expect(all.map { "\($0.dataset) \($0.model)" } == [
            "atis interaction-model.json", "clinc150 interaction-model.json",
            "snips interaction-model.json", "snips interaction-model-70.json",
        ])
        #expect(all[0].peerRun == nil)                    // ours without peers
        #expect(all[1].ours == nil)                       // peers without ours
        #expect(all[2].speed != nil && all[3].speed == nil)
    }
}
