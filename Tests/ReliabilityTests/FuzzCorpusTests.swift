import Foundation
import FuzzHarness
import SkillNLU
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

    /// The model-file corpus holds chunked files (whole, and as sections to seal again), one
    /// with a language-pack section, besides the format 6 inputs of before.
    @Test func theModelFileCorpusHasChunkedFilesWithEverySection() {
        let files = Self.inputs("modelfile").map { ModelFileFuzzer.fileBytes($0.bytes) }
        let chunked = files.filter { $0.count > 12 && $0[8] == UInt8(NLUModel.fileFormatVersion) && $0[0] == UInt8(ascii: "S") }
        #expect(chunked.count >= 4)
        let pack = Array("PACK".utf8)
        #expect(chunked.contains { file in (0..<(file.count - 4)).contains { Array(file[$0..<$0 + 4]) == pack } })
    }

    /// Each section of the seed models damaged behind valid checksums (a byte changed every so
    /// often, and cut short), as the fuzzer's sealed inputs do: refused or intact, in every run.
    @Test func damagedSectionsOfTheSeedsKeepTheInvariants() {
        for seed in ModelFileFuzzer.seeds where seed.first == 3 {
            let step = max(1, seed.count / 97)
            for i in stride(from: 1, to: seed.count, by: step) {
                var damaged = seed
                damaged[i] ^= 0x5A
                #expect(ModelFileFuzzer.violations(damaged) == [], "byte \(i) of a \(seed.count)-byte seed")
            }
            for cut in stride(from: 1, to: seed.count, by: step * 3) {
                #expect(ModelFileFuzzer.violations(Array(seed[0..<cut])) == [], "cut at \(cut)")
            }
        }
    }

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
