import BuiltInValues
import Foundation
import Testing
@testable import SkillNLU

/// Formats 2 to 6 of the model file (now read by the legacy reader only; the files are made
/// from models trained now by ``LegacyFormatWriter``): the compiled schema is stored (so loading compiles
/// nothing), the tagger's type agreement weights follow it (format 3), then the carrier
/// classifier (format 4), whose phrases may keep short lists' words (format 5), and the
/// probabilities a fallback taught by our negatives must reach (format 6); format 1 to 5
/// files still load, and a damaged compiled schema
/// behind a valid checksum is refused or harmless — never a crash.
@Suite struct ModelFileFormatTests {
    let model = Fixtures.coffeeModel
    /// Trained as models were before format 3: no type agreement weights nor carrier
    /// classifier, so that the same model can be written in the older formats.
    static let modelWithoutAgreement: NLUModel = {
        var options = Fixtures.fastOptions
        options.tagger.typeAgreement = false
        options.carrierClassifier = false
        return Fixtures.trained(options)
    }()
    /// Trained as models were before format 4: no carrier classifier.
    static let modelWithoutCarrier: NLUModel = {
        var options = Fixtures.fastOptions
        options.carrierClassifier = false
        return Fixtures.trained(options)
    }()
    static let probes = ["a latte please", "i want a large flat white", "where's my order", "venti caffe latte",
                         "can i get a grande mocha", "stop", "", "check my order"]

    /// Where the parts of a body start, read the way the loader reads them.
    struct Layout {
        var digest = 0
        var modelBytes: Range<Int> = 0..<0
        var compiled = 0
        /// The tagger's type agreement weights (their count and floats).
        var agreement: Range<Int> = 0..<0
        /// The carrier classifier (whether there is one, then the classifier).
        var carrier: Range<Int> = 0..<0
        /// The fallback's required probabilities (format 6: their count and floats).
        var required: Range<Int> = 0..<0

        init(body: [UInt8], version: UInt32 = 6) throws {
            var r = BinaryReader(body)
            _ = try r.readUInt64()
            _ = try r.readBytes()
            let modelStart = r.offset + 8
            let model = try r.readBytes()
            modelBytes = modelStart..<(modelStart + model.count)
            _ = try r.readBool()
            _ = try r.readInt()
            _ = try r.readFloats()
            let requiredStart = r.offset
            if version >= 6 { _ = try r.readFloats() }
            required = requiredStart..<r.offset
            _ = try r.readInt()
            _ = try IntentClassifier(reading: &r)
            let tagger = try SlotTagger(reading: &r, layout: .half)
            agreement = (r.offset - 8 - 4 * tagger.agreementWeights.count)..<r.offset
            let carrierStart = r.offset
            if try r.readBool() { _ = try IntentClassifier(reading: &r) }
            carrier = carrierStart..<r.offset
            compiled = r.offset
        }
    }

    func file(version: UInt32, body: [UInt8], checksum: UInt64) -> [UInt8] {
        var header = BinaryWriter()
        for b in NLUModel.fileMagic { header.write(b) }
        header.write(version)
        header.write(UInt32(0))
        header.write(UInt64(body.count))
        header.write(checksum)
        return header.bytes + body
    }

    /// `body` (of the current format) as format 5 wrote it: without the fallback's required
    /// probabilities.
    func formatFiveBody(_ body: [UInt8]) throws -> [UInt8] {
        var out = body
        out.removeSubrange(try Layout(body: body).required)
        return out
    }

    /// The same model as a format 5 file.
    func formatFive(_ bytes: [UInt8]) throws -> [UInt8] {
        let body = try formatFiveBody(Array(bytes[NLUModel.legacyHeaderSize...]))
        return file(version: 5, body: body, checksum: NLUModel.fileChecksum(body: body))
    }

    /// `body` (of the current format) as formats 1 to 4 wrote it: its interaction model in
    /// their coding (eight-byte counts and lengths) with the digest over that, and without the
    /// fallback's required probabilities.
    func withFixedLengths(_ body: [UInt8]) throws -> [UInt8] {
        let body = try formatFiveBody(body)
        var r = BinaryReader(body)
        _ = try r.readUInt64()
        _ = try r.readBytes()
        let start = r.offset
        let range = try r.readByteRange()
        var modelReader = r.reader(of: range)
        let model = try InteractionModelCoding.read(from: &modelReader)
        var fixed = BinaryWriter()
        InteractionModelCoding.write(model, to: &fixed, compact: false)
        var part = BinaryWriter()
        part.write(bytes: fixed.bytes)
        var digest = BinaryWriter()
        digest.write(FileChecksum.hash(fixed.bytes))
        var out = body
        out.replaceSubrange(start..<range.upperBound, with: part.bytes)
        out.replaceSubrange(0..<8, with: digest.bytes)
        return out
    }

