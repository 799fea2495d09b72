import Foundation

/// The inline SVG figures of ``EvaluationReportHTML``: the intent confusion heat map, the
/// confidence histogram of right and wrong answers, and the reliability diagram. Each
/// element that stands for a count carries a `<title>`, which a browser shows on hover.
enum EvaluationCharts {
    /// The most rows (and columns) a heat map draws; larger skills show their most confused intents.
    static let heatMapLimit = 30
    static let rightColour = "#3b6fb6"
    static let wrongColour = "#d1495b"

    // MARK: Heat map

    /// The confusion matrix of `shown` (indices into ``EvaluationFigures/intents``): rows the
    /// expected intent, columns the answer; a cell's colour is its share of the row, blue on
    /// the diagonal (right) and red off it (confused), the square root of the share so that
    /// rare confusions still show. When some intents are left out, a last column counts each
    /// row's utterances answered with one of them.
    static func heatMap(_ f: EvaluationFigures, shown: [Int]) -> String {
        let n = shown.count, others = shown.count < f.intents.count
        let cell = n <= 12 ? 40.0 : max(16, min(32, 760 / Double(n)))
        let longest = shown.map { min(f.intents[$0].count, 32) }.max() ?? 4
        let label = Double(longest) * 6.4 + 12
        let top = label * 0.72 + 28, left = label + 26
        let columns = Double(n) + (others ? 1.5 : 0)
        let width = left + columns * cell + label * 0.72 + 10, height = top + Double(n) * cell + 10
        var s = svgOpen(width: width, height: height, label: "Intent confusion heat map")
        s += text(x: 12, y: top + Double(n) * cell / 2, "expected", rotate: -90, anchor: "middle", cls: "axis")
        s += text(x: left + Double(n) * cell / 2, y: 14, "answered", anchor: "middle", cls: "axis")
        for (r, g) in shown.enumerated() {
            let y = top + Double(r) * cell
            s += labelText(f.intents[g], x: left - 6, y: y + cell / 2 + 4, anchor: "end")
            let support = f.confusion[g].reduce(0, +)
            for (c, p) in shown.enumerated() {
                s += heatCell(f.confusion[g][p], of: support, x: left + Double(c) * cell, y: y, size: cell, diagonal: g == p,
                              tip: "\(f.intents[g]) → \(f.intents[p])")
            }
            if others {
                let elsewhere = support - shown.reduce(0) { $0 + f.confusion[g][$1] }
                s += heatCell(elsewhere, of: support, x: left + (Double(n) + 0.5) * cell, y: y, size: cell, diagonal: false,
                              tip: "\(f.intents[g]) → intents not shown", cls: "cell-other")
            }
        }
        for (c, p) in shown.enumerated() {
            s += labelText(f.intents[p], x: left + Double(c) * cell + cell / 2, y: top - 6, anchor: "start", rotate: -45)
        }
        if others {
            s += labelText("other intents", x: left + (Double(n) + 1) * cell, y: top - 6, anchor: "start", rotate: -45)
        }
        return s + "</svg>"
    }

    /// One cell of the heat map: `count` of a row of `support` utterances, with its count on
    /// hover (and written in it when there is room).
    static func heatCell(_ count: Int, of support: Int, x: Double, y: Double, size: Double, diagonal: Bool, tip: String,
                         cls: String = "cell") -> String {
        let share = support == 0 ? 0 : Double(count) / Double(support)
        let fill = count == 0 ? "#f3f4f6" : shade(share.squareRoot(), diagonal: diagonal)
        let title = "\(tip): \(count) of \(support) (\(EvaluationReportHTML.percent(share)))"
        var s = "<rect class=\"\(cls)\" x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(size - 1))\" height=\"\(num(size - 1))\" "
            + "fill=\"\(fill)\" data-count=\"\(count)\"><title>\(escape(title))</title></rect>"
        if count > 0 && size >= 20 {
            let light = share.squareRoot() > 0.55 ? " light" : ""
            s += "<text x=\"\(num(x + (size - 1) / 2))\" y=\"\(num(y + size / 2 + 4))\" text-anchor=\"middle\" class=\"count\(light)\">"
                + "\(count)</text>"
        }
        return s
    }

