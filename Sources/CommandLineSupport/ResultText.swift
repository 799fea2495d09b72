import SkillNLU

/// The human-readable view of a result that `nlu-classify --format text` prints.
public enum ResultText {
    public static func render(_ r: NLUResult) -> String {
        var lines = ["\"\(r.text)\"" + (r.truncated ? "  (truncated)" : "")]
        guard let intent = r.intent else {
            lines.append("  intent  (none: empty input)")
            return lines.joined(separator: "\n")
        }
        lines.append("  intent  \(intent.name)  \(percent(intent.confidence))  (\(r.decidedBy.rawValue))")
        if let sample = r.matchedSample { lines.append("  sample  \(sample)") }
        var first = true
        for s in r.slots {
            for v in s.values ?? [s] {
                var line = (first ? "  slots   " : "          ") + "\(s.name) = \"\(v.rawValue)\""
                if v.value != v.rawValue { line += " → \(v.value)" }
                if let resolved = v.resolvedValue {
                    line += " → \(resolved.name)" + (resolved.id.map { " [id \($0)]" } ?? "")
                } else if v.resolutions != nil {
                    line += " (no match)"
                }
                line += "  (\(v.type))"
                lines.append(line)
                first = false
            }
        }
        if !r.alternatives.isEmpty {
            lines.append("  also    " + r.alternatives.map { "\($0.name) \(percent($0.confidence))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    static func percent(_ p: Double) -> String {
        let v = (p * 1000).rounded() / 10
        return "\(v) %"
    }
}
