import SkillNLU
import SkillNLUTraining

/// Prints an ``EvaluationReport``: `text` for people (PASS/FAIL per annotation with expected
/// and actual, then pass rate, intent accuracy, slot F1 and the confusions), `jsonl` for
/// scripts (one object per annotation, then one `{"summary": …}`), `json` (one object with
/// `annotations` and `summary`).
public enum EvaluationOutput {
    public static func write(_ report: EvaluationReport, format: String) throws(StandardOutput.WriteError) {
        switch format {
        case "jsonl":
            var text = ""
            for o in report.outcomes {
                var j = JSONText()
                j.outcome(o)
                text += j.text + "\n"
                if text.utf8.count > 1 << 16 { try StandardOutput.write(text); text = "" }
            }
            var j = JSONText()
            j.object { o in o.key("summary") { $0.summary(report) } }
            try StandardOutput.write(text + j.text + "\n")
        case "json":
            var j = JSONText()
            j.object { o in
                o.key("annotations") { $0.array(report.outcomes) { $0.outcome($1) } }
                o.key("summary") { $0.summary(report) }
            }
            try StandardOutput.write(j.text + "\n")
        default:
            try StandardOutput.write(text(report))
        }
    }

    /// The text view.
    public static func text(_ report: EvaluationReport) -> String {
        var lines: [String] = []
        for o in report.outcomes {
            let actual = o.result.intent?.name ?? "(none)"
            if o.passed {
                lines.append("PASS  \"\(o.annotation.utterance)\"  \(actual)\(slotText(o.result))")
            } else {
                lines.append("FAIL  \"\(o.annotation.utterance)\"  (\(o.annotation.place))")
                lines.append("        expected  \(o.expectation.intent)\(expectedText(o.expectation))")
                lines.append("        actual    \(actual)\(slotText(o.result))")
                for p in o.problems {
                    switch p.kind {
                    case .missing: lines.append("        missing   \(p.slot) = \"\(p.expected ?? "")\"")
                    case .wrongValue: lines.append("        wrong     \(p.slot) = \"\(p.actual ?? "")\", expected \"\(p.expected ?? "")\"")
                    case .unexpected: lines.append("        extra     \(p.slot) = \"\(p.actual ?? "")\"")
                    }
                }
            }
        }
        lines.append("")
        lines.append("passed \(report.passed)/\(report.total) (\(percent(report.passRate))), intent accuracy \(percent(report.intentAccuracy)), "
                     + "slot F1 \(fixed(report.slotF1)) (precision \(fixed(report.slotPrecision)), recall \(fixed(report.slotRecall)))")
        let confusions = report.confusions
        if !confusions.isEmpty {
            lines.append("confusions (expected → actual):")
            for c in confusions.prefix(10) { lines.append("  \(c.expected) → \(c.actual)  \(c.count)") }
            if confusions.count > 10 { lines.append("  … and \(confusions.count - 10) more pairs") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func slotText(_ r: NLUResult) -> String {
        let values = r.slots.flatMap { $0.values ?? [$0] }
        guard !values.isEmpty else { return "" }
        return "  " + values.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ")
    }

    static func expectedText(_ e: Annotation.Expectation) -> String {
        guard !e.slots.isEmpty else { return "" }
        return "  " + e.slots.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ")
    }

    static func percent(_ p: Double) -> String { "\((p * 1000).rounded() / 10) %" }
    static func fixed(_ v: Double) -> String { "\((v * 1000).rounded() / 1000)" }
}

extension JSONText {
    mutating func outcome(_ o: AnnotationOutcome) {
        object { j in
            j.key("utterance") { $0.string(o.annotation.utterance) }
            j.key("place") { $0.string(o.annotation.place) }
            j.key("passed") { $0.raw(o.passed ? "true" : "false") }
            j.key("expected") { j in
                j.object { e in
                    e.key("intent") { $0.string(o.expectation.intent) }
                    e.key("slots") { j in
                        j.object { s in for slot in o.expectation.slots { s.key(slot.name) { $0.string(slot.value) } } }
                    }
                }
            }
            j.key("actual") { j in
                j.object { a in
                    a.key("intent") { j in if let i = o.result.intent { j.string(i.name) } else { j.raw("null") } }
                    a.key("confidence") { $0.number(((o.result.intent?.confidence ?? 0) * 10_000).rounded() / 10_000) }
                    a.key("slots") { j in
                        j.object { s in
                            for slot in o.result.slots { s.key(slot.name) { $0.string(slot.value) } }
                        }
                    }
                }
            }
            j.key("problems") { j in
                j.array(o.problems) { j, p in
                    j.object { po in
                        po.key("kind") { $0.string(p.kind.rawValue) }
                        po.key("slot") { $0.string(p.slot) }
                        if let e = p.expected { po.key("expected") { $0.string(e) } }
                        if let a = p.actual { po.key("actual") { $0.string(a) } }
                    }
                }
            }
        }
    }

    mutating func summary(_ r: EvaluationReport) {
        func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        object { s in
            s.key("annotations") { $0.number(r.total) }
            s.key("passed") { $0.number(r.passed) }
            s.key("passRate") { $0.number(rounded(r.passRate)) }
            s.key("intentAccuracy") { $0.number(rounded(r.intentAccuracy)) }
            s.key("slotPrecision") { $0.number(rounded(r.slotPrecision)) }
            s.key("slotRecall") { $0.number(rounded(r.slotRecall)) }
            s.key("slotF1") { $0.number(rounded(r.slotF1)) }
            s.key("confusions") { j in
                j.array(r.confusions) { j, c in
                    j.object { co in
                        co.key("expected") { $0.string(c.expected) }
                        co.key("actual") { $0.string(c.actual) }
                        co.key("count") { $0.number(c.count) }
                    }
                }
            }
        }
    }
}
