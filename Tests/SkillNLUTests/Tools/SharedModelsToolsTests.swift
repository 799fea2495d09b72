import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The model tools that need no training run on every public model in
/// ../shared/interaction-models that imports: conflict detection and "what can I say".
@Suite(.enabled(if: SharedModels.available,
                "../shared/interaction-models not found beside the package (set SKILLNLU_SHARED to its path)"))
struct SharedModelsToolsTests {
    static var interactionModels: URL { SharedModels.directory }

    /// The models that import without errors.
    static let models: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: interactionModels.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().filter { file in
            (try? Importer.load(path: interactionModels.appendingPathComponent(file).path))?.isValid == true
        }
    }()

    @Test func mostModelsImport() {
        #expect(Self.models.count >= 25)
    }

    @Test(arguments: models)
    func conflictsPointAtRealSamples(_ file: String) throws {
        let model = try Importer.load(path: Self.interactionModels.appendingPathComponent(file).path).model
        for c in ConflictDetector(model: model).conflicts() {
            for place in [c.place, c.other] {
                let intent = model.languageModel.intents[place.intentIndex]
                #expect(intent.name == place.intent)
                if let s = place.sampleIndex {
                    let sample = try #require(intent.samples.indices.contains(s) ? intent.samples[s] : nil)
                    #expect((try? SampleTemplate(parsing: sample))?.canonicalText == place.sample, "\(file): \(place.path)")
                }
            }
            #expect(!c.utterance.isEmpty)
            #expect(c.place != c.other)
        }
    }

    @Test(arguments: models)
    func everyIntentWithSamplesHasExamples(_ file: String) throws {
        let model = try Importer.load(path: Self.interactionModels.appendingPathComponent(file).path).model
        let list = ExampleSelector(model: model).examples(perIntent: 3)
        let withSamples = Set(model.languageModel.intents.filter { !$0.samples.isEmpty && $0.name != "AMAZON.FallbackIntent" }.map(\.name))
        #expect(withSamples.isSubset(of: Set(list.map(\.intent))), "\(file)")
        for entry in list {
            #expect((1...3).contains(entry.examples.count), "\(file): \(entry.intent)")
            #expect(entry.examples.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        }
    }
}

/// Where the public interaction models are: `../shared/interaction-models` beside the package,
/// or under `$SKILLNLU_SHARED`.
enum SharedModels {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path).appendingPathComponent("interaction-models")
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/interaction-models")
    }()

    static var available: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("MANIFEST.tsv").path)
    }
}
