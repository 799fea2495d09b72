import Foundation
import FuzzHarness
import Testing

/// Every input the fuzzers found (Fuzz/Corpus: new coverage; Fuzz/Regressions: inputs that once
/// crashed or broke an invariant, kept after the fix) runs again through the same checks as in
/// `make fuzz`, in every `swift test`.
@Suite struct FuzzCorpusTests {
    static let fuzzDirectory = ReliabilitySupport.packageRoot.appendingPathComponent("Fuzz")

    /// The checked-in inputs of one target.
    static func inputs(_ target: String) -> [(name: String, bytes: [UInt8])] {
        var inputs: [(String, [UInt8])] = []
        for folder in ["Corpus", "Regressions"] {
            let directory = fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) {
                    inputs.append(("\(folder)/\(target)/\(name)", [UInt8](data)))
                }
            }
        }
        return inputs
    }

    func replay(_ target: String, _ check: ([UInt8]) -> [String]) {
        let inputs = Self.inputs(target)
        for input in inputs {
            let problems = check(input.bytes)
            #expect(problems == [], "\(input.name)")
        }
    }

    @Test func importerCorpus() { replay("importer", ImporterFuzzer.violations) }
    @Test func classifierCorpus() { replay("classifier", ClassifierFuzzer.violations) }
    @Test func modelFileCorpus() { replay("modelfile", ModelFileFuzzer.violations) }

    @Test func everyTargetHasRegressionInputs() {
        for target in ["importer", "classifier", "modelfile"] {
            #expect(!Self.inputs(target).isEmpty, "no checked-in inputs for \(target): run make fuzz")
        }
    }

    /// The seeds `make fuzz` derives from a model at run time are small and valid models.
    @Test func derivedSeedsAreSmallModels() throws {
        let pizza = try [UInt8](Data(contentsOf: ReliabilitySupport.pizzaShopModel))
        let seeds = SeedCorpus.importerSeeds(fromModelJSON: pizza)
        #expect(seeds.count > 5)
        for seed in seeds {
            #expect(seed.count < pizza.count / 2)
            #expect(ImporterFuzzer.violations(seed) == [])
        }
        let utterances = SeedCorpus.classifierSeeds(fromModelJSON: pizza)
        #expect(utterances.count > 20 && utterances.allSatisfy { $0.first == 0 && !$0.contains(UInt8(ascii: "{")) })
    }
}
