import ArgumentParser
import CommandLineSupport
import Foundation
import SkillNLU

extension Accuracy {
    /// The tiers `--tiers` names, in the order given, each once.
    static func tierList(_ text: String?) throws -> [ClassificationContext.Tier] {
        guard let text else { return [] }
        var tiers: [ClassificationContext.Tier] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let tier = ClassificationContext.Tier(rawValue: name) else {
                throw ValidationError("--tiers: '\(name)' is not a tier (fast, auto, accurate)")
            }
            if !tiers.contains(tier) { tiers.append(tier) }
        }
        return tiers
    }

    /// The split scored again in each tier of `--tiers`, with the model already trained: the
    /// tiers differ only in when the contextual head is read, so one training serves them all
    /// and their figures differ by the tier alone. Prints each tier's intent and slot figures. A
    /// model without a contextual head answers alike in every tier: it is not scored again, nor
    /// is the split in the tier it was just scored in (`scored`).
    func scoreTiers(_ nlu: NLUModel, _ ds: Dataset, _ utterances: [LabeledUtterance],
                    base: ClassificationContext, scored: AccuracyReport) throws -> [(ClassificationContext.Tier, AccuracyReport)] {
        var reports: [(ClassificationContext.Tier, AccuracyReport)] = []
        let list = try Self.tierList(tiers)
        guard nlu.contextualHead != nil else {
            if !list.isEmpty { BenchOutput.line("  tiers: the model has no contextual head, so every tier answers alike; scored once") }
            return []
        }
        for tier in list {
            // The tier the split was just scored in is not scored twice.
            if tier == base.tier {
                BenchOutput.line("  tier \(tier.rawValue): as above")
                reports.append((tier, scored))
                continue
            }
            var context = base
            context.tier = tier
            var answers: [EvaluationFigures.Answer] = []
            let report = score(nlu, ds, utterances, context: context, answers: &answers)
            BenchOutput.line("  tier \(tier.rawValue):")
            report.printTotals(indent: "    ")
            reports.append((tier, report))
        }
        return reports
    }
}
