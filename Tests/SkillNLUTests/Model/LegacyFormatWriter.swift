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
        taggerHalf(model.tagger, to: &body)
        body.write(model.carrierClassifier != nil)
        model.carrierClassifier?.write(to: &body)
        body.write(NLUModel.compiledMagic)
        BuiltInSamplesSection(schema: model.schema).encode(to: &body)
        model.schema.gazetteer.write(to: &body)
        model.matcher.write(to: &body)
        return body.bytes + packBytes(model)
    }

    /// The tagger as formats 3 to 7 laid it out: two-byte labels and half-precision weights
    /// (exact for the byte-coded weights of today's taggers, so the model reads back alike).
    static func taggerHalf(_ t: SlotTagger, to w: inout BinaryWriter) {
        w.write(t.labelCount)
        let rows = ascendingKeys(t.rows)
        var header: [UInt8] = []
        for (a, k) in rows.keys.enumerated() {
            withUnsafeBytes(of: k.littleEndian) { header.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt16(rows.rowStart[a + 1] - rows.rowStart[a]).littleEndian) { header.append(contentsOf: $0) }
        }
        w.write(rows.keys.count)
        w.write(bytes: header)
        var labels: [UInt8] = []
        for l in rows.labels { withUnsafeBytes(of: UInt16(l).littleEndian) { labels.append(contentsOf: $0) } }
        w.write(bytes: labels)
        WeightCoding.write(rows.weights, precision: .float16, width: 1, to: &w)
        w.write(t.transitions)
        w.write(t.startScores)
        w.write(t.permitted.bits.map { Int($0 >> 32) } + t.permitted.bits.map { Int($0 & 0xFFFF_FFFF) })
        w.write(t.agreementWeights)
    }

    /// `rows` in ascending key order, as the writers of formats 1 to 7 stored them.
    static func ascendingKeys(_ rows: AttributeTable.Rows) -> AttributeTable.Rows {
        var sorted = AttributeTable.Rows(keys: [], rowStart: [0], labels: [], weights: [])
        for a in rows.keys.indices.sorted(by: { rows.keys[$0] < rows.keys[$1] }) {
            let range = Int(rows.rowStart[a])..<Int(rows.rowStart[a + 1])
            sorted.keys.append(rows.keys[a])
            sorted.labels += rows.labels[range]
            sorted.weights += rows.weights[range]
            sorted.rowStart.append(Int32(sorted.labels.count))
        }
        return sorted
    }

    /// The pack's part at the end of a format 7 body (empty without a pack).
    static func packBytes(_ model: NLUModel) -> [UInt8] {
        guard let pack = model.pack else { return [] }
        var w = BinaryWriter()
        LanguagePackSection(pack: pack.pack, scorer: pack.scorer).encode(to: &w)
        return w.bytes
    }
}
