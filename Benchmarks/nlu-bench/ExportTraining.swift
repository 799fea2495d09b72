import ArgumentParser
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-bench export-training`: the utterances SkillNLU generates from an interaction model,
/// as data-set jsonl, so that peer engines train on exactly the information ours gets.
struct ExportTraining: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-training",
        abstract: "Write the training utterances generated from an interaction model as jsonl.",
        discussion: """
        Example:
          nlu-bench export-training --dataset ../shared/datasets/snips --out snips-train.jsonl
        """)

    @Option(help: "Data set folder.") var dataset: String
    @Option(help: "Interaction model file in the data set folder.") var model = "interaction-model.json"
    @Option(help: "Output file (jsonl).") var out: String
    @Option(help: "Training seed (as nlu-train --seed).") var seed: UInt64 = 1

    func run() throws {
        let ds = try Dataset(directory: URL(fileURLWithPath: dataset))
        let interactionModel = try Importer.decode(Data(contentsOf: ds.modelURL(model)))
        var options = TrainingOptions()
        options.seed = seed
        let utterances = NLUModel.generatedTrainingData(for: interactionModel, options: options)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = ""
        for u in utterances { text += String(decoding: try encoder.encode(u), as: UTF8.self) + "\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        BenchOutput.line("\(ds.name) (\(model)): \(utterances.count) utterances → \(out)")
    }
}