    /// White to blue (right answers) or white to red (confusions) as `t` goes from 0 to 1.
    static func shade(_ t: Double, diagonal: Bool) -> String {
        let to: (Double, Double, Double) = diagonal ? (43, 98, 178) : (200, 40, 58)
        let from: (Double, Double, Double) = diagonal ? (232, 240, 250) : (253, 232, 228)
        let k = min(max(t, 0), 1)
        func mix(_ a: Double, _ b: Double) -> Int { Int((a + (b - a) * k).rounded()) }
        return String(format: "#%02x%02x%02x", mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
    }

    // MARK: Confidence

    /// Per confidence bin, a bar of right answers and one of wrong answers, with their counts.
    static func histogram(_ bins: [EvaluationFigures.ConfidenceBin]) -> String {
        let width = 540.0, height = 290.0, left = 44.0, bottom = 44.0, top = 40.0, right = 10.0
        let plotW = width - left - right, plotH = height - top - bottom
        let most = max(1, bins.map { max($0.right, $0.wrong) }.max() ?? 1)
        var s = svgOpen(width: width, height: height, label: "Confidence histogram of right and wrong answers")
        s += axes(left: left, top: top, plotW: plotW, plotH: plotH, yMax: Double(most), yIsCount: true)
        let group = plotW / Double(max(bins.count, 1)), bar = group * 0.38
        for (i, b) in bins.enumerated() {
            let x0 = left + Double(i) * group + group * 0.1
            for (k, (count, colour, word)) in [(b.right, rightColour, "right"), (b.wrong, wrongColour, "wrong")].enumerated() {
                let h = plotH * Double(count) / Double(most)
                let x = x0 + Double(k) * bar, y = top + plotH - h
                let tip = "confidence \(range(b)): \(count) \(word)"
                s += "<rect class=\"bar-\(word)\" x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(bar - 1))\" height=\"\(num(h))\" "
                    + "fill=\"\(colour)\" data-count=\"\(count)\"><title>\(escape(tip))</title></rect>"
                if count > 0 { s += text(x: x + bar / 2, y: y - 3, "\(count)", anchor: "middle", cls: "count") }
            }
        }
        for k in 0...bins.count where k % 2 == 0 || bins.count <= 10 {
            let v = bins.isEmpty ? 0 : (k < bins.count ? bins[k].lower : bins[bins.count - 1].upper)
            s += text(x: left + Double(k) * group, y: top + plotH + 14, String(format: "%.1f", v), anchor: "middle", cls: "tick")
        }
        s += text(x: left + plotW / 2, y: height - 8, "confidence of the answer", anchor: "middle", cls: "axis")
        s += legend(x: left + 4, y: 14)
        return s + "</svg>"
    }

    /// Accuracy against confidence per non-empty bin, beside the diagonal of perfect calibration.
    static func reliability(_ bins: [EvaluationFigures.ConfidenceBin]) -> String {
        let size = 300.0, left = 44.0, bottom = 44.0, top = 40.0, right = 10.0
        let plot = size - left - right
        let height = top + plot + bottom
        var s = svgOpen(width: size, height: height, label: "Reliability diagram: accuracy against confidence")
        s += axes(left: left, top: top, plotW: plot, plotH: plot, yMax: 1, yIsCount: false)
        for b in bins where b.count > 0 {
            let x = left + plot * b.lower, w = plot * (b.upper - b.lower)
            let h = plot * b.accuracy
            let tip = "confidence \(range(b)): \(b.count) answers, accuracy \(EvaluationReportHTML.percent(b.accuracy)), "
                + "mean confidence \(String(format: "%.3f", b.meanConfidence))"
            s += "<rect class=\"reliability\" x=\"\(num(x + 1))\" y=\"\(num(top + plot - h))\" width=\"\(num(w - 2))\" height=\"\(num(h))\" "
                + "fill=\"\(rightColour)\" fill-opacity=\"0.45\" data-accuracy=\"\(num(b.accuracy, 4))\"><title>\(escape(tip))</title></rect>"
            let cx = left + plot * b.meanConfidence, cy = top + plot - plot * b.meanConfidence
            s += "<circle cx=\"\(num(cx))\" cy=\"\(num(cy))\" r=\"3\" fill=\"#222\"><title>\(escape(tip))</title></circle>"
        }
        s += "<line x1=\"\(num(left))\" y1=\"\(num(top + plot))\" x2=\"\(num(left + plot))\" y2=\"\(num(top))\" stroke=\"#333\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>"
        for k in 0...5 {
            let v = Double(k) / 5
            s += text(x: left + plot * v, y: top + plot + 14, String(format: "%.1f", v), anchor: "middle", cls: "tick")
        }
        s += text(x: left + plot / 2, y: height - 8, "confidence (dot: mean of the bin)", anchor: "middle", cls: "axis")
        s += text(x: left, y: 14, "share of right answers per bin", anchor: "start", cls: "tick")
        return s + "</svg>"
    }

    // MARK: Pieces

    static func svgOpen(width: Double, height: Double, label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(width))\" height=\"\(num(height))\" "
            + "viewBox=\"0 0 \(num(width)) \(num(height))\" role=\"img\" aria-label=\"\(escape(label))\">"
    }

