import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A model file stores what loading would otherwise work out from the interaction model (spoken
/// ordinals, sample uses per type); loading with it answers exactly as working them out again.
@Suite struct CompiledSchemaLoadTests {
    static let positions = try! NLUModel.train(from: try! Importer.decode(Data(SpokenOrdinalsTests.json.utf8)),
                                              options: Fixtures.fastOptions)
    static let texts = ["read the second story", "open the fourth one", "details of the 3rd item", "stop", "read story five"]

    /// The file without its compiled schema, as an older SkillNLU wrote it.
    static func withoutCompiledSchema(_ bytes: [UInt8]) -> [UInt8] {
        var parts = ChunkedFileParts(bytes)
        parts.sections.removeAll { $0.tag == "SCHM" }
        return parts.sealed
    }

    @Test func aFileStoresTheCompiledSchemaAndLoadsAlikeWithoutIt() throws {
        for model in [Self.positions, Fixtures.coffeeModel] {
            let bytes = model.fileBytes()
            let parts = ChunkedFileParts(bytes)
            let schema = try #require(parts.sections.first { $0.tag == "SCHM" })
            #expect(schema.flags == 0, "optional: a reader without it works the facts out again")
            let stored = try NLUModel(fileBytes: bytes)
            let worked = try NLUModel(fileBytes: Self.withoutCompiledSchema(bytes))
            #expect(stored.schema.storedSampleUses != nil && worked.schema.storedSampleUses == nil)
            // Written again, both give the trained model's file: the facts are the same.
            #expect(stored.fileBytes() == bytes)
            #expect(worked.fileBytes() == bytes)
            for text in Self.texts + ["could i get a large latte", "is my coffee ready"] {
                #expect(stored.classify(text) == model.classify(text), "\(text)")
                #expect(worked.classify(text) == model.classify(text), "\(text)")
            }
        }
        #expect(try NLUModel(fileBytes: Self.positions.fileBytes()).schema.spokenForms.first?.map(\.text)
                == ["first", "second", "third", "fourth", "fifth"])
    }

    @Test func theGazetteerGivesTheListedTokensTokenizingTheFormsGives() throws {
        for model in [Self.positions, Fixtures.coffeeModel, Fixtures.pizzaShopModel] {
            var schema = try NLUModel(fileBytes: Self.withoutCompiledSchema(model.fileBytes())).schema
            let all = [Float](repeating: 1, count: schema.types.count)
            let tokenized = UnlistedValuePrior.listedTokens(schema: schema, penalties: all)
            schema.storedSampleUses = UnlistedValuePrior.sampleUses(schema: schema)
            #expect(UnlistedValuePrior.listedTokens(schema: schema, penalties: all) == tokenized)
            #expect(tokenized.contains { !$0.isEmpty })
            #expect(tokenized.allSatisfy { keys in zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } }, "ascending, each once")
            var some = all
            some[0] = 0
            #expect(UnlistedValuePrior.listedTokens(schema: schema, penalties: some)[0].isEmpty)
        }
    }

    @Test func loadingTakesTheStoredFactsAndRefusesOnesThatDoNotFit() throws {
        let bytes = Self.positions.fileBytes()
        func replaced(_ section: CompiledSchemaSection) -> [UInt8] {
            var parts = ChunkedFileParts(bytes)
            let at = parts.sections.firstIndex { $0.tag == "SCHM" }!
            var w = BinaryWriter()
            section.encode(to: &w)
            parts.sections[at].payload = w.bytes
            return parts.sealed
        }
        var r = BinaryReader(ChunkedFileParts(bytes).sections.first { $0.tag == "SCHM" }!.payload)
        let section = try CompiledSchemaSection.decode(from: &r, version: 1, context: Self.positions.interactionModel)
        var renamed = section
        renamed.spokenForms[0][0].text = "the very first"
        let read = try NLUModel(fileBytes: replaced(renamed))
        #expect(read.schema.types[0].values[0].name.synonyms == ["the very first"])
        var outOfRange = section
        outOfRange.spokenForms[0][0].value = 5
        #expect(throws: ModelFileError.corrupt("the compiled schema's ordinals")) { try NLUModel(fileBytes: replaced(outOfRange)) }
        var tooFew = section
        tooFew.sampleUses.removeLast()
        #expect(throws: ModelFileError.corrupt("the compiled schema's sample counts")) { try NLUModel(fileBytes: replaced(tooFew)) }
        var noTypes = section
        noTypes.spokenForms = []
        #expect(throws: ModelFileError.corrupt("the compiled schema's types")) { try NLUModel(fileBytes: replaced(noTypes)) }
    }
}
