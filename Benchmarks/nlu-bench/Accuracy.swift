import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-bench accuracy`: trains from a data set's interaction model exactly as `nlu-train`
/// does by default, classifies a split and scores it with the data sets' own metrics (intent
/// accuracy, slot F1 over exact spans, exact match: Benchmarks/README.md).
struct Accuracy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train from a data set's interaction model and score a split.",
        discussion: """
        Scores intent accuracy, slot precision/recall/F1 (micro over (slot, value) multisets),
        sentence exact match, and for data with out-of-scope utterances in-scope accuracy and
        out-of-scope recall. Use --split dev to choose settings; test is for reporting only.

        Example:
          nlu-bench accuracy --dataset ../shared/datasets/snips --json snips.json
        """)

    @Option(help: "Data set folder (with interaction-model.json, test.jsonl, intent-map.json).")
    var dataset: String
    @Option(help: "Interaction model file in the data set folder.")
    var model = "interaction-model.json"
    @Option(help: "Split to score: test (report) or dev (choose settings).")
    var split = "test"
    @Option(help: "Write the totals and breakdowns as JSON here.")
    var json: String?
    @Option(help: ArgumentHelp("Write a self-contained HTML report of the scored split here (scored as above).", valueName: "file"))
    var report: String?
    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the HTML report's figures as JSON here.", valueName: "file"))
    var reportJSON: String?
    @Option(help: "Training seed.")
    var seed: UInt64 = 1
    @Flag(help: "Print every wrong utterance.")
    var errors = false
    @Flag(help: "Print training progress with timestamps.")
    var verbose = false
    @Option(help: ArgumentHelp("Override: generated utterances per intent at least (choosing settings on dev).", visibility: .hidden))
    var minPerIntent: Int?
    @Option(help: ArgumentHelp("Override: fillings per sample (choosing settings on dev).", visibility: .hidden))
    var fillings: Int?
    @Option(help: ArgumentHelp("Override: utterances each slot of an intent appears in at least (choosing settings on dev).", visibility: .hidden))
    var minPerSlot: Int?
    @Option(help: ArgumentHelp("Override: classifier utterances per intent at most (choosing settings on dev).", visibility: .hidden))
    var classifierCap: Int?
    @Option(help: ArgumentHelp("Override: intent classifiers averaged (choosing settings on dev).", visibility: .hidden))
    var classifierMembers: Int?
    @Option(help: ArgumentHelp("Override: linear intent classifiers of the second kind merged in (choosing settings on dev).", visibility: .hidden))
    var linearMembers: Int?
    @Option(help: ArgumentHelp("Override: generated fallback negatives per average intent (choosing settings on dev).", visibility: .hidden))
    var fallbackNegatives: Float?
    @Option(help: ArgumentHelp("Override: gazetteer dropout (choosing settings on dev).", visibility: .hidden))
    var gazetteerDropout: Float?
    @Option(help: ArgumentHelp("Override: slot tagger epochs (choosing settings on dev).", visibility: .hidden))
    var taggerEpochs: Int?
    @Option(help: ArgumentHelp("Override: slot tagger epochs whose weights are averaged, 0 for none (choosing settings on dev).", visibility: .hidden))
    var taggerAveraged: Int?
    @Option(help: ArgumentHelp("Override: whether slots of one kind in several roles share tagger weights, true or false (choosing settings on dev).", visibility: .hidden))
    var nameGrid: Bool?
    @Option(help: ArgumentHelp("Override: custom types of at most this many values keep their words in carrier phrases, 0 for none (choosing settings on dev).", visibility: .hidden))
    var carrierKept: Int?
    @Option(help: ArgumentHelp("Override: whether the fallback intent also learns everyday requests outside the skill, true or false (choosing settings on dev).", visibility: .hidden))
    var everydayNegatives: Bool?
    @Option(help: ArgumentHelp("Score the split again in each of these tiers (comma-separated: fast, auto, accurate) with the same trained model; the JSON keeps them under \"tiers\".", valueName: "tiers"))
    var tiers: String?
    @Option(help: ArgumentHelp("Reuse this trained model file when it exists (else train and write it there), to score several decision settings on dev without retraining.", visibility: .hidden))
    var trained: String?

    @OptionGroup var knowledge: KnowledgeOverrides

    func validate() throws {
        _ = try Self.tierList(tiers)
    }

    func run() throws {
        let ds = try Dataset(directory: URL(fileURLWithPath: dataset))
        let data = try Data(contentsOf: ds.modelURL(model))
        let interactionModel = try Importer.decode(data)
        var options = TrainingOptions()
        options.seed = seed
        if let minPerIntent { options.generation.minimumPerIntent = minPerIntent }
        if let fillings { options.generation.fillingsPerSample = fillings }
        if let minPerSlot { options.generation.minimumPerSlot = minPerSlot }
        if let classifierCap { options.classifierUtterancesPerIntent = classifierCap }
        if let classifierMembers { options.classifierMembers = classifierMembers }
        if let linearMembers { options.linearClassifierMembers = linearMembers }
        if let fallbackNegatives { options.fallbackNegatives = fallbackNegatives }
        if let gazetteerDropout { options.gazetteerDropout = gazetteerDropout }
        if let taggerEpochs { options.tagger.epochs = taggerEpochs }
        if let nameGrid { options.tagger.nameGrid = nameGrid }
        if let taggerAveraged { options.tagger.averagedEpochs = taggerAveraged }
        if let carrierKept { options.carrierKeptListLimit = carrierKept }
        if let everydayNegatives { options.everydayNegatives = everydayNegatives }
        knowledge.apply(to: &options)
        let start = Date()
        let verbose = self.verbose
        let nlu: NLUModel
        if let trained, FileManager.default.fileExists(atPath: trained) {
            nlu = try NLUModel(contentsOf: URL(fileURLWithPath: trained))
        } else {
            nlu = try NLUModel.train(from: interactionModel, options: options) { p in
                guard verbose else { return }
                let loss = p.loss.map { String(format: " loss %.4f", $0) } ?? ""
                BenchOutput.line(String(format: "  %6.2f s  %@ %d/%d%@ %@", Date().timeIntervalSince(start), p.stage.rawValue, p.epoch,
                             p.epochs, loss, p.detail))
            }
            if let trained { try nlu.write(to: URL(fileURLWithPath: trained)) }
        }
        let trainSeconds = Date().timeIntervalSince(start)
        let utterances = try ds.split(split)
        var answers: [EvaluationFigures.Answer] = []
        let context = knowledge.classificationContext
        let report = score(nlu, ds, utterances, context: context, answers: &answers)
        if self.report != nil || reportJSON != nil {
            let source = EvaluationSource(title: "\(ds.name) (\(model), \(split))",
                                          annotations: ds.directory.appendingPathComponent("\(split).jsonl").path,
                                          modelDigest: trained.flatMap(ModelDigest.ofFile(atPath:)) ?? ModelDigest.of(nlu),
                                          command: EvaluationReportFiles.commandLine())
            try EvaluationReportFiles.write(EvaluationFigures(answers: answers, source: source), html: self.report,
                                            json: reportJSON, tool: "nlu-bench")
        }
        BenchOutput.line(String(format: "%@ (%@, %@): trained in %.1f s", ds.name, model, split, trainSeconds))
        report.printSummary()
        if errors { report.printErrors() }
        let tierReports = try scoreTiers(nlu, ds, utterances, base: context, scored: report)
        if let json {
            var object = report.json
            object["dataset"] = ds.name
            object["model"] = model
            object["split"] = split
            object["train_seconds"] = trainSeconds
            object["tier"] = context.tier.rawValue
            if !tierReports.isEmpty {
                object["tiers"] = tierReports.map { tier, report -> [String: Any] in
                    var figures = report.json
                    figures["dataset"] = ds.name
                    figures["model"] = model
                    figures["tier"] = tier.rawValue
                    return figures
                }
            }
            let out = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            try out.write(to: URL(fileURLWithPath: json))
        }
    }

    /// Scores `utterances`, adding each one's answer for the HTML and JSON reports to `answers`.
    func score(_ nlu: NLUModel, _ ds: Dataset, _ utterances: [LabeledUtterance], context: ClassificationContext,
               answers: inout [EvaluationFigures.Answer]) -> AccuracyReport {
        var report = AccuracyReport()
        for u in utterances {
            let result = nlu.classify(u.text, context: context)
            let predicted = ds.label(ofIntent: result.intent?.name) ?? "(none)"
            // The data sets score every span (a multiset of pairs), so repeated spans of a
            // single-value slot count; the Alexa request carries only the first of them, which
            // `alexaPairs` scores as a second figure.
            let (alexaPairs, pairs) = Self.slotPairs(result)
            let expected = u.slots.map { ($0.slot, $0.value) }
            report.add(text: u.text, expectedIntent: u.intent, predictedIntent: predicted,
                       expectedSlots: expected, predictedSlots: pairs,
                       alexaSlots: alexaPairs)
            answers.append(Self.answer(u, result, predicted: predicted, expected: expected, found: pairs, label: ds.label(ofIntent:)))
        }
        return report
    }
}

/// Totals and breakdowns of one scored split.
struct AccuracyReport {
    var total = 0
    var intentCorrect = 0
    var exact = 0
    var slots = SlotScore()
    /// Slots as Alexa's request carries them: the first value of a single-value slot only.
    var alexaSlots = SlotScore()
    var perIntent: [String: (total: Int, correct: Int)] = [:]
    var perSlot: [String: SlotScore] = [:]
    var confusions: [String: Int] = [:]
    var inScope = (total: 0, correct: 0)
    var outOfScope = (total: 0, correct: 0)
    var wrong: [String] = []
    static let outOfScopeLabel = "oos"

    mutating func add(text: String, expectedIntent: String, predictedIntent: String,
                      expectedSlots: [(String, String)], predictedSlots: [(String, String)],
                      alexaSlots alexaPredicted: [(String, String)]) {
        total += 1
        let intentOK = expectedIntent == predictedIntent
        if intentOK { intentCorrect += 1 } else { confusions["\(expectedIntent) → \(predictedIntent)", default: 0] += 1 }
        perIntent[expectedIntent, default: (0, 0)].total += 1
        if intentOK { perIntent[expectedIntent, default: (0, 0)].correct += 1 }
        let slotsOK = slots.add(expected: expectedSlots, predicted: predictedSlots)
        alexaSlots.add(expected: expectedSlots, predicted: alexaPredicted)
        for name in Set(expectedSlots.map(\.0) + predictedSlots.map(\.0)) {
            perSlot[name, default: SlotScore()].add(expected: expectedSlots.filter { $0.0 == name },
                                                    predicted: predictedSlots.filter { $0.0 == name })
        }
        if intentOK && slotsOK { exact += 1 } else {
            let fmt = { (s: [(String, String)]) in s.map { "\($0.0)=\($0.1)" }.joined(separator: ", ") }
            wrong.append("\(text)\n    expected \(expectedIntent) [\(fmt(expectedSlots))]\n    got      \(predictedIntent) [\(fmt(predictedSlots))]")
        }
        if expectedIntent == Self.outOfScopeLabel {
            outOfScope.total += 1
            if intentOK { outOfScope.correct += 1 }
        } else {
            inScope.total += 1
            if intentOK { inScope.correct += 1 }
        }
    }

    /// Adds the counts of `other`, as if its utterances had been scored here (pooling skills).
    mutating func merge(_ other: AccuracyReport) {
        total += other.total
        intentCorrect += other.intentCorrect
        exact += other.exact
        slots.merge(other.slots)
        alexaSlots.merge(other.alexaSlots)
        for (intent, counts) in other.perIntent {
            perIntent[intent, default: (0, 0)].total += counts.total
            perIntent[intent, default: (0, 0)].correct += counts.correct
        }
        for (slot, score) in other.perSlot { perSlot[slot, default: SlotScore()].merge(score) }
        confusions.merge(other.confusions, uniquingKeysWith: +)
        inScope = (inScope.total + other.inScope.total, inScope.correct + other.inScope.correct)
        outOfScope = (outOfScope.total + other.outOfScope.total, outOfScope.correct + other.outOfScope.correct)
        wrong += other.wrong
    }

    var intentAccuracy: Double { Double(intentCorrect) / Double(max(total, 1)) }
    var exactMatch: Double { Double(exact) / Double(max(total, 1)) }
    var hasOutOfScope: Bool { outOfScope.total > 0 }
    var inScopeAccuracy: Double { Double(inScope.correct) / Double(max(inScope.total, 1)) }
    var outOfScopeRecall: Double { Double(outOfScope.correct) / Double(max(outOfScope.total, 1)) }
    var hasSlots: Bool { slots.expected > 0 }

    /// The totals: intent accuracy, slot figures, exact match, in-scope and out-of-scope.
    func printTotals(indent: String = "  ") {
        BenchOutput.line(indent + String(format: "utterances %d  intent accuracy %.2f %%", total, intentAccuracy * 100))
        if hasSlots {
            BenchOutput.line(indent + String(format: "slots: precision %.2f %%  recall %.2f %%  F1 %.2f %%", slots.precision * 100,
                         slots.recall * 100, slots.f1 * 100))
            if alexaSlots.f1 != slots.f1 {
                BenchOutput.line(indent + String(format: "slots as Alexa's request carries them (first value of a repeated slot): F1 %.2f %%",
                             alexaSlots.f1 * 100))
            }
        }
        BenchOutput.line(indent + String(format: "sentence exact match %.2f %%", exactMatch * 100))
        if hasOutOfScope {
            BenchOutput.line(indent + String(format: "in-scope accuracy %.2f %%  out-of-scope recall %.2f %%", inScopeAccuracy * 100,
                         outOfScopeRecall * 100))
        }
    }

    func printSummary() {
        printTotals()
        let worstIntents = perIntent.map { ($0.key, Double($0.value.correct) / Double($0.value.total), $0.value.total) }
            .sorted { $0.1 < $1.1 }.prefix(5)
        BenchOutput.line("  worst intents: " + worstIntents.map { String(format: "%@ %.1f %% (%d)", $0.0, $0.1 * 100, $0.2) }.joined(separator: ", "))
        if hasSlots {
            let worstSlots = perSlot.filter { $0.value.expected >= 5 }.map { ($0.key, $0.value.f1, $0.value.expected) }
                .sorted { $0.1 < $1.1 }.prefix(5)
            BenchOutput.line("  worst slots: " + worstSlots.map { String(format: "%@ F1 %.1f %% (%d)", $0.0, $0.1 * 100, $0.2) }.joined(separator: ", "))
        }
        let top = confusions.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(10)
        if !top.isEmpty {
            BenchOutput.line("  most frequent confusions:")
            for (k, v) in top { BenchOutput.line("    \(v)× \(k)") }
        }
    }

    func printErrors() {
        for w in wrong { BenchOutput.line(w) }
    }

    var json: [String: Any] {
        var o: [String: Any] = [
            "intent_accuracy": intentAccuracy,
            "slot_precision": slots.precision,
            "slot_recall": slots.recall,
            "slot_f1": slots.f1,
            "alexa_slot_f1": alexaSlots.f1,
            "exact_match": exactMatch,
            "utterances": total,
        ]
        if hasOutOfScope {
            o["in_scope_accuracy"] = inScopeAccuracy
            o["oos_recall"] = outOfScopeRecall
        }
        o["per_intent"] = Dictionary(uniqueKeysWithValues: perIntent.map {
            ($0.key, ["total": $0.value.total, "accuracy": Double($0.value.correct) / Double($0.value.total)] as [String: Any])
        })
        o["per_slot"] = Dictionary(uniqueKeysWithValues: perSlot.map {
            ($0.key, ["precision": $0.value.precision, "recall": $0.value.recall, "f1": $0.value.f1,
                      "expected": $0.value.expected] as [String: Any])
        })
        o["confusions"] = confusions.sorted { $0.value > $1.value }.prefix(10).map { ["pair": $0.key, "count": $0.value] as [String: Any] }
        return o
    }
}
