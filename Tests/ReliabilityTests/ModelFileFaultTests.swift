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
        /// The first row's exponent byte and first weight byte of the classifier's embedding.
        var firstEmbeddingExponent = 0
        var firstEmbeddingWeight = 0
        /// The tagger's section: where its deflated part lies in the body (after the label
        /// count, the attribute keys, the weights and their labels, which are kept apart), and the first
        /// transition score in the inflated part.
        var tagger: Range<Int> = 0..<0
        var firstTaggerTransition = 0
        /// Where the tagger's section payload starts in the body (its length is the 8 bytes 16 before).
        var taggerSection = 0

        /// Sets the tagger section's length for a deflated part of `deflatedCount` bytes.
        func setTaggerLength(_ body: inout [UInt8], deflatedCount: Int) {
            withUnsafeBytes(of: UInt64(tagger.lowerBound - taggerSection + deflatedCount).littleEndian) {
                body.replaceSubrange((taggerSection - 16)..<(taggerSection - 8), with: $0)
            }
        }

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

        /// The inflated payload of a deflated section.
        static func inflated(_ payload: ArraySlice<UInt8>) throws -> [UInt8] {
            var r = BinaryReader(Array(payload))
            return try DeflatedPayload.read(from: &r) { try $0.readBytes(length: $0.remaining) }
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
            _ = try r.readInt()                       // weight count
            firstEmbeddingExponent = r.offset + 8     // after the byte count
            _ = try r.readBytes()                     // one exponent a row
            firstEmbeddingWeight = r.offset + 8
            let taggerStart = starts["TAGR"]!
            var lengthReader = BinaryReader(body, offset: taggerStart - 16)
            let length = Int(try lengthReader.readUInt64())
            taggerSection = taggerStart
            var head = BinaryReader(body, offset: taggerStart)
            _ = try head.readInt()                    // labels
            _ = try head.readInt()                    // attributes
            _ = try head.readBytes()                  // attribute keys
            _ = try head.readBytes()                  // the weights, one signed byte each
            _ = try head.readBytes()                  // their labels
            tagger = head.offset..<(taggerStart + length)
            var t = BinaryReader(try Self.inflated(body[tagger]))
            _ = try t.readBytes()                     // row lengths
            _ = try t.readBytes()                     // one exponent per attribute
            _ = try t.readInt()                       // the transitions' count
            _ = try t.readInt()                       // how many are nonzero
            _ = try t.readVarint()                    // the first one's gap: 0, O → O is nonzero
            firstTaggerTransition = t.offset          // the first transition score (32-bit)
        }
    }

    /// The model file with `change` applied to its sections, checksums made valid again.
    func rewritten(_ change: (inout [UInt8], Layout) throws -> Void) throws -> [UInt8] {
        var body = Array(Self.bytes[NLUModel.headerSize...])
        try change(&body, try Layout(body: body))
        return ModelFileFuzzer.file(sections: body)
    }

    /// The model file with `change` applied to the tagger's inflated payload, deflated again.
    func rewrittenTagger(_ change: (inout [UInt8], Int) -> Void) throws -> [UInt8] {
        try rewritten { body, layout in
            var plain = try Layout.inflated(body[layout.tagger])
            change(&plain, layout.firstTaggerTransition)
            var w = BinaryWriter()
            DeflatedPayload.write(to: &w) { $0.append(raw: plain) }
            body.replaceSubrange(layout.tagger, with: w.bytes)
            layout.setTaggerLength(&body, deflatedCount: w.bytes.count)
        }
    }

    @Test func theLayoutReadsTheRealValues() throws {
        let body = Array(Self.bytes[NLUModel.headerSize...])
        let layout = try Layout(body: body)
        var r = BinaryReader(body, offset: layout.temperature)
        #expect(try r.readFloat() == Self.original.classifier.temperature)
        r = BinaryReader(body, offset: layout.thresholds)
        #expect(try r.readFloat() == Self.original.fallback.thresholds.first)
        let exponent = Int(body[layout.firstEmbeddingExponent]) - 128
        let q = Int8(bitPattern: body[layout.firstEmbeddingWeight])
        #expect(Float(q) * Float(sign: .plus, exponent: exponent, significand: 1) == Self.original.classifier.embedding[0])
        r = BinaryReader(try Layout.inflated(body[layout.tagger]), offset: layout.firstTaggerTransition)
        #expect(try r.readFloat() == Self.original.tagger.transitions[0])
        // A rewritten file with nothing changed loads as the original.
        expectRefusedOrIntact(try rewritten { _, _ in }, "unchanged")
        _ = try NLUModel(fileBytes: try rewritten { _, _ in })
        _ = try NLUModel(fileBytes: try rewrittenTagger { _, _ in })
    }

    /// Scales no writer produces (exponents beyond half precision's range, which could make a
    /// weight infinite) and the byte -128 are refused; the largest scale is still plausible.
    @Test(arguments: [[0, 1], [255, 1], [128 + 10, 1], [128, 0x80], [128 + 9, 127]] as [[UInt8]])
    func embeddingBytesNoWriterProducesAreCorrupt(bytes: [UInt8]) throws {
        let (exponent, weight) = (bytes[0], bytes[1])
        let damaged = try rewritten { body, layout in
            body[layout.firstEmbeddingExponent] = exponent
            body[layout.firstEmbeddingWeight] = weight
        }
        if exponent == 128 + 9 {
            _ = try NLUModel(fileBytes: damaged)   // 127 × 2^9, within half precision's range
        } else {
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
        }
    }

    @Test(arguments: [Float.nan, .infinity, 1e30, -1])
    func implausibleTaggerWeightsAreCorrupt(value: Float) throws {
        let damaged = try rewrittenTagger { plain, at in
            withUnsafeBytes(of: value.bitPattern.littleEndian) { plain.replaceSubrange(at..<at + 4, with: $0) }
        }
        if value == -1 {
            _ = try NLUModel(fileBytes: damaged)   // an ordinary weight
        } else {
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
        }
    }

    /// A deflated section whose stream is damaged behind a valid checksum, or whose stated
    /// length is not what it inflates to, is refused.
    @Test func aDamagedDeflatedSectionIsCorrupt() throws {
        for damage in [{ (p: inout [UInt8]) in p[12] ^= 0xFF }, { p in p[0] &+= 1 }, { p in p[7] = 0x80 }, { p in p.removeLast(3) }] {
            let damaged = try rewritten { body, layout in
                var payload = Array(body[layout.tagger])
                damage(&payload)
                body.replaceSubrange(layout.tagger, with: payload)
                layout.setTaggerLength(&body, deflatedCount: payload.count)
            }
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