    /// The length of the file `bytes` with its interaction model in the fixed-length coding.
    func fixedLengthCount(_ bytes: [UInt8]) throws -> Int {
        NLUModel.legacyHeaderSize + (try withFixedLengths(Array(bytes[NLUModel.legacyHeaderSize...]))).count
    }

    /// The same model as a format 3 file: no carrier classifier block.
    func formatThree(_ bytes: [UInt8]) throws -> [UInt8] {
        var body = try withFixedLengths(Array(bytes[NLUModel.legacyHeaderSize...]))
        body.removeSubrange(try Layout(body: body, version: 5).carrier)
        return file(version: 3, body: body, checksum: NLUModel.fileChecksum(body: body))
    }

    /// The same model as a format 2 file: no type agreement weights nor carrier block.
    func formatTwo(_ bytes: [UInt8]) throws -> [UInt8] {
        var body = try withFixedLengths(Array(bytes[NLUModel.legacyHeaderSize...]))
        let layout = try Layout(body: body, version: 5)
        body.removeSubrange(layout.agreement.lowerBound..<layout.carrier.upperBound)
        return file(version: 2, body: body, checksum: NLUModel.fileChecksum(body: body))
    }

    /// The same model as a format 1 file: no compiled schema nor type agreement weights,
    /// FNV-1a digest and checksum.
    func formatOne(_ bytes: [UInt8]) throws -> [UInt8] {
        var body = try withFixedLengths(Array(bytes[NLUModel.legacyHeaderSize...]))
        let layout = try Layout(body: body, version: 5)
        body.removeSubrange(layout.agreement.lowerBound...)
        var digest = BinaryWriter()
        digest.write(StableHash.hash(bytes: body[layout.modelBytes]))
        body.replaceSubrange(0..<8, with: digest.bytes)
        return file(version: 1, body: body, checksum: StableHash.hash(bytes: body))
    }

    /// `old`, the same model in an older format, loads as `model`: it writes the current file
    /// again (compiled schema included) and answers every probe alike.
    func expectLoadsAsTheSameModel(_ old: [UInt8], current bytes: [UInt8], model: NLUModel) throws {
        let loaded = try NLUModel(fileBytes: old)
        #expect(LegacyFormatWriter.bytes(loaded) == bytes)
        #expect(loaded.fileBytes() == model.fileBytes())
        for text in Self.probes { #expect(loaded.classify(text) == model.classify(text), "\(text)") }
    }

    /// The test writer of the old layout writes, byte for byte, what the SkillNLU before the
    /// chunked format wrote (its files in Tests/ReliabilityTests/Fixtures/LegacyModelFiles).
    @Test(arguments: [6, 7])
    func theLegacyWriterWritesWhatTheOldFormatWrote(format: Int) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ReliabilityTests/Fixtures/LegacyModelFiles/lamp.format\(format).nlu")
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(LegacyFormatWriter.bytes(try NLUModel(fileBytes: bytes)) == bytes)
    }

    @Test func aFormatOneFileLoadsAsTheSameModel() throws {
        let model = Self.modelWithoutAgreement
        let bytes = LegacyFormatWriter.bytes(model)
        let old = try formatOne(bytes)
        #expect(old.count < (try fixedLengthCount(bytes)))
        // Compiled again on loading.
        try expectLoadsAsTheSameModel(old, current: bytes, model: model)
    }

    @Test func aFormatTwoFileLoadsAsTheSameModel() throws {
        let model = Self.modelWithoutAgreement
        #expect(!model.tagger.usesTypeAgreement)
        let bytes = LegacyFormatWriter.bytes(model)
        let old = try formatTwo(bytes)
        #expect(old.count == (try fixedLengthCount(bytes)) - 9)
        try expectLoadsAsTheSameModel(old, current: bytes, model: model)
    }

    @Test func aFormatThreeFileLoadsAsTheSameModel() throws {
        let model = Self.modelWithoutCarrier
        #expect(model.carrierClassifier == nil && model.tagger.usesTypeAgreement)
        let bytes = LegacyFormatWriter.bytes(model)
        let old = try formatThree(bytes)
        #expect(old.count == (try fixedLengthCount(bytes)) - 1)
        try expectLoadsAsTheSameModel(old, current: bytes, model: model)
    }

