import ArgumentParser
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// `nlu-bench sizes`: where the bytes of a model file go — each section, and the tables of
/// the classifiers and the tagger — to decide which storage to change.
struct Sizes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the bytes each section and table of a model file takes.",
        discussion: """
        Example:
          nlu-bench sizes --dataset ../shared/datasets/snips --write /tmp/snips.nlu
          nlu-bench sizes --model-file /tmp/snips.nlu
        """)

    @Option(help: "Data set folder (trains its interaction model with the default options).") var dataset: String?
    @Option(help: "Interaction model file in the data set folder.") var model = "interaction-model.json"
    @Option(name: .customLong("model-file"), help: ArgumentHelp("A model file to measure instead of training one.", valueName: "file"))
    var modelFile: String?
    @Option(help: ArgumentHelp("Write the trained model here.", valueName: "file")) var write: String?

    func run() throws {
        let nlu: NLUModel
        if let modelFile {
            nlu = try NLUModel(contentsOf: URL(fileURLWithPath: modelFile))
        } else if let dataset {
            let ds = try Dataset(directory: URL(fileURLWithPath: dataset))
            nlu = try NLUModel.train(from: try Importer.decode(Data(contentsOf: ds.modelURL(model))))
        } else {
            throw ValidationError("give --dataset or --model-file")
        }
        if let write { try nlu.write(to: URL(fileURLWithPath: write)) }
        func mb(_ bytes: Int) -> String { String(format: "%8.3f MB", Double(bytes) / 1_000_000) }
        if let modelFile {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: modelFile)))
            BenchOutput.line("model file \(mb(bytes.count)) as stored")
            for s in ModelFileParts.storedSections(of: bytes) {
                BenchOutput.line("  stored  \(mb(s.bytes))  section \(s.tag) version \(s.version)")
            }
        }
        BenchOutput.line("model file \(mb(nlu.fileBytes().count)) as this version writes it")
        for part in nlu.fileSizeBreakdown { BenchOutput.line("  section \(mb(part.bytes))  \(part.part)") }
        let parts = ModelFileParts(nlu)
        for p in parts.parts { BenchOutput.line("  table   \(mb(p.bytes))  \(p.name), \(p.weights) weights") }
        func fractions(_ f: [(threshold: Float, fraction: Double)]) -> String {
            f.map { String(format: "< %.2f×max %.1f %%", $0.threshold, 100 * $0.fraction) }.joined(separator: ", ")
        }
        BenchOutput.line("  classifier linear weights small in their row: " + fractions(parts.linearSmallFraction))
        BenchOutput.line("  classifier embedding weights small in their row: " + fractions(parts.embeddingSmallFraction))
    }
}
