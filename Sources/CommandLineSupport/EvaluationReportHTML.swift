import Foundation
import SkillNLU

/// An evaluation report as one self-contained HTML page: inline CSS and SVG, nothing fetched,
/// and readable without running any script.
///
/// It shows the overall figures; per-intent and per-slot precision, recall and F1 as plain
/// tables, worst first (a few lines of optional script sort them on a header click); the
/// intent confusion heat map (the most confused intents when there are many) with its counts
/// on hover and in tables; a histogram of the confidence of right and wrong answers and a
/// reliability diagram; the utterances that went wrong, with their alternatives and the layer
/// that decided; and the model's digest and the command that made it. The markup is
/// well-formed XML, so tests (and other tools) can parse it.
public enum EvaluationReportHTML {
    /// Wrong utterances listed at most (the JSON form keeps them all).
    public static let wrongLimit = 1000
    /// Confused pairs listed at most.
    static let pairLimit = 60

    public static func render(_ f: EvaluationFigures) -> String {
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
        h += "<title>NLU evaluation: \(escape(f.source.title))</title><style>\(style)</style></head><body>\n"
        h += header(f) + overall(f) + intentTable(f) + slotTable(f) + confusion(f) + confidence(f) + wrong(f)
        h += "<footer>SkillNLU \(escape(SkillNLUVersion.string))</footer>\n"
        h += "<script>//<![CDATA[\n\(sortScript)\n//]]></script>\n</body></html>\n"
        return h
    }

    static func header(_ f: EvaluationFigures) -> String {
        "<header><h1>NLU evaluation: \(escape(f.source.title))</h1><dl class=\"meta\">"
            + "<dt>annotations</dt><dd id=\"annotations\">\(escape(f.source.annotations))</dd>"
            + "<dt>model digest</dt><dd id=\"model-digest\"><code>\(escape(f.source.modelDigest))</code></dd>"
            + "<dt>command</dt><dd id=\"command\"><code>\(escape(f.source.command))</code></dd></dl></header>\n"
    }

    static func overall(_ f: EvaluationFigures) -> String {
        var cards: [(String, String, String)] = [
            ("utterances", "\(f.total)", "total"),
            ("intent accuracy", percent(f.intentAccuracy), "intent-accuracy"),
            ("macro intent F1", fixed(f.macroIntentF1), "macro-f1"),
            ("all right (intent and slots)", "\(f.passed) · \(percent(f.passRate))", "passed"),
        ]
        if f.slotTotal.expected + f.slotTotal.found > 0 {
            cards += [("slot precision", fixed(f.slotTotal.precision), "slot-precision"),
                      ("slot recall", fixed(f.slotTotal.recall), "slot-recall"),
                      ("slot F1", fixed(f.slotTotal.f1), "slot-f1")]
        }
        cards.append(("calibration error (ECE)", fixed(f.expectedCalibrationError), "ece"))
        let body = cards.map { "<div class=\"card\" id=\"\($0.2)\"><div class=\"value\">\(escape($0.1))</div><div class=\"name\">\(escape($0.0))</div></div>" }
        return "<section id=\"overall\"><h2>Overall</h2><div class=\"cards\">\(body.joined())</div></section>\n"
    }