    /// The same model as a format 4 file: stored options without ``TrainingOptions/carrierKeptListLimit``.
    func formatFour(_ bytes: [UInt8]) throws -> [UInt8] {
        var body = try withFixedLengths(Array(bytes[NLUModel.legacyHeaderSize...]))
        var r = BinaryReader(body)
        _ = try r.readUInt64()
        let start = r.offset
        var options = try JSONSerialization.jsonObject(with: Data(r.readBytes())) as! [String: Any]
        #expect(options.removeValue(forKey: "carrierKeptListLimit") != nil)
        var json = BinaryWriter()
        json.write(bytes: Array(try JSONSerialization.data(withJSONObject: options, options: [.sortedKeys])))
        body.replaceSubrange(start..<r.offset, with: json.bytes)
        return file(version: 4, body: body, checksum: NLUModel.fileChecksum(body: body))
    }

    @Test func theInteractionModelIsWrittenCompactly() throws {
        let bytes = LegacyFormatWriter.bytes(model)
        #expect(try fixedLengthCount(bytes) > bytes.count)
        for compact in [true, false] {
            var w = BinaryWriter()
            InteractionModelCoding.write(Fixtures.coffee, to: &w, compact: compact)
            var r = BinaryReader(w.bytes)
            let read = try InteractionModelCoding.read(from: &r, compact: compact)
            #expect(read == Fixtures.coffee && r.remaining == 0, "compact: \(compact)")
        }
    }

    @Test func aFormatFourFileKeepsNoWordsInItsCarriers() throws {
        // A model trained without kept words, as every format 4 model was, loads as itself.
        var options = Fixtures.fastOptions
        options.carrierKeptListLimit = 0
        let model = Fixtures.trained(options)
        #expect(model.carrierClassifier != nil && !model.carrierKept.contains(true))
        let bytes = LegacyFormatWriter.bytes(model)
        let old = try formatFour(bytes)
        let loaded = try NLUModel(fileBytes: old)
        #expect(loaded.trainingOptions.carrierKeptListLimit == 0 && !loaded.carrierKept.contains(true))
        try expectLoadsAsTheSameModel(old, current: bytes, model: model)
        // The current default keeps the coffee shop's short lists.
        #expect(Fixtures.coffeeModel.carrierKept.contains(true))
    }

    @Test func aFormatFiveFileLoadsAsTheSameModel() throws {
        // Every format 5 model's fallback (if any) took every answer it ranked first.
        let bytes = LegacyFormatWriter.bytes(model)
        let old = try formatFive(bytes)
        #expect(old.count == bytes.count - 8)
        try expectLoadsAsTheSameModel(old, current: bytes, model: model)
    }

