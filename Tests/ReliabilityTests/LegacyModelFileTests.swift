import CommandLineSupport
import Foundation
import Testing
@testable import SkillNLU

/// Model files written by the SkillNLU before the chunked format (Fixtures/LegacyModelFiles,
/// trained by its release `nlu-train`) still load, answer exactly what its `nlu-classify`
/// answered, and are written again in the current format as the same model.
@Suite struct LegacyModelFileTests {
    static let folder = ReliabilitySupport.packageRoot.appendingPathComponent("Tests/ReliabilityTests/Fixtures/LegacyModelFiles")

    static func lines(_ name: String) throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [6, 7] as [UInt32])
    func aFileOfTheOldFormatAnswersAsItDid(format: UInt32) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("lamp.format\(format).nlu")))
        var header = BinaryReader(bytes, offset: 8)
        #expect(try header.readUInt32() == format)
        let model = try NLUModel(fileBytes: bytes)
        #expect(model.intentNames == ["TurnOn", "TurnOff", "AMAZON.StopIntent", "AMAZON.FallbackIntent"])
        #expect((model.pack != nil) == (format == 7))
        let probes = try Self.lines("probes.txt")
        let expected = try Self.lines("lamp.format\(format).expected.jsonl")
        #expect(probes.count == expected.count && probes.count >= 8)
        // Written again, it is a chunked file of the same model, up to its tagger's weights,
        // which the current layout stores as bytes with a scale per attribute: the same
        // intents, confidences and slot values, slot confidences within a hundredth.
        let rewritten = try NLUModel(fileBytes: model.fileBytes())
        var chunked = BinaryReader(model.fileBytes(), offset: 8)
        #expect(try chunked.readUInt32() == NLUModel.fileFormatVersion)
        // nlu-classify's JSON shows the slots' confidence, so it asks for it.
        var context = ClassificationContext()
        context.slotConfidence = true
        for (probe, line) in zip(probes, expected) {
            var json = JSONText()
            json.result(model.classify(probe, context: context))
            #expect(json.text == line, "\(probe)")
            let (before, after) = (model.classify(probe, context: context), rewritten.classify(probe, context: context))
            #expect(before.intent == after.intent && before.alternatives == after.alternatives, "\(probe)")
            #expect(before.slots.map(\.value) == after.slots.map(\.value), "\(probe)")
            #expect(zip(before.slots, after.slots).allSatisfy { abs($0.confidence - $1.confidence) < 0.01 }, "\(probe)")
        }
    }
}
