import SkillNLU
import SkillNLUTraining

/// The human-readable view of a result that `nlu-classify --format text` prints.
public enum ResultText {
    public static func render(_ r: NLUResult, explanation: Explanation? = nil) -> String {
        var lines = ["\"\(r.text)\"" + (r.truncated ? "  (truncated)" : "")]
        guard let intent = r.intent else {
            lines.append("  intent  (none: empty input)")
            return lines.joined(separator: "\n")
        }
        let layer = r.matcher.map { "matcher \($0)" } ?? r.decidedBy.rawValue
        lines.append("  intent  \(intent.name)  \(percent(intent.confidence))  (\(layer))")
        if let sample = r.matchedSample { lines.append("  sample  \(sample)") }
        var first = true
        for s in r.slots {
            for v in s.values ?? [s] {
                lines.append((first ? "  slots   " : "          ") + slotLine(v))
                first = false
            }
        }
        for (k, v) in r.repeatedSlots.enumerated() {
            lines.append((k == 0 ? "  again   " : "          ") + slotLine(v) + "  (not in Alexa's request)")
        }
        if !r.alternatives.isEmpty {
            lines.append("  also    " + r.alternatives.map { "\($0.name) \(percent($0.confidence))" }.joined(separator: ", "))
        }
        if let e = explanation { lines += render(e) }
        return lines.joined(separator: "\n")
    }

    /// One slot value: `name = "raw" → value → resolved [id]  (type)`.
    private static func slotLine(_ v: SlotValue) -> String {
        var line = "\(v.name) = \"\(v.rawValue)\""
        if v.value != v.rawValue { line += " → \(v.value)" }
        if let resolved = v.resolvedValue {
            line += " → \(resolved.name)" + (resolved.id.map { " [id \($0)]" } ?? "")
        } else if v.resolutions != nil {
            line += " (no match)"
        }
        return line + "  (\(v.type))"
    }

    /// `--hypotheses`: the chosen reading, then every hypothesis with its joint score, best first.
    public static func render(_ n: NBestResult) -> String {
        var lines = [render(n.result)]
        lines.append("  heard   hypothesis \(n.chosenIndex + 1) of \(n.readings.count)")
        for r in n.readings {
            let score = (r.score.total * 100).rounded() / 100
            lines.append("          \(r.index + 1). \"\(r.hypothesis.text)\"  score \(score)  "
                + "(recogniser \(percent(r.recogniserConfidence)), \(r.result.intent?.name ?? "no intent"))")
        }
        return lines.joined(separator: "\n")
    }

