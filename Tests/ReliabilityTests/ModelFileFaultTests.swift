import Foundation
import FuzzHarness
import Testing
@testable import SkillNLU

/// Damaged model files: refused with a ``ModelFileError`` that says what to do — never a crash,
/// and never a model that answers differently from the one that was written.
@Suite struct ModelFileFaultTests {
    /// The tiny model of the model-file fuzz target: a few kilobytes, so every byte can be tried.
    static let bytes = ModelFileFuzzer.seedFile
    static let original = try! NLUModel(fileBytes: bytes)
    static let probes = ["turn on the kitchen light", "lights off", "switch on the lamp in the lounge", "", "what"]

    /// Loads `bytes`: a refusal must be a ModelFileError with a message that says what to do;
    /// a model that loads must be the original one.
    func expectRefusedOrIntact(_ bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let model = try NLUModel(fileBytes: bytes)
            #expect(Array(model.fileBytes()[NLUModel.headerSize...]) == Array(Self.bytes[NLUModel.headerSize...]),
                    "\(what): a damaged file loaded as a different model", sourceLocation: sourceLocation)
            for probe in Self.probes {
                #expect(model.classify(probe) == Self.original.classify(probe), "\(what)", sourceLocation: sourceLocation)
            }
        } catch let error as ModelFileError {
            let message = error.description
            #expect(message.contains("nlu-train") || message.contains("upgrade") || message.contains("give a file"),
                    "\(what): \(message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(what): threw \(type(of: error)), not a ModelFileError", sourceLocation: sourceLocation)
        }
    }

    @Test func everyTruncationIsRefused() {
        let bytes = Self.bytes
        for cut in 0..<bytes.count where cut < NLUModel.headerSize + 64 || cut % 5 == 0 || cut > bytes.count - 64 {
            #expect(throws: ModelFileError.self, "cut at \(cut)") { try NLUModel(fileBytes: Array(bytes[0..<cut])) }
        }
    }

    @Test func truncationSaysTruncated() {
        let bytes = Self.bytes
        #expect(throws: ModelFileError.truncated(part: "the header")) { try NLUModel(fileBytes: Array(bytes[0..<20])) }
        #expect(throws: ModelFileError.truncated(part: "the body")) { try NLUModel(fileBytes: Array(bytes.dropLast())) }
    }

    /// A flipped bit anywhere: in the header it is refused (magic, version, length, checksum)
    /// or harmless (the reserved word); in the body the checksum catches it — FNV-1a maps any
    /// change of one byte to a different checksum, since each step is a bijection of the state.
    @Test func everyFlippedBitIsRefusedOrHarmless() {
        let bytes = Self.bytes
        for i in 0..<NLUModel.headerSize {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[i] ^= 1 << bit
                expectRefusedOrIntact(damaged, "header byte \(i) bit \(bit)")
            }
        }
        for i in NLUModel.headerSize..<bytes.count {
            var damaged = bytes
            damaged[i] ^= 1 << (i % 8)
            #expect(throws: ModelFileError.checksumMismatch, "byte \(i)") { try NLUModel(fileBytes: damaged) }
        }
    }

    @Test func wrongMagicIsNotAModelFile() {
        let others: [[UInt8]] = [
            Array(#"{"interactionModel": {}}"#.utf8),
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64),
            Array("SKILLNLV".utf8) + Self.bytes.dropFirst(8),
            Array("skillnlu".utf8) + Self.bytes.dropFirst(8),
        ]
        for other in others {
            #expect(throws: ModelFileError.notAModelFile) { try NLUModel(fileBytes: other) }
        }
        #expect(ModelFileError.notAModelFile.description.contains("not a SkillNLU model file"))
    }

    @Test(arguments: [NLUModel.fileFormatVersion + 1, 9, UInt32.max])
    func newerVersionsAreRefusedWithAnUpgradeHint(version: UInt32) {
        var bytes = Self.bytes
        withUnsafeBytes(of: version.littleEndian) { bytes.replaceSubrange(8..<12, with: $0) }
        let error = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: bytes) }
        #expect(error == .newerFormat(found: version, supported: NLUModel.fileFormatVersion))
        #expect(error?.description.contains("upgrade SkillNLU") == true)
    }

    @Test func versionZeroIsCorrupt() {
        var bytes = Self.bytes
        bytes.replaceSubrange(8..<12, with: [0, 0, 0, 0])
        #expect(throws: ModelFileError.corrupt("format version 0")) { try NLUModel(fileBytes: bytes) }
    }

    @Test func aFileFromDiskIsCheckedTheSameWay() throws {
        let directory = try ReliabilitySupport.scratchDirectory("model-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.nlu")
        try Data(Self.bytes.prefix(100)).write(to: url)
        #expect(throws: ModelFileError.self) { try NLUModel(contentsOf: url) }
        #expect(throws: ModelIOError.self) { try NLUModel(contentsOf: directory.appendingPathComponent("missing.nlu")) }
        #expect(throws: ModelIOError.self) { try NLUModel(contentsOf: directory) }
    }

    // MARK: Damage behind a valid checksum

    /// Where the values that once turned answers into NaN sit in the body (found by reading it
    /// the way the loader does).
    struct Layout {
        var thresholds = 0
        var temperature = 0
        var firstEmbeddingWeight = 0
        var firstTaggerWeight = 0

        init(body: [UInt8]) throws {
            var r = BinaryReader(body)
            _ = try r.readUInt64()
            _ = try r.readBytes()
            _ = try r.readBytes()
            _ = try r.readBool()
            _ = try r.readInt()
            thresholds = r.offset + 8
            _ = try r.readFloats()
            _ = try r.readFloats()                    // the fallback's required probabilities
            _ = try r.readInt()
            _ = try r.readUInt32()
            _ = try r.readUInt32()
            _ = try r.readInt()
            _ = try r.readString()
            temperature = r.offset
            _ = try r.readFloat()
            _ = try r.readInt()                       // feature rows
            _ = try r.readInt()                       // rows with a linear row
            _ = try r.readBytes()                     // their buckets, run-length coded
            _ = try r.readInt()                       // half-precision weight count
            firstEmbeddingWeight = r.offset + 8       // after the byte count
            var whole = BinaryReader(body)
            _ = try whole.readUInt64(); _ = try whole.readBytes(); _ = try whole.readBytes()
            _ = try whole.readBool(); _ = try whole.readInt(); _ = try whole.readFloats(); _ = try whole.readFloats()
            _ = try whole.readInt()
            _ = try IntentClassifier(reading: &whole)
            _ = try whole.readInt()                    // labels
            _ = try whole.readInt()                    // attributes
            _ = try whole.readBytes()                  // attribute keys and row lengths
            _ = try whole.readBytes()                  // labels of the weights
            _ = try whole.readInt()                    // half-precision weight count
            _ = try whole.readBytes()                  // the weights
            firstTaggerWeight = whole.offset + 8       // the first transition score (32-bit)
        }
    }

    /// The model file with `change` applied to its body, checksum made valid again.
    func rewritten(_ change: (inout [UInt8], Layout) throws -> Void) throws -> [UInt8] {
        var body = Array(Self.bytes[NLUModel.headerSize...])
        try change(&body, try Layout(body: body))
        return ModelFileFuzzer.file(body: body)
    }

    @Test func theLayoutReadsTheRealValues() throws {
        let body = Array(Self.bytes[NLUModel.headerSize...])
        let layout = try Layout(body: body)
        var r = BinaryReader(body, offset: layout.temperature)
        #expect(try r.readFloat() == Self.original.classifier.temperature)
        r = BinaryReader(body, offset: layout.thresholds)
        #expect(try r.readFloat() == Self.original.fallback.thresholds.first)
        let half = UInt16(body[layout.firstEmbeddingWeight]) | UInt16(body[layout.firstEmbeddingWeight + 1]) << 8
        #expect(half == WeightCoding.halfBits(Self.original.classifier.embedding[0]))
        // A rewritten file with nothing changed loads as the original.
        expectRefusedOrIntact(try rewritten { _, _ in }, "unchanged")
        _ = try NLUModel(fileBytes: try rewritten { _, _ in })
    }

    /// Found by the model-file fuzzer: half-precision NaN and infinity in the embedding loaded
    /// and every confidence came out NaN (and JSON output failed). Now refused.
    @Test(arguments: [(0x7E00 as UInt16), 0x7C00, 0xFC00, 0x7BFF])
    func nonFiniteOrHugeEmbeddingWeightsAreCorrupt(half: UInt16) throws {
        let damaged = try rewritten { body, layout in
            body[layout.firstEmbeddingWeight] = UInt8(half & 0xFF)
            body[layout.firstEmbeddingWeight + 1] = UInt8(half >> 8)
        }
        if half == 0x7BFF {
            // 65,504, half precision's largest finite value, is still plausible.
            _ = try NLUModel(fileBytes: damaged)
        } else {
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
        }
    }

    @Test(arguments: [Float.nan, .infinity, 1e30, -1])
    func implausibleTaggerWeightsAreCorrupt(value: Float) throws {
        let damaged = try rewritten { body, layout in
            withUnsafeBytes(of: value.bitPattern.littleEndian) {
                body.replaceSubrange(layout.firstTaggerWeight..<layout.firstTaggerWeight + 4, with: $0)
            }
        }
        if value == -1 {
            _ = try NLUModel(fileBytes: damaged)   // an ordinary weight
        } else {
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
        }
    }

    @Test(arguments: [Float.nan, 0, 1e-30, 1e30, -2])
    func temperaturesOutsideCalibrationAreCorrupt(value: Float) throws {
        let damaged = try rewritten { body, layout in
            withUnsafeBytes(of: value.bitPattern.littleEndian) {
                body.replaceSubrange(layout.temperature..<layout.temperature + 4, with: $0)
            }
        }
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
    }

    @Test(arguments: [Float.nan, -0.5, 2])
    func fallbackThresholdsMustBeProbabilities(value: Float) throws {
        let damaged = try rewritten { body, layout in
            withUnsafeBytes(of: value.bitPattern.littleEndian) {
                body.replaceSubrange(layout.thresholds..<layout.thresholds + 4, with: $0)
            }
        }
        #expect(throws: ModelFileError.corrupt("the fallback thresholds")) { try NLUModel(fileBytes: damaged) }
    }
}
