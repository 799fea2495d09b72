import Foundation
import InteractionModel
import Testing
import TestFixtures
@testable import SkillNLU

/// A loaded model file leaves its interaction model to be decoded on first use: loading and
/// classifying read the schema's outline, a type's values or an intent's samples are read from
/// their own part of the file when first needed, and the first call that needs the whole model
/// (the dialog model, ``NLUModel/interactionModel``) decodes all of it once.
@Suite struct DeferredInteractionModelTests {
    /// Utterances that match no sample exactly (an exact match names its sample's text) and fill
    /// no slot of a custom type (resolving a value reads the type's values).
    static let intentOnly = ["is my coffee ready yet", "zzz", "", "what can you do", "how long until my order is done"]
    static let fallbackOnly = ["zzz", "what is the capital of peru", "tell me a joke about dogs"]
    static let withSlots = ["could i get a large latte please", "i'd like two small mochas", "medium flat white with oat milk"]

    @Test func loadingAndClassifyingLeaveTheInteractionModelUndecoded() throws {
        let model = Fixtures.coffeeModel
        let loaded = try NLUModel(fileBytes: model.fileBytes())
        #expect(!loaded.isInteractionModelDecoded)
        var context = ClassificationContext()
        context.slotConfidence = true
        for text in Self.intentOnly {
            #expect(loaded.classify(text) == model.classify(text), "\(text)")
            #expect(loaded.classify(text, context: context) == model.classify(text, context: context), "\(text)")
        }
        let decoded = loaded.isInteractionModelDecoded
        #expect(!decoded, "classification reads the outline, not the interaction model")
        // The fallback's sensitivity too (PizzaShop has AMAZON.FallbackIntent).
        let pizza = try NLUModel(fileBytes: Fixtures.pizzaShopModel.fileBytes())
        for text in Self.fallbackOnly {
            #expect(pizza.classify(text) == Fixtures.pizzaShopModel.classify(text), "\(text)")
        }
        let pizzaDecoded = pizza.isInteractionModelDecoded
        #expect(!pizzaDecoded, "the fallback reads the outline's sensitivity")
        // A custom slot's value is resolved against the type's values: read then, answering alike.
        for text in Self.withSlots + Self.intentOnly {
            #expect(loaded.classify(text) == model.classify(text), "\(text)")
            #expect(loaded.classify(text, context: context) == model.classify(text, context: context), "\(text)")
        }
        for text in ["i'd like a large pepperoni pizza", "two medium pizzas with mushrooms and olives", "cancel that", "zzz"] {
            #expect(pizza.classify(text) == Fixtures.pizzaShopModel.classify(text), "\(text)")
        }
    }

