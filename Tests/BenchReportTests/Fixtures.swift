import BenchReport

/// Small results built in code, so each test says the figures it depends on.
enum Fixtures {
    static func ours(_ dataset: String = "snips", model: String = "interaction-model.json", intent: Double = 0.96,
                     slotF1: Double? = 0.93, exact: Double = 0.84, train: Double = 20) -> AccuracyResult {
        AccuracyResult(dataset: dataset, model: model, intentAccuracy: intent, slotPrecision: slotF1, slotRecall: slotF1,
                       slotF1: slotF1, exactMatch: exact, trainSeconds: train, hasSlots: slotF1 != nil)
    }

    static func speed(_ dataset: String = "snips", intentP50Us: Double = 10, slotsP50Us: Double = 80,
                      bestOf: Bool = true) -> SpeedResult {
        let intent = Latency(p50: intentP50Us * 2, p99: intentP50Us * 10, max: intentP50Us * 100)
        let slots = Latency(p50: slotsP50Us * 2, p99: slotsP50Us * 10, max: slotsP50Us * 100)
        return SpeedResult(dataset: dataset, trainSeconds: 15, trainCPUSeconds: 14, modelBytes: 3_000_000, loadMs: 100,
                           intentLatency: intent, slotsLatency: slots,
                           intentLatencyBestOf: bestOf ? Latency(p50: intentP50Us, p99: intentP50Us * 4) : nil,
                           slotsLatencyBestOf: bestOf ? Latency(p50: slotsP50Us, p99: slotsP50Us * 4) : nil,
                           throughputPerSecond: 9000, peakResidentMB: 150,
                           blas: .init(blasUs: 2, loopUs: 20))
    }

    static func peers(_ dataset: String = "snips", model: String = "interaction-model.json", rows: [PeerRow]) -> PeerRun {
        PeerRun(dataset: dataset, model: model, date: "2026-11-22T05:00:00+00:00",
                machine: .init(cpu: "AMD EPYC", cores: 2, python: "3.11.7"),
                trainingData: .init(source: "jsonl", origin: "nlu-bench export-training --dataset \(dataset)",
                                    utterances: 30058, sha256: "abcdef0123456789"),
                bestIntentEngine: "tfidf-logreg", rows: rows)
    }

    static let logreg = PeerRow(engine: "tfidf-logreg", task: .intent, intentAccuracy: 0.95, trainSeconds: 10,
                                latencyP50Ms: 0.5, latencyP99Ms: 1.0)
    static let crf = PeerRow(engine: "crf", task: .slots, slotPrecision: 0.9, slotRecall: 0.9, slotF1: 0.9,
                             exactMatch: 0.80, trainSeconds: 200, latencyP50Ms: 0.16, latencyP99Ms: 0.64,
                             intentFrom: "tfidf-logreg")
    static let snipsSkipped = PeerRow(engine: "snips-nlu", task: nil, skipped: "snips-nlu did not finish within --snips-timeout 1200 s (stopped)")
}