    @Test func theFallbacksRequiredProbabilitiesSurviveTheRoundTripAndAreChecked() throws {
        let pizza = Fixtures.pizzaShopModel
        #expect(pizza.fallback.requiredProbabilities != nil)
        let bytes = LegacyFormatWriter.bytes(pizza)
        let loaded = try NLUModel(fileBytes: bytes)
        #expect(loaded.fallback == pizza.fallback)
        #expect(loaded.classify("who painted the mona lisa") == pizza.classify("who painted the mona lisa"))
        // Two probabilities instead of three, or one above 1, behind a valid checksum: refused.
        var body = Array(bytes[NLUModel.legacyHeaderSize...])
        let required = try Layout(body: body).required
        for damaged in [[Float(0.7), 0.5], [Float(0.7), 1.5, 0]] {
            var w = BinaryWriter()
            w.write(damaged)
            body.replaceSubrange(required, with: w.bytes)
            #expect(throws: ModelFileError.self) {
                try NLUModel(fileBytes: file(version: 6, body: body, checksum: NLUModel.fileChecksum(body: body)))
            }
            body = Array(bytes[NLUModel.legacyHeaderSize...])
        }
    }

    @Test func theCarrierClassifierSurvivesTheRoundTrip() throws {
        let carrier = try #require(model.carrierClassifier)
        #expect(model.trainingOptions.carrierClassifier == true)
        let bytes = LegacyFormatWriter.bytes(model)
        let loaded = try NLUModel(fileBytes: bytes)
        let loadedCarrier = try #require(loaded.carrierClassifier)
        let tokens = CarrierPhrase.tokens(Tokenizer(locale: "en-US").tokenize("a large latte"), labels: [0, 1, 3])
        #expect(loadedCarrier.probabilities(tokens) == carrier.probabilities(tokens))
        #expect(LegacyFormatWriter.bytes(loaded) == bytes)
        // A format 4 body read as format 3 leaves the carrier block behind: refused, never misread.
        let body = Array(bytes[NLUModel.legacyHeaderSize...])
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: file(version: 3, body: body, checksum: NLUModel.fileChecksum(body: body))) }
    }

    @Test func typeAgreementWeightsSurviveTheRoundTrip() throws {
        #expect(model.tagger.usesTypeAgreement)
        #expect(model.trainingOptions.tagger.typeAgreement == true)
        let bytes = LegacyFormatWriter.bytes(model)
        let loaded = try NLUModel(fileBytes: bytes)
        #expect(loaded.tagger.agreementWeights == model.tagger.agreementWeights)
        #expect(loaded.trainingOptions.tagger.typeAgreement == true)
        #expect(LegacyFormatWriter.bytes(loaded) == bytes)
        // A format 3 tagger read as format 2 leaves its weights behind: refused, never misread.
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: file(version: 2, body: Array(bytes[NLUModel.legacyHeaderSize...]),
                                                                                checksum: NLUModel.fileChecksum(body: Array(bytes[NLUModel.legacyHeaderSize...])))) }
    }

    @Test func theStoredCompiledSchemaAnswersLikeACompiledOne() throws {
        let loaded = try NLUModel(fileBytes: LegacyFormatWriter.bytes(model))
        for intent in Fixtures.coffee.languageModel.intents {
            for sample in intent.samples {
                let text = sample.replacingOccurrences(of: "{size}", with: "tall").replacingOccurrences(of: "{drink}", with: "cafe mocha")
                #expect(loaded.classify(text) == model.classify(text), "\(text)")
            }
        }
        #expect(loaded.schema.intents.map(\.sampleTexts) == model.schema.intents.map(\.sampleTexts))
        #expect(loaded.schema.intents.map { $0.samples.map(\.canonicalText) } == model.schema.intents.map { $0.samples.map(\.canonicalText) })
    }

    @Test func aFormatOneChecksumDoesNotPassForFormatTwo() throws {
        var bytes = LegacyFormatWriter.bytes(model)
        let body = Array(bytes[NLUModel.legacyHeaderSize...])
        var checksum = BinaryWriter()
        checksum.write(StableHash.hash(bytes: body))
        bytes.replaceSubrange(24..<32, with: checksum.bytes)
        #expect(throws: ModelFileError.checksumMismatch) { try NLUModel(fileBytes: bytes) }
    }

    /// Bytes all over the compiled schema changed (about 300 places, three changes each), the
    /// file's checksum made valid again: the loader refuses it with a ModelFileError or loads a
    /// model that still answers every probe.
    @Test func damageInTheCompiledSchemaIsRefusedOrHarmless() throws {
        let bytes = LegacyFormatWriter.bytes(model)
        let body = Array(bytes[NLUModel.legacyHeaderSize...])
        let start = try Layout(body: body).compiled
        var refused = 0
        let step = max(1, (body.count - start) / 300)
        for i in stride(from: start, to: body.count, by: step) {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = body
                damaged[i] ^= change
                do {
                    let loaded = try NLUModel(fileBytes: file(version: 6, body: damaged, checksum: NLUModel.fileChecksum(body: damaged)))
                    for text in Self.probes {
                        let r = loaded.classify(text)
                        #expect(r.text == text)
                    }
                } catch is ModelFileError {
                    refused += 1
                }
            }
        }
        #expect(refused > 0)
        for cut in stride(from: start, to: body.count, by: step) {
            let short = Array(body[..<cut])
            #expect(throws: ModelFileError.self) {
                try NLUModel(fileBytes: file(version: 6, body: short, checksum: NLUModel.fileChecksum(body: short)))
            }
        }
    }

    @Test func theChecksumCatchesEveryChangedByteAndLength() {
        var rng = SeededGenerator(seed: 3)
        let bytes = (0..<301).map { _ in UInt8(truncatingIfNeeded: rng.index(256)) }
        let h = FileChecksum.hash(bytes)
        for i in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[i] ^= 1 << bit
                #expect(FileChecksum.hash(damaged) != h, "byte \(i) bit \(bit)")
            }
        }
        #expect(FileChecksum.hash(bytes + [0]) != h)
        #expect(FileChecksum.hash(Array(bytes.dropLast())) != h)
    }
}