    /// The left axis with five ticks (counts or 0…1) and the bottom axis line.
    static func axes(left: Double, top: Double, plotW: Double, plotH: Double, yMax: Double, yIsCount: Bool) -> String {
        var s = ""
        for k in 0...4 {
            let v = yMax * Double(k) / 4, y = top + plotH - plotH * Double(k) / 4
            s += "<line x1=\"\(num(left))\" y1=\"\(num(y))\" x2=\"\(num(left + plotW))\" y2=\"\(num(y))\" stroke=\"#e5e7eb\"/>"
            let label = yIsCount ? (yMax < 4 && k % 4 != 0 ? "" : String(Int(v.rounded()))) : String(format: "%.2f", v)
            s += text(x: left - 6, y: y + 4, label, anchor: "end", cls: "tick")
        }
        s += "<line x1=\"\(num(left))\" y1=\"\(num(top + plotH))\" x2=\"\(num(left + plotW))\" y2=\"\(num(top + plotH))\" stroke=\"#555\"/>"
        s += "<line x1=\"\(num(left))\" y1=\"\(num(top))\" x2=\"\(num(left))\" y2=\"\(num(top + plotH))\" stroke=\"#555\"/>"
        return s
    }

    static func legend(x: Double, y: Double) -> String {
        "<rect x=\"\(num(x))\" y=\"\(num(y - 9))\" width=\"10\" height=\"10\" fill=\"\(rightColour)\"/>"
            + text(x: x + 14, y: y, "right intent", anchor: "start", cls: "tick")
            + "<rect x=\"\(num(x + 80))\" y=\"\(num(y - 9))\" width=\"10\" height=\"10\" fill=\"\(wrongColour)\"/>"
            + text(x: x + 94, y: y, "wrong", anchor: "start", cls: "tick")
    }

    /// An intent name, cut to 32 characters with the whole name on hover.
    static func labelText(_ name: String, x: Double, y: Double, anchor: String, rotate: Double? = nil) -> String {
        let shown = name.count > 32 ? String(name.prefix(31)) + "…" : name
        let turn = rotate.map { " transform=\"rotate(\(num($0)) \(num(x)) \(num(y)))\"" } ?? ""
        return "<text x=\"\(num(x))\" y=\"\(num(y))\" text-anchor=\"\(anchor)\" class=\"label\"\(turn)><title>\(escape(name))</title>"
            + "\(escape(shown))</text>"
    }

    static func text(x: Double, y: Double, _ content: String, rotate: Double? = nil, anchor: String, cls: String) -> String {
        let turn = rotate.map { " transform=\"rotate(\(num($0)) \(num(x)) \(num(y)))\"" } ?? ""
        return "<text x=\"\(num(x))\" y=\"\(num(y))\" text-anchor=\"\(anchor)\" class=\"\(cls)\"\(turn)>\(escape(content))</text>"
    }

    static func range(_ b: EvaluationFigures.ConfidenceBin) -> String {
        String(format: "%.1f–%.1f", b.lower, b.upper)
    }

    /// A coordinate with at most `digits` decimals and no trailing zeros.
    static func num(_ v: Double, _ digits: Int = 1) -> String {
        let scale = pow(10, Double(digits))
        let r = (v * scale).rounded() / scale
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    static func escape(_ s: String) -> String { EvaluationReportHTML.escape(s) }
}
