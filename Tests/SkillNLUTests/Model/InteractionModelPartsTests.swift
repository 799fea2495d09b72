import InteractionModel
import Testing
@testable import SkillNLU

/// The interaction model in parts reads back as the model it was written from, part by part
/// and whole, for any number of intents and types (none included).
@Suite struct InteractionModelPartsTests {
    static func parts(_ model: InteractionModel) throws -> InteractionModelParts {
        var w = BinaryWriter()
        InteractionModelParts.write(model, to: &w)
        var r = BinaryReader(w.bytes)
        let parts = try InteractionModelParts(reading: &r)
        #expect(r.remaining == 0)
        return parts
    }

    @Test func aModelReadsBackWholeAndPartByPart() throws {
        let model = Fixtures.coffee
        let parts = try Self.parts(model)
        #expect(try parts.model() == model)
        let intents = model.languageModel.intents, types = model.languageModel.types
        #expect(parts.intentCount == intents.count && parts.typeCount == types.count)
        for (i, intent) in intents.enumerated() { #expect(try parts.samples(ofIntent: i) == intent.samples) }
        for (t, type) in types.enumerated() { #expect(try parts.values(ofType: t) == type.values) }
    }

    @Test func aModelWithoutIntentsOrTypesReadsBack() throws {
        let empty = InteractionModel(languageModel: LanguageModel(intents: []), locale: "en-US")
        let parts = try Self.parts(empty)
        #expect(parts.intentCount == 0 && parts.typeCount == 0)
        #expect(try parts.model() == empty)
    }
}
