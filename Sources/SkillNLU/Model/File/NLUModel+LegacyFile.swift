import BuiltInValues
import Foundation
import InteractionModel

/// The reader of model files of formats 1 to 7, which laid the units out one after the other
/// behind a single header and checksum. Nothing writes them any more; files trained before the
/// chunked format (``ChunkedModelFile``) load here and answer as they did.
///
/// What each format added: 2 the compiled schema (built-in intents' effective samples, the
/// gazetteer trie, the compiled samples) and a faster checksum (format 1 is compiled on
/// loading and checked with FNV-1a); 3 the slot tagger's ``TypeAgreement`` weights; 4 the
/// carrier classifier after the tagger; 5 the same layout, but carrier phrases that may keep
/// short lists' words and the interaction model's counts as varints; 6 the probabilities a
/// fallback taught only by our negatives must reach; 7 (models with a language pack) the pack's
/// name and digest and the pack scorer after the compiled schema.
extension NLUModel {
    /// Bytes of a format 1 to 7 header: magic, format, a reserved word, body length, checksum.
    package static let legacyHeaderSize = 8 + 4 + 4 + 8 + 8
    /// Marks the compiled schema in a format 2 to 7 body ("SNCS").
    static let compiledMagic: UInt32 = 0x5343_4E53

    /// Reads a file of format `version` (1 to 7), its magic and format already checked.
    init(legacyFileBytes bytes: [UInt8], version: UInt32) throws {
        let headerSize = Self.legacyHeaderSize
        guard bytes.count >= headerSize else { throw ModelFileError.truncated(part: "the header") }
        var header = BinaryReader(bytes, offset: 12)
        _ = try header.readUInt32()
        let length = try header.readUInt64()
        let checksum = try header.readUInt64()
        guard UInt64(bytes.count - headerSize) >= length else { throw ModelFileError.truncated(part: "the body") }
        guard UInt64(bytes.count - headerSize) == length else { throw ModelFileError.corrupt("data after the end of the model") }
        let bodyHash = version == 1 ? StableHash.hash(bytes: bytes[headerSize...]) : FileChecksum.hash(bytes[headerSize...])
        guard bodyHash == checksum else { throw ModelFileError.checksumMismatch }

        var r = BinaryReader(bytes, offset: headerSize)
        r.part = "the model description"
        let digest = try r.readUInt64()
        let optionsJSON = try r.readBytes()
        let modelRange = try r.readByteRange()
        let modelHash = version == 1 ? StableHash.hash(bytes: bytes[modelRange]) : FileChecksum.hash(bytes[modelRange])
        guard modelHash == digest else { throw ModelFileError.corrupt("the interaction model's digest") }
        guard let options = try? JSONDecoder().decode(TrainingOptions.self, from: Data(optionsJSON)) else {
            throw ModelFileError.corrupt("the stored training options")
        }
        var modelReader = r.reader(of: modelRange)
        let model = try InteractionModelCoding.read(from: &modelReader, compact: version >= 5)
        guard modelReader.remaining == 0 else { throw ModelFileError.corrupt("data after the interaction model") }
        r.part = "the fallback settings"
        let hasFallback = try r.readBool()
        let fallbackIntent = try r.readInt()
        let thresholds = try r.readFloats()
        guard thresholds.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { throw ModelFileError.corrupt("the fallback thresholds") }
        let required = version >= 6 ? try FallbackPolicy.readRequiredProbabilities(&r) : nil
        let fallback = FallbackPolicy(intent: hasFallback ? fallbackIntent : nil, thresholds: thresholds, requiredProbabilities: required)
        let utteranceCount = try r.readInt()
        r.part = "the intent classifier"
        let classifier = try IntentClassifier(reading: &r)
        let tagger = try SlotTagger(reading: &r, agreementWeights: version >= 3, layout: .half)
        var carrier: IntentClassifier?
        if version >= 4 {
            r.part = "the carrier classifier"
            if try r.readBool() { carrier = try IntentClassifier(reading: &r) }
        }
        let schema: SkillSchema
        var matcher: ExactMatcher?
        if version == 1 {
            guard r.remaining == 0 else { throw ModelFileError.corrupt("data after the slot tagger") }
            schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale))
        } else {
            (schema, matcher) = try Self.readCompiledSchema(from: &r, model: model)
        }
        var pack: LanguagePackSection?
        if version >= 7 {
            pack = try LanguagePackSection.decode(from: &r, version: 1, context: ())
        }
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after the \(version >= 7 ? "language pack" : "compiled schema")") }
        try Self.checkFit(schema: schema, classifier: classifier, carrier: carrier, tagger: tagger, fallback: fallback,
                          packLabels: pack?.scorer.labelCount)
        self.init(interactionModel: model, trainingOptions: options.withStoredDefaults, schema: schema, classifier: classifier,
                  tagger: tagger, fallback: fallback, trainingUtteranceCount: utteranceCount, matcher: matcher,
                  carrierClassifier: carrier, pack: pack.map { ($0.pack, $0.scorer) })
    }

    /// The compiled schema of a format 2 to 7 body: the effective samples of the built-in
    /// intents, the gazetteer trie and the compiled samples of the exact layer.
    static func readCompiledSchema(from r: inout BinaryReader, model: InteractionModel) throws -> (SkillSchema, ExactMatcher) {
        r.part = "the compiled schema"
        guard try r.readUInt32() == compiledMagic else { throw ModelFileError.corrupt("the compiled schema's marker") }
        let builtIn = try BuiltInSamplesSection.decode(from: &r, version: 1, context: model)
        var schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale), builtInSamples: builtIn.byName,
                                 gazetteer: PhraseTrie())
        r.part = "the gazetteer"
        schema.gazetteer = try PhraseTrie(reading: &r, valueCounts: schema.gazetteerValueCounts)
        r.part = "the compiled samples"
        let matcher = try ExactMatcher(reading: &r, schema: schema)
        return (schema, matcher)
    }
}
