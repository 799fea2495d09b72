import Foundation
import Testing
@testable import SkillNLU

/// Format 2 of the model file: the compiled schema is stored (so loading compiles nothing),
/// format 1 files still load, and a damaged compiled schema behind a valid checksum is refused
/// or harmless — never a crash.
@Suite struct ModelFileFormatTests {
    let model = Fixtures.coffeeModel
    static let probes = ["a latte please", "i want a large flat white", "where's my order", "venti caffe latte",
                         "can i get a grande mocha", "stop", "", "check my order"]

    /// Where the parts of a body start, read the way the loader reads them.
    struct Layout {
        var digest = 0
        var modelBytes: Range<Int> = 0..<0
        var compiled = 0

        init(body: [UInt8]) throws {
            var r = BinaryReader(body)
            _ = try r.readUInt64()
            _ = try r.readBytes()
            let modelStart = r.offset + 8
            let model = try r.readBytes()
            modelBytes = modelStart..<(modelStart + model.count)
            _ = try r.readBool()
            _ = try r.readInt()
            _ = try r.readFloats()
            _ = try r.readInt()
            _ = try IntentClassifier(reading: &r)
            _ = try SlotTagger(reading: &r)
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

    /// The same model as a format 1 file: no compiled schema, FNV-1a digest and checksum.
    func formatOne(_ bytes: [UInt8]) throws -> [UInt8] {
        var body = Array(bytes[NLUModel.headerSize...])
        let layout = try Layout(body: body)
        body.removeSubrange(layout.compiled...)
        var digest = BinaryWriter()
        digest.write(StableHash.hash(bytes: body[layout.modelBytes]))
        body.replaceSubrange(0..<8, with: digest.bytes)
        return file(version: 1, body: body, checksum: StableHash.hash(bytes: body))
    }

    @Test func aFormatOneFileLoadsAsTheSameModel() throws {
        let bytes = model.fileBytes()
        let old = try formatOne(bytes)
        #expect(old.count < bytes.count)
        let loaded = try NLUModel(fileBytes: old)
        // Compiled again on loading, it writes the same format 2 file, compiled schema included.
        #expect(loaded.fileBytes() == bytes)
        for text in Self.probes { #expect(loaded.classify(text) == model.classify(text), "\(text)") }
    }

    @Test func theStoredCompiledSchemaAnswersLikeACompiledOne() throws {
        let loaded = try NLUModel(fileBytes: model.fileBytes())
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
        var bytes = model.fileBytes()
        let body = Array(bytes[NLUModel.headerSize...])
        var checksum = BinaryWriter()
        checksum.write(StableHash.hash(bytes: body))
        bytes.replaceSubrange(24..<32, with: checksum.bytes)
        #expect(throws: ModelFileError.checksumMismatch) { try NLUModel(fileBytes: bytes) }
    }

    /// Bytes all over the compiled schema changed (about 300 places, three changes each), the
    /// file's checksum made valid again: the loader refuses it with a ModelFileError or loads a
    /// model that still answers every probe.
    @Test func damageInTheCompiledSchemaIsRefusedOrHarmless() throws {
        let bytes = model.fileBytes()
        let body = Array(bytes[NLUModel.headerSize...])
        let start = try Layout(body: body).compiled
        var refused = 0
        let step = max(1, (body.count - start) / 300)
        for i in stride(from: start, to: body.count, by: step) {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = body
                damaged[i] ^= change
                do {
                    let loaded = try NLUModel(fileBytes: file(version: 2, body: damaged, checksum: NLUModel.fileChecksum(body: damaged)))
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
                try NLUModel(fileBytes: file(version: 2, body: short, checksum: NLUModel.fileChecksum(body: short)))
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
