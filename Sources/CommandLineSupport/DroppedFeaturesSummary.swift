import SkillNLUTraining

/// The lines of `nlu-train`'s summary that say which features a model's classifiers left out
/// (``TrainingReport``): beyond 32 intents the rows have a budget and the carrier classifier
/// keeps only features two carrier phrases share, and a developer wondering why a rare word
/// does not count needs to know at which count the line was drawn.
///
/// Nothing is said when every feature training touched was kept, so a skill of ordinary size
/// has the summary it always had.
package enum DroppedFeaturesSummary {
    /// One line for the intent classifier (one per distinct selection when its members chose
    /// differently) and one for the carrier classifier, each only when it left rows out; with
    /// `verbose`, every member's selection below its line. Each line ends in a newline; empty
    /// when nothing was left out.
    package static func lines(_ report: TrainingReport, verbose: Bool) -> String {
        var text = ""
        let members = report.classifierMembers
        if members.contains(where: { $0.droppedRows > 0 }) {
            // The members see the same examples and hash alike, so they normally agree.
            var distinct: [FeatureSelection] = []
            for m in members where !distinct.contains(m) { distinct.append(m) }
            for selection in distinct where selection.droppedRows > 0 {
                let which = distinct.count == 1 ? ""
                    : " (member" + (members.filter { $0 == selection }.count == 1 ? " " : "s ")
                        + members.indices.filter { members[$0] == selection }.map { String($0 + 1) }.joined(separator: ", ") + ")"
                text += "  intent classifier\(which): " + summary(selection, of: "training utterances") + "\n"
            }
            if verbose {
                for (i, m) in members.enumerated() {
                    text += "    member \(i + 1) of \(members.count): " + detail(m, of: "training utterances") + "\n"
                }
            }
        }
        if let carrier = report.carrierClassifier, carrier.droppedRows > 0 {
            text += "  carrier classifier: " + summary(carrier, of: "carrier phrases") + "\n"
            if verbose { text += "    " + detail(carrier, of: "carrier phrases") + "\n" }
        }
        return text
    }

    /// "65,536-row budget kept features seen in ≥ 3 training utterances (60,348 of 144,056 rows)".
    static func summary(_ s: FeatureSelection, of examples: String) -> String {
        let cause = s.budgetRaisedThreshold ? s.rowBudget.map { "\(grouped($0))-row budget " } ?? "" : ""
        return cause + "kept features seen in ≥ \(s.threshold) \(examples) (\(grouped(s.keptRows)) of \(grouped(s.touchedRows)) rows)"
    }

    /// Every figure of one selection: the count used, the rows kept and touched, what the
    /// options' minCount alone keeps and the budget.
    static func detail(_ s: FeatureSelection, of examples: String) -> String {
        "features seen in ≥ \(s.threshold) \(examples), \(grouped(s.keptRows)) of \(grouped(s.touchedRows)) rows; "
            + "minCount \(s.minCount) alone keeps \(grouped(s.rowsAtMinCount))"
            + (s.rowBudget.map { ", budget \(grouped($0))" } ?? ", no budget")
    }

    /// `n` with a comma between groups of three digits, whatever the locale: 144,056.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