    /// The `--explain` lines: which layer decided and why, the classifier's scores, how each
    /// slot was found, and the words that weigh most.
    static func render(_ e: Explanation) -> [String] {
        var lines: [String] = []
        var why: String
        switch e.decidedBy {
        case .exact: why = "exact match of a sample utterance"
        case .model: why = "statistical model"
        case .elicitation: why = "answer to the slot the dialog asked for"
        case .fallback: why = "fallback: nothing in the model was close enough"
        case .matcher: why = "the app's matcher \(e.matcher ?? "?")"
        }
        let steps = e.rules.compactMap(ruleText)
        if !steps.isEmpty { why += " — " + steps.joined(separator: "; ") }
        lines.append("  why     " + why)
        if let c = e.contextual {
            let unseen = c.unseenWordShare > 0 ? "; words it never saw: \(percent(c.unseenWordShare))" : ""
            lines.append("  encoder \(c.intent) \(percent(c.probability)) (fast tier: \(c.fastIntent)\(unseen))")
        }
        if !e.considered.isEmpty {
            lines.append("  scores  " + e.considered.map { "\($0.intent) \(percent($0.score))" }.joined(separator: ", "))
            let joint = e.considered.filter { $0.jointScore != nil }
            if joint.count > 1 {
                // Why the answer may not be the intent of the best score.
                lines.append("  joint   " + joint.map { c in
                    var parts = ["slots \(logValue(c.slotLogProbability ?? 0))"]
                    if let q = c.carrierProbability { parts.append("carrier \(percent(q))") }
                    return "\(c.intent) \(logValue(c.jointScore ?? 0)) (\(parts.joined(separator: ", ")))"
                }.joined(separator: ", "))
            }
        }
        for (k, s) in e.slots.enumerated() {
            var line = (k == 0 ? "  found   " : "          ") + "\(s.name): "
            switch s.foundBy {
            case .value: line += "listed value"
            case .synonym: line += "synonym"
            case .builtIn: line += "built-in parser (\(s.type))"
            case .freeText: line += "free text (\(s.type))"
            case .tagger: line += "tagger (not a listed value)"
            case .matcher: line += "the app's matcher"
            }
            line += s.fromSample ? ", in a sample" : s.foundBy == .matcher ? "" : ", by the model"
            if let name = s.resolvedName {
                line += "; resolves to \(name)" + (s.resolvedId.map { " [id \($0)]" } ?? "")
            } else if let status = s.resolution {
                line += "; \(status)"
            }
            lines.append(line)
        }
        if !e.features.isEmpty {
            let target = e.featuresFor.map { " (for \($0))" } ?? ""
            lines.append("  words   " + e.features.map { "\($0.feature) \(signed($0.weight))" }.joined(separator: ", ") + target)
        }
        return lines
    }

    /// One rule the engine applied, with the values it compared; nil for rules the layer's
    /// name already says (an exact match, an elicited answer).
    static func ruleText(_ r: DecisionRule) -> String? {
        let intent = r.intent ?? "?"
        func value(_ x: Double?) -> String { x.map(percent) ?? "?" }
        switch r.kind {
        case .elicitedSample: return "the answer spells a sample of the slot asked for"
        case .exactSample, .elicitedAnswer: return nil
        case .classifierBest: return "\(intent) is the classifier's best intent (\(value(r.value)))"
        case .jointBest: return "\(intent) has the highest joint score (\(r.value.map(logValue) ?? "?"))"
        case .fallbackSure:
            guard let t = r.threshold else { return "\(intent) ranks first and takes every answer it ranks first" }
            return "\(intent) is sure enough (\(value(r.value)) ≥ \(percent(t)) required)"
        case .fallbackUnsure: return "\(intent) is not sure enough (\(value(r.value)) < \(value(r.threshold)) required), so the best other intent"
        case .bestOther: return "\(intent) is the best other intent"
        case .noOtherIntent: return "there is no other intent"
        case .belowThreshold: return "\(intent) is below the fallback threshold (in-domain confidence \(value(r.value)) < \(value(r.threshold)))"
        case .aboveThreshold: return "\(intent) reaches the fallback threshold (in-domain confidence \(value(r.value)) ≥ \(value(r.threshold)))"
        case .matcherAnswer:
            let beat = r.threshold.map { ", surer than the model's \(percent($0))" } ?? ""
            return "matcher \(r.matcher ?? "?") answered \(intent) (\(value(r.value))\(beat))"
        case .matcherOutranked:
            return "matcher \(r.matcher ?? "?") answered \(intent) (\(value(r.value))), not surer than \(value(r.threshold))"
        case .matcherFailed: return "matcher \(r.matcher ?? "?") passed over: \(r.reason ?? "?")"
        }
    }

    static func percent(_ p: Double) -> String {
        let v = (p * 1000).rounded() / 10
        return "\(v) %"
    }

    /// A natural logarithm to two decimals ("-1.37").
    static func logValue(_ x: Double) -> String {
        let v = (x * 100).rounded() / 100
        return v == 0 ? "0.0" : "\(v)"
    }

    static func signed(_ w: Double) -> String {
        let v = (w * 100).rounded() / 100
        if v == 0 { return "0.0" }
        return v > 0 ? "+\(v)" : "\(v)"
    }
}