    static func intentTable(_ f: EvaluationFigures) -> String {
        var h = "<section id=\"intents\"><h2>Intents</h2><p class=\"note\">Worst F1 first; support: utterances expecting the intent; "
            + "answered: utterances answered with it. Click a header to sort (the table reads the same without).</p>"
        h += "<table class=\"sortable\" id=\"intent-table\"><thead><tr><th>intent</th><th>precision</th><th>recall</th><th>F1</th>"
            + "<th>support</th><th>answered</th></tr></thead><tbody>"
        for s in f.intentScores {
            h += "<tr\(s.f1 < 1 ? " class=\"weak\"" : "")><td>\(escape(s.intent))</td>" + ratioCell(s.precision) + ratioCell(s.recall)
                + ratioCell(s.f1) + countCell(s.support) + countCell(s.predicted) + "</tr>"
        }
        return h + "</tbody></table></section>\n"
    }

    static func slotTable(_ f: EvaluationFigures) -> String {
        var h = "<section id=\"slots\"><h2>Slots</h2>"
        guard !f.slotScores.isEmpty else { return h + "<p class=\"note\">No slot values were expected or found.</p></section>\n" }
        h += "<p class=\"note\">Worst F1 first; values compared as the evaluation compares them.</p>"
        h += "<table class=\"sortable\" id=\"slot-table\"><thead><tr><th>slot</th><th>precision</th><th>recall</th><th>F1</th>"
            + "<th>expected</th><th>found</th><th>right</th></tr></thead><tbody>"
        for s in f.slotScores {
            h += "<tr\(s.count.f1 < 1 ? " class=\"weak\"" : "")><td>\(escape(s.slot))</td>" + ratioCell(s.count.precision)
                + ratioCell(s.count.recall) + ratioCell(s.count.f1) + countCell(s.count.expected) + countCell(s.count.found)
                + countCell(s.count.correct) + "</tr>"
        }
        return h + "</tbody></table></section>\n"
    }

    static func confusion(_ f: EvaluationFigures) -> String {
        let shown = f.heatMapIntents(limit: EvaluationCharts.heatMapLimit)
        var h = "<section id=\"confusion\"><h2>Intent confusion</h2><p class=\"note\">"
        if shown.count < f.intents.count {
            h += "The \(shown.count) of \(f.intents.count) intents most involved in confusions (their utterances answered "
                + "otherwise, or other intents' utterances answered with them); the last column counts answers with the intents "
                + "left out, and the pairs table lists every confusion. "
        }
        h += "Rows: the expected intent; columns: the answer. Blue: right; red: confused; a cell's shade is its share of the row. "
            + "Hover a cell for its count.</p>"
        if shown.isEmpty {
            h += "<p>No utterance was answered with another intent.</p>"
        } else {
            h += "<div class=\"figure\">\(EvaluationCharts.heatMap(f, shown: shown))</div>"
        }
        let pairs = f.confusedPairs
        if !pairs.isEmpty {
            h += "<h3>Confused pairs</h3><table class=\"sortable\" id=\"pair-table\"><thead><tr><th>expected</th><th>answered</th>"
                + "<th>count</th></tr></thead><tbody>"
            for p in pairs.prefix(pairLimit) {
                h += "<tr><td>\(escape(p.expected))</td><td>\(escape(p.actual))</td>\(countCell(p.count))</tr>"
            }
            h += "</tbody></table>"
            if pairs.count > pairLimit { h += "<p class=\"note\">… and \(pairs.count - pairLimit) more pairs (in the JSON report).</p>" }
        }
        if !shown.isEmpty { h += matrixTable(f, shown: shown) }
        return h + "</section>\n"
    }

    /// The heat map's counts as a table, folded away: rows expected, columns answered.
    static func matrixTable(_ f: EvaluationFigures, shown: [Int]) -> String {
        var h = "<details><summary>The heat map as a table</summary><div class=\"scroll\"><table id=\"matrix-table\"><thead><tr>"
            + "<th>expected \\ answered</th>"
        let others = shown.count < f.intents.count
        for p in shown { h += "<th>\(escape(f.intents[p]))</th>" }
        h += (others ? "<th>other intents</th>" : "") + "</tr></thead><tbody>"
        for g in shown {
            h += "<tr><th>\(escape(f.intents[g]))</th>"
            for p in shown { h += "<td class=\"\(g == p ? "diag" : (f.confusion[g][p] > 0 ? "off" : "zero"))\">\(f.confusion[g][p])</td>" }
            if others {
                let elsewhere = f.confusion[g].reduce(0, +) - shown.reduce(0) { $0 + f.confusion[g][$1] }
                h += "<td class=\"\(elsewhere > 0 ? "off" : "zero")\">\(elsewhere)</td>"
            }
            h += "</tr>"
        }
        return h + "</tbody></table></div></details>"
    }

    static func confidence(_ f: EvaluationFigures) -> String {
        "<section id=\"confidence\"><h2>Confidence</h2><p class=\"note\">How sure the model was of its answers, right and wrong, "
            + "and how often an answer of a given confidence was right (bars; the dashed line is perfect calibration). "
            + "Exact sample matches answer with confidence 1.</p><div class=\"figures\"><div class=\"figure\" id=\"histogram\">"
            + EvaluationCharts.histogram(f.confidenceBins) + "</div><div class=\"figure\" id=\"reliability\">"
            + EvaluationCharts.reliability(f.confidenceBins) + "</div></div></section>\n"
    }

    static func wrong(_ f: EvaluationFigures) -> String {
        let wrong = f.wrongAnswers
        var h = "<section id=\"wrong\"><h2>Wrong answers (\(wrong.count))</h2>"
        guard !wrong.isEmpty else { return h + "<p>Every utterance was answered as expected.</p></section>\n" }
        h += "<table id=\"wrong-table\"><thead><tr><th>utterance</th><th>expected</th><th>answered</th><th>alternatives</th>"
            + "<th>decided by</th></tr></thead><tbody>"
        for a in wrong.prefix(wrongLimit) {
            let place = a.place.isEmpty ? "" : "<div class=\"place\">\(escape(a.place))</div>"
            let alternatives = a.alternatives.map { "\(escape($0.name)) <span class=\"conf\">\(fixed($0.confidence))</span>" }
            h += "<tr><td>\(escape(a.utterance))\(place)</td>"
                + "<td>\(intentAndSlots(a.expectedIntent, a.expectedSlots, wrongIntent: false, other: a.foundSlots))</td>"
                + "<td>\(intentAndSlots(a.actualIntent, a.foundSlots, wrongIntent: !a.intentCorrect, other: a.expectedSlots)) "
                + "<span class=\"conf\">\(fixed(a.confidence))</span></td>"
                + "<td>\(alternatives.joined(separator: "<br/>"))</td><td>\(escape(layerName(a.decidedBy)))</td></tr>"
        }
        h += "</tbody></table>"
        if wrong.count > wrongLimit { h += "<p class=\"note\">… and \(wrong.count - wrongLimit) more (in the JSON report).</p>" }
        return h + "</section>\n"
    }

    /// An intent and its slot values; the values `other` lacks (by name and value, ignoring
    /// case) are marked, so that a slot missed or misread stands out on both sides.
    static func intentAndSlots(_ intent: String, _ slots: [EvaluationFigures.SlotPair], wrongIntent: Bool,
                               other: [EvaluationFigures.SlotPair]) -> String {
        let name = wrongIntent ? "<b class=\"bad\">\(escape(intent))</b>" : escape(intent)
        guard !slots.isEmpty else { return name }
        var unmatched = other.map { $0.name + "\u{0}" + $0.value.lowercased() }
        let shown = slots.map { pair -> String in
            let text = "\(escape(pair.name))=\u{201C}\(escape(pair.value))\u{201D}"
            if let k = unmatched.firstIndex(of: pair.name + "\u{0}" + pair.value.lowercased()) {
                unmatched.remove(at: k)
                return text
            }
            return "<span class=\"bad\">\(text)</span>"
        }
        return name + "<div class=\"slots\">" + shown.joined(separator: " ") + "</div>"
    }

    static func layerName(_ layer: DecisionLayer) -> String {
        switch layer {
        case .exact: return "exact sample"
        case .model: return "statistical model"
        case .elicitation: return "slot elicitation"
        case .fallback: return "fallback"
        case .matcher: return "app matcher"
        }
    }

    // MARK: Text

    static func ratioCell(_ v: Double) -> String { "<td class=\"num\" data-v=\"\(String(format: "%.4f", v))\">\(fixed(v))</td>" }
    static func countCell(_ n: Int) -> String { "<td class=\"num\" data-v=\"\(n)\">\(n)</td>" }

    /// `0.875` as `87.5 %`.
    static func percent(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
    /// `0.8754` as `0.875`.
    static func fixed(_ v: Double) -> String { String(format: "%.3f", v) }

    /// Text safe in HTML and XML content and attribute values.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters other than tab and line feeds are not allowed in XML.
                if c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" || (0xFFFE...0xFFFF).contains(c.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }
}
