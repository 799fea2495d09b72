import Foundation
@testable import SkillNLU

/// Writes a model as format 6 (or 7, with a language pack) laid it out, so that the tests of
/// the legacy reader can make files of the old formats from models trained now. SkillNLU
/// itself only writes the chunked format.
enum LegacyFormatWriter {
    /// The format 6 (7 with a pack) file of `model`.
    static func bytes(_ model: NLUModel) -> [UInt8] {
        let body = body(model)
        var file = BinaryWriter()
        for b in NLUModel.fileMagic { file.write(b) }
        file.write(UInt32(model.pack == nil ? 6 : 7))
        file.write(UInt32(0))
        file.write(UInt64(body.count))
        file.write(NLUModel.fileChecksum(body: body))
        return file.bytes + body
    }

    /// The body of a format 6 (or 7) file: the interaction model with its digest, the options,
    /// the fallback, the units, the compiled schema and the pack.
    static func body(_ model: NLUModel) -> [UInt8] {
        var body = BinaryWriter()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var modelPart = BinaryWriter()
        InteractionModelCoding.write(model.interactionModel, to: &modelPart)
        body.write(FileChecksum.hash(modelPart.bytes))
        body.write(bytes: Array((try? encoder.encode(model.trainingOptions)) ?? Data()))
        body.write(bytes: modelPart.bytes)
        model.fallback.encode(to: &body)
        body.write(model.trainingUtteranceCount)
        model.classifier.write(to: &body)
        model.tagger.write(to: &body)
        body.write(model.carrierClassifier != nil)
        model.carrierClassifier?.write(to: &body)
        body.write(NLUModel.compiledMagic)
        BuiltInSamplesSection(schema: model.schema).encode(to: &body)
        model.schema.gazetteer.write(to: &body)
        model.matcher.write(to: &body)
        return body.bytes + packBytes(model)
    }

    /// The pack's part at the end of a format 7 body (empty without a pack).
    static func packBytes(_ model: NLUModel) -> [UInt8] {
        guard let pack = model.pack else { return [] }
        var w = BinaryWriter()
        LanguagePackSection(pack: pack.pack, scorer: pack.scorer).encode(to: &w)
        return w.bytes
    }
}
