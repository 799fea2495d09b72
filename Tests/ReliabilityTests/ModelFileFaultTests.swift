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
        #expect(throws: ModelFileError.truncated(part: "the carrier classifier (section CARR)")) {
            try NLUModel(fileBytes: Array(bytes.dropLast()))
        }
    }

    /// A flipped bit anywhere: in the header it is refused (magic, format, then the header's
    /// checksum); in a section the section's checksum catches it (it covers the section's tag,
    /// version and flags, and any change of one byte of the payload changes it, since each
    /// step is a bijection of the state), or a changed length runs past the end or misplaces
    /// the next section.
    @Test func everyFlippedBitIsRefusedOrHarmless() {
        let bytes = Self.bytes
        for i in 0..<NLUModel.headerSize {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[i] ^= 1 << bit
                expectRefusedOrIntact(damaged, "header byte \(i) bit \(bit)")
            }
        }
        let payloads = (try? Layout.payloadRanges(Array(bytes[NLUModel.headerSize...]))) ?? []
        #expect(payloads.count >= 8)
        for i in NLUModel.headerSize..<bytes.count {
            var damaged = bytes
            damaged[i] ^= 1 << (i % 8)
            let error = #expect(throws: ModelFileError.self, "byte \(i)") { try NLUModel(fileBytes: damaged) }
            if payloads.contains(where: { $0.contains(i - NLUModel.headerSize) }) {
                // Inside a payload it is always the section's checksum that catches it.
                guard case .sectionChecksumMismatch = error else {
                    Issue.record("byte \(i): \(String(describing: error))")
                    continue
                }
            }
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

    /// Where the values that once turned answers into NaN sit in the sections after the
    /// header (found by reading them the way the loader does).
    struct Layout {
        var thresholds = 0
        var temperature = 0
        var firstEmbeddingWeight = 0
        var firstTaggerWeight = 0

        /// The payloads of the sections in `body`.
        static func payloadRanges(_ body: [UInt8]) throws -> [Range<Int>] {
            let starts = try payloads(body)
            var r = BinaryReader(body)
            var ranges: [Range<Int>] = []
            while r.remaining > 0 {
                _ = try r.readUInt32(); _ = try r.readUInt32()
                let length = Int(try r.readUInt64())
                _ = try r.readUInt64()
                ranges.append(r.offset..<(r.offset + length))
                _ = try r.readBytes(length: length)
            }
            #expect(Set(ranges.map(\.lowerBound)) == Set(starts.values))
            return ranges
        }

        /// Where each section's payload starts in `body`, by tag.
        static func payloads(_ body: [UInt8]) throws -> [String: Int] {
            var r = BinaryReader(body)
            var starts: [String: Int] = [:]
            while r.remaining > 0 {
                let tag = try r.readUInt32()
                _ = try r.readUInt32()
                let length = try r.readUInt64()
                _ = try r.readUInt64()
                starts[String(decoding: withUnsafeBytes(of: tag.littleEndian, Array.init), as: UTF8.self)] = r.offset
                _ = try r.readBytes(length: Int(length))
            }
            return starts
        }

        init(body: [UInt8]) throws {
            let starts = try Self.payloads(body)
            var r = BinaryReader(body, offset: starts["FALL"]!)
            _ = try r.readBool()
            _ = try r.readInt()
            thresholds = r.offset + 8
            r = BinaryReader(body, offset: starts["INTC"]!)
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
            r = BinaryReader(body, offset: starts["TAGR"]!)
            _ = try r.readInt()                       // labels
            _ = try r.readInt()                       // attributes
            _ = try r.readBytes()                     // attribute keys and row lengths
            _ = try r.readBytes()                     // labels of the weights
            _ = try r.readInt()                       // half-precision weight count
            _ = try r.readBytes()                     // the weights
            firstTaggerWeight = r.offset + 8          // the first transition score (32-bit)
        }
    }

    /// The model file with `change` applied to its sections, checksums made valid again.
    func rewritten(_ change: (inout [UInt8], Layout) throws -> Void) throws -> [UInt8] {
        var body = Array(Self.bytes[NLUModel.headerSize...])
        try change(&body, try Layout(body: body))
        return ModelFileFuzzer.file(sections: body)
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
