import Foundation

extension ReportDocument {
    /// The tiers in the order the report shows them: cheapest first.
    static let tierOrder = ["fast", "auto", "accurate"]

    /// Accuracy of each tier beside the reference engine's, and each tier's latency.
    static func tierSection(_ results: BenchResults) -> String {
        var out = "## SkillNLU: the classification tiers\n\n"
        let withTiers = results.accuracy.filter { !$0.tiers.isEmpty }
        guard !withTiers.isEmpty || results.speed.contains(where: { !$0.tierLatency.isEmpty }) else {
            return out + "No results per tier: `make bench` scores them for models with a contextual head.\n"
        }
        out += "Each trained model scored once per tier on `test.jsonl` (`nlu-bench accuracy --tiers fast,auto,accurate`: "
            + "one training, so the rows of a model differ by the tier alone). *fast* never runs the sentence encoder, "
            + "*auto* (the default, the figures above) runs it when the fast tier is unsure, *accurate* on every utterance "
            + "the exact layer does not answer. "
        if let run = results.referenceRun {
            out += "*before*: the engine before the language packs and the contextual tier (`make bench` on \(run.commit), "
                + "\(run.date), kept in `Benchmarks/results/reference`). "
        }
        out += "Δ in percentage points against *before*.\n\n"
        out += tierAccuracyTable(results.accuracy, reference: results.reference)
        if let latency = tierLatencyTable(results.speed) {
            out += "\nLatency per tier in µs, one thread, warm, one pass over the test split "
                + "(`nlu-bench speed`), intent only and with slots; *encoder ran* is the share of utterances "
                + "the auto tier sent to the encoder:\n\n"
                + latency
        }
        return out
    }

    static func tierAccuracyTable(_ results: [AccuracyResult], reference: [AccuracyResult]) -> String {
        var table = MarkdownTable(columns: [
            .init("data set", numeric: false), .init("interaction model", numeric: false), .init("tier", numeric: false),
            .init("intent acc."), .init("slot P", optional: true), .init("slot R", optional: true),
            .init("slot F1", optional: true), .init("slot F1, Alexa request", optional: true), .init("exact match"),
            .init("in-scope acc.", optional: true), .init("OOS recall", optional: true),
            .init("Δ intent", optional: true), .init("Δ slot F1", optional: true), .init("Δ in-scope", optional: true),
            .init("Δ OOS", optional: true),
        ])
        func row(_ r: AccuracyResult, _ tier: String, before: AccuracyResult?) -> [String] {
            func delta(_ ours: Double?, _ theirs: Double?) -> String {
                guard let ours, let theirs else { return Format.missing }
                return Format.points(ours - theirs)
            }
            return [r.dataset, r.model, tier, Format.percent(r.intentAccuracy), Format.percent(r.slotPrecision),
                    Format.percent(r.slotRecall), Format.percent(r.slotF1), Format.percent(r.alexaSlotF1),
                    Format.percent(r.exactMatch), Format.percent(r.inScopeAccuracy), Format.percent(r.oosRecall),
                    delta(r.intentAccuracy, before?.intentAccuracy), delta(r.slotF1, before?.slotF1),
                    delta(r.inScopeAccuracy, before?.inScopeAccuracy), delta(r.oosRecall, before?.oosRecall)]
        }
        let ordered = results.filter { !$0.tiers.isEmpty }
            .sorted { Comparison.Key(dataset: $0.dataset, model: $0.model) < Comparison.Key(dataset: $1.dataset, model: $1.model) }
        for r in ordered {
            let before = reference.first { $0.dataset == r.dataset && $0.model == r.model }
            if let before { table.append(row(before, "before", before: nil)) }
            let named = Set(r.tiers.compactMap(\.tier) + [r.tier].compactMap { $0 })
            for tier in tierOrder + named.subtracting(tierOrder).sorted() {
                guard let figures = r.figures(inTier: tier) else { continue }
                table.append(row(figures, tier, before: before))
            }
        }
        return table.render()
    }

    static func tierLatencyTable(_ results: [SpeedResult]) -> String? {
        let timed = results.filter { !$0.tierLatency.isEmpty }
            .sorted { Comparison.Key(dataset: $0.dataset, model: $0.model) < Comparison.Key(dataset: $1.dataset, model: $1.model) }
        guard !timed.isEmpty else { return nil }
        var table = MarkdownTable(columns: [
            .init("data set", numeric: false), .init("fast p50"), .init("fast p99"), .init("auto p50"), .init("auto p99"),
            .init("auto: encoder ran"), .init("accurate p50"), .init("accurate p99"), .init("auto p50 / fast p50"),
            .init("fast with slots p50"), .init("fast with slots p99"), .init("auto with slots p50"), .init("auto with slots p99"),
        ])
        for s in timed {
            let fast = s.latency(inTier: "fast"), auto = s.latency(inTier: "auto"), accurate = s.latency(inTier: "accurate")
            let us = { (v: Double?) in Format.number(v, "%.1f") }
            let ratio = fast.flatMap { f in auto.map { $0.latency.p50 / f.latency.p50 } }
            table.append([s.dataset, us(fast?.latency.p50), us(fast?.latency.p99), us(auto?.latency.p50), us(auto?.latency.p99),
                          Format.number(auto?.encoderShare.map { $0 * 100 }, "%.1f %%"), us(accurate?.latency.p50),
                          us(accurate?.latency.p99), Format.ratio(ratio),
                          us(fast?.withSlots?.p50), us(fast?.withSlots?.p99), us(auto?.withSlots?.p50), us(auto?.withSlots?.p99)])
        }
        return table.render()
    }
}