    /// Resolving a custom slot's value reads that type's part of the file and an exact match
    /// names its sample from its intent's part, so the first utterances after a load decode no
    /// whole interaction model; every type's values and forms and every intent's samples read
    /// so are the trained schema's.
    @Test func typesAndSamplesAreReadFromTheirOwnParts() throws {
        for model in [Fixtures.coffeeModel, Fixtures.pizzaShopModel] {
            let loaded = try NLUModel(fileBytes: model.fileBytes())
            let samples = model.interactionModel.languageModel.intents.flatMap(\.samples).filter { !$0.contains("{") }.prefix(3)
            #expect(!samples.isEmpty)
            for text in Self.withSlots + Self.intentOnly + samples {
                #expect(loaded.classify(text) == model.classify(text), "\(text)")
            }
            for (a, b) in zip(loaded.schema.types, model.schema.types) {
                #expect(a.values == b.values, "\(a.name)")
                #expect(a.surfaceForms.map(\.text) == b.surfaceForms.map(\.text) && a.surfaceForms.map(\.value) == b.surfaceForms.map(\.value))
            }
            for (a, b) in zip(loaded.schema.intents, model.schema.intents) { #expect(a.sampleTexts == b.sampleTexts, "\(a.name)") }
            let decoded = loaded.isInteractionModelDecoded
            #expect(!decoded, "a type's values and an intent's samples come from their parts")
            #expect(loaded.interactionModel == model.interactionModel)
        }
    }

    @Test func theFirstUseDecodesTheTrainedInteractionModelAndSchema() throws {
        for model in [Fixtures.coffeeModel, Fixtures.pizzaShopModel] {
            let loaded = try NLUModel(fileBytes: model.fileBytes())
            #expect(loaded.interactionModel == model.interactionModel)
            #expect(loaded.isInteractionModelDecoded)
            for (a, b) in zip(loaded.schema.intents, model.schema.intents) {
                #expect(a.sampleTexts == b.sampleTexts && a.sampleCount == b.sampleCount && a.slots == b.slots)
            }
            for (a, b) in zip(loaded.schema.types, model.schema.types) {
                #expect(a.values == b.values && a.valueCount == b.valueCount, "\(a.name)")
                #expect(a.surfaceForms.map(\.text) == b.surfaceForms.map(\.text) && a.surfaceForms.map(\.value) == b.surfaceForms.map(\.value))
                #expect(a.surfaceFormCount == b.surfaceFormCount && a.builtInKind == b.builtInKind)
            }
            #expect(loaded.fileBytes() == model.fileBytes())
        }
    }

    /// An exact match names its sample, which decodes the interaction model; the answer is the trained one's.
    @Test func anExactMatchAnswersAlike() throws {
        let model = Fixtures.coffeeModel
        let loaded = try NLUModel(fileBytes: model.fileBytes())
        for text in ["where is my order", "stop", "a large latte please"] {
            #expect(loaded.classify(text) == model.classify(text), "\(text)")
        }
    }

    /// Threads sharing a loaded model decode its interaction model once and see the same one.
    @Test func threadsSharingALoadedModelSeeOneInteractionModel() async throws {
        let model = Fixtures.pizzaShopModel
        let loaded = try NLUModel(fileBytes: model.fileBytes())
        let expected = model.interactionModel
        let answers = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<16 {
                group.addTask {
                    k % 2 == 0 ? loaded.interactionModel == expected
                        : loaded.schema.types.allSatisfy { !$0.surfaceForms.isEmpty || $0.surfaceFormCount == 0 }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers.count == 16 && answers.allSatisfy { $0 })
    }

    /// A file without the outline (as every SkillNLU before it wrote) decodes its interaction model
    /// at load and answers as the same model loaded with its outline.
    @Test func aFileWithoutTheOutlineLoadsWholeAndAnswersAlike() throws {
        let old = try [UInt8](Data(contentsOf: FixtureFiles.url("ModelFiles/coffee-v8.nlu")))
        #expect(!ChunkedFileParts(old).tags.contains("OUTL"))
        let whole = try NLUModel(fileBytes: old)
        #expect(whole.isInteractionModelDecoded)
        let rewritten = whole.fileBytes()
        #expect(ChunkedFileParts(rewritten).tags.contains("OUTL"))
        let outlined = try NLUModel(fileBytes: rewritten)
        #expect(!outlined.isInteractionModelDecoded)
        let texts = Self.intentOnly + Self.withSlots + OlderModelFileTests.answers.map(\.text)
        for text in texts { #expect(outlined.classify(text) == whole.classify(text), "\(text)") }
        #expect(outlined.interactionModel == whole.interactionModel)
        var parts = ChunkedFileParts(rewritten)
        parts.sections.removeAll { $0.tag == "OUTL" }
        let without = try NLUModel(fileBytes: parts.sealed)
        #expect(without.isInteractionModelDecoded)
        for text in texts { #expect(without.classify(text) == whole.classify(text), "\(text)") }
    }

    /// Damage is refused at load, not at first use: the checksum covers the interaction model's
    /// bytes, and behind a valid checksum its deflate envelope and the outline are checked.
    @Test func aDamagedInteractionModelOrOutlineIsRefusedAtLoad() throws {
        let bytes = Fixtures.coffeeModel.fileBytes()
        let parts = ChunkedFileParts(bytes)
        let modl = try #require(parts.sections.first { $0.tag == "MODL" })
        var flipped = bytes
        flipped[modl.offset + 24 + 12] ^= 0x10
        #expect(throws: ModelFileError.sectionChecksumMismatch("the interaction model (section MODL)")) {
            try NLUModel(fileBytes: flipped)
        }
        var resealed = parts
        let i = resealed.sections.firstIndex { $0.tag == "MODL" }!
        // The first part's zlib header: after the counts of intents and types, the part's
        // length, its checksum and its stated length once inflated (``InteractionModelParts``).
        var r = BinaryReader(resealed.sections[i].payload)
        for _ in 0..<3 { _ = try r.readVarint() }
        let firstPart = r.offset + 8
        resealed.sections[i].payload[firstPart + 8] ^= 0x0F
        #expect(throws: ModelFileError.corrupt("the interaction model does not inflate")) { try NLUModel(fileBytes: resealed.sealed) }
        // Any byte of a part's stream, which would only be inflated on first use: refused at load
        // by the part's own checksum, even behind a section checksum made again.
        for at in stride(from: firstPart + 10, to: modl.payload.count, by: 7) {
            var damaged = parts
            damaged.sections[i].payload[at] ^= 0x5A
            #expect(throws: ModelFileError.self, "byte \(at)") { try NLUModel(fileBytes: damaged.sealed) }
        }
        var outline = parts
        let o = outline.sections.firstIndex { $0.tag == "OUTL" }!
        outline.sections[o].payload = Array(outline.sections[o].payload.prefix(20))
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: outline.sealed) }
    }

    /// A built-in list type's forms include our example values, which a newer SkillNLU may list
    /// differently from the one that trained the model: the first use still decodes, and the
    /// model answers with its trained counts.
    @Test func formsCountedOtherwiseThanAtTrainingStillDecode() throws {
        let model = Fixtures.pizzaShopModel
        var t = -1
        let loaded = try NLUModel(fileBytes: Self.fileBytes(model) { outline in
            t = try #require(outline.types.firstIndex { $0.surfaceFormCount > 0 })
            outline.types[t].surfaceFormCount += 1
        })
        #expect(loaded.interactionModel == model.interactionModel)
        #expect(loaded.schema.types[t].surfaceFormCount == model.schema.types[t].surfaceFormCount + 1)
    }

    /// `model`'s file with its outline section changed by `edit` and the file sealed again.
    static func fileBytes(_ model: NLUModel, editingOutline edit: (inout SchemaOutlineSection) throws -> Void) throws -> [UInt8] {
        var parts = ChunkedFileParts(model.fileBytes())
        let o = try #require(parts.sections.firstIndex { $0.tag == "OUTL" })
        var r = BinaryReader(parts.sections[o].payload)
        var outline = try SchemaOutlineSection.decode(from: &r, version: 1, context: ())
        try edit(&outline)
        var w = BinaryWriter()
        outline.encode(to: &w)
        parts.sections[o].payload = w.bytes
        return parts.sealed
    }

    /// An outline damaged behind its section checksum (or written by a faulty writer) that no
    /// longer fits the interaction model loads, and no first use traps: the model reads as the
    /// outline's names, each text list keeps the outline's count (padded with empty texts), and
    /// every utterance is answered before and after the whole model is asked for.
    @Test func anOutlineThatDoesNotFitItsModelAnswersByTheOutline() throws {
        var damaged: SchemaOutlineSection?
        var i = -1, t = -1
        let loaded = try NLUModel(fileBytes: Self.fileBytes(Fixtures.pizzaShopModel) { edited in
            i = try #require(edited.intents.firstIndex { !$0.isBuiltIn && !$0.slots.isEmpty })
            t = try #require(edited.types.prefix(edited.declaredTypeCount).firstIndex { $0.valueCount > 0 })
            edited.intents[i].name += "Renamed"
            edited.intents[i].sampleCount += 2
            edited.intents[i].ownSampleCount += 2
            edited.types[t].valueCount += 3
            damaged = edited
        })
        let outline = try #require(damaged)
        let texts = ["i'd like a large pepperoni pizza", "two medium pizzas with mushrooms and olives", "cancel that", "zzz"]
        for text in texts { _ = loaded.classify(text) }
        #expect(loaded.schema.types[t].values.count == outline.types[t].valueCount)
        #expect(loaded.schema.intents[i].sampleTexts.count == outline.intents[i].sampleCount)
        #expect(loaded.schema.intents[i].sampleTexts.suffix(2) == ["", ""])
        let names = loaded.interactionModel.languageModel.intents.map(\.name)
        #expect(names == outline.intents.map(\.name))
        #expect(loaded.interactionModel.languageModel.intents[i].samples.isEmpty)
        for text in texts { #expect(loaded.classify(text) == loaded.classify(text), "\(text)") }
        #expect(loaded.schema.types[t].values.count == outline.types[t].valueCount)
    }
}
