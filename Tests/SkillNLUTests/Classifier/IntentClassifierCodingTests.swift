import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct IntentClassifierCodingTests {
    typealias Toy = ClassifierToyData

    static func trained(_ precision: IntentClassifierOptions.Precision = .float16, hidden: Int? = nil) throws -> IntentClassifier {
        var options = Toy.options()
        options.precision = precision
        options.hiddenLayer = hidden
        return try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
    }

    static func bytes(_ c: IntentClassifier) -> [UInt8] {
        var writer = BinaryWriter()
        c.write(to: &writer)
        return writer.bytes
    }

    @Test(arguments: IntentClassifierOptions.Precision.allCases)
    func roundTripIsBitIdentical(_ precision: IntentClassifierOptions.Precision) throws {
        for hidden in [nil, 6] as [Int?] {
            let original = try Self.trained(precision, hidden: hidden).calibrated(heldOut: Toy.examples())
            let bytes = Self.bytes(original)
            var reader = BinaryReader(bytes)
            let copy = try IntentClassifier(reading: &reader)
            #expect(reader.remaining == 0)
            #expect(copy == original)
            #expect(Self.bytes(copy) == bytes)
            for e in Toy.examples() { #expect(copy.probabilities(e.tokens) == original.probabilities(e.tokens)) }
        }
    }

    @Test func readsFromTheMiddleOfAFile() throws {
        let original = try Self.trained()
        var writer = BinaryWriter()
        writer.write("a header before the classifier")
        original.write(to: &writer)
        writer.write(UInt32(0xDEAD_BEEF))
        var reader = BinaryReader(writer.bytes)
        _ = try reader.readString()
        #expect(try IntentClassifier(reading: &reader) == original)
        #expect(try reader.readUInt32() == 0xDEAD_BEEF)
    }

    @Test func halfPrecisionIsSmaller() throws {
        let half = Self.bytes(try Self.trained(.float16)).count
        let single = Self.bytes(try Self.trained(.float32)).count
        #expect(half < single * 2 / 3)
    }

    @Test func everyTruncationThrows() throws {
        let bytes = Self.bytes(try Self.trained(hidden: 4))
        // Every prefix up to the first kilobyte, then a stride through the rest.
        let cuts = Array(0..<min(1024, bytes.count)) + Array(stride(from: 1024, to: bytes.count, by: 97))
        for cut in cuts {
            var reader = BinaryReader(Array(bytes[..<cut]))
            #expect(throws: ModelFileError.self, "cut at \(cut) of \(bytes.count)") {
                _ = try IntentClassifier(reading: &reader)
            }
        }
    }

    @Test func corruptHeaderAndSizesThrow() throws {
        let bytes = Self.bytes(try Self.trained())
        // Offsets: magic 0..<4, version 4..<8, label count 8..<16, then the options' length.
        func read(_ change: (inout [UInt8]) -> Void) -> Error? {
            var b = bytes
            change(&b)
            var reader = BinaryReader(b)
            do { _ = try IntentClassifier(reading: &reader); return nil } catch { return error }
        }
        #expect(read { $0[0] ^= 0xFF } is ModelFileError)
        #expect(read { $0[4] = 99 } as? ModelFileError == .newerFormat(found: 99, supported: IntentClassifier.formatVersion))
        #expect(read { $0[8] = 0 } is ModelFileError)                         // zero intents
        #expect(read { $0[15] = 0x80 } is ModelFileError)                     // negative intents
        #expect(read { $0[24] = UInt8(ascii: "x") } is ModelFileError)        // options JSON broken
        // A label count that disagrees with the stored tables.
        #expect(read { $0[8] = 4 } is ModelFileError)
    }

    @Test func corruptOptionsAreRefused() throws {
        // Options that decode but are out of range (a dimension of 0) must not build a model.
        let model = try Self.trained()
        var writer = BinaryWriter()
        model.write(to: &writer)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.contains("\"dimension\":8"))
        var bytes = writer.bytes
        let needle = Array("\"dimension\":8".utf8)
        let at = (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }!
        bytes[at + needle.count - 1] = UInt8(ascii: "0")
        var reader = BinaryReader(bytes)
        #expect(throws: ModelFileError.self) { _ = try IntentClassifier(reading: &reader) }
    }

    @Test func randomCorruptionNeverCrashes() throws {
        // Flipping bytes in the weights may give a different model, but never a crash; in the
        // structure it must throw.
        let bytes = Self.bytes(try Self.trained(hidden: 4))
        var random = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            var b = bytes
            let at = random.nextIndex(b.count)
            b[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            var reader = BinaryReader(b)
            if let model = try? IntentClassifier(reading: &reader) {
                let p = model.probabilities(Toy.tokenizer.tokenize("play some jazz"))
                #expect(p.count == model.labelCount)
            }
        }
    }
}

/// Layout versions: tables of fewer than 8 bits came with layout 2, so a layout 1 classifier
/// claiming them is damaged, while layout 1 at the precisions it knew still reads.
@Suite struct IntentClassifierLayoutVersionTests {
    typealias Coding = IntentClassifierCodingTests

    static func rewritten(_ precision: IntentClassifierOptions.Precision, version: UInt8) throws -> [UInt8] {
        var bytes = Coding.bytes(try Coding.trained(precision))
        bytes[4] = version
        return bytes
    }

    @Test(arguments: [IntentClassifierOptions.Precision.int4, .int3])
    func aLayoutOneClassifierOfFewerBitsIsRefused(_ precision: IntentClassifierOptions.Precision) throws {
        #expect(Coding.bytes(try Coding.trained(precision))[4] == 2, "written in the layout it was written in before `compact`")
        var reader = BinaryReader(try Self.rewritten(precision, version: 1))
        #expect(throws: ModelFileError.self) { _ = try IntentClassifier(reading: &reader) }
        var current = BinaryReader(try Self.rewritten(precision, version: 2))
        #expect(try IntentClassifier(reading: &current) == (try Coding.trained(precision)))
    }

    /// Layout 3 holds the 2-bit linear table of `compact`; an older layout claiming it is damaged.
    @Test func aCompactClassifierIsWrittenInLayoutThree() throws {
        let bytes = Coding.bytes(try Coding.trained(.compact))
        #expect(bytes[4] == 3)
        var old = BinaryReader(try Self.rewritten(.compact, version: 2))
        #expect(throws: ModelFileError.self) { _ = try IntentClassifier(reading: &old) }
        var current = BinaryReader(bytes)
        #expect(try IntentClassifier(reading: &current) == (try Coding.trained(.compact)))
    }

    @Test(arguments: [IntentClassifierOptions.Precision.float16, .int8])
    func aLayoutOneClassifierStillReads(_ precision: IntentClassifierOptions.Precision) throws {
        let bytes = Coding.bytes(try Coding.trained(precision))
        #expect(bytes[4] == 1, "written in the oldest layout that holds it")
        var reader = BinaryReader(try Self.rewritten(precision, version: 1))
        #expect(try IntentClassifier(reading: &reader) == (try Coding.trained(precision)))
    }
}
