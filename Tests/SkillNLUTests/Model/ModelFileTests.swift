import Foundation
import Testing
@testable import SkillNLU

@Suite struct ModelFileTests {
    let model = Fixtures.coffeeModel

    @Test func roundTripIsBitIdenticalAndAnswersAlike() throws {
        let bytes = model.fileBytes()
        let loaded = try NLUModel(fileBytes: bytes)
        #expect(loaded.fileBytes() == bytes)
        for text in ["a latte please", "i want a large flat white", "where's my order"] {
            #expect(loaded.classify(text) == model.classify(text))
        }
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("skillnlu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("coffee.nlu")
        try Data("old".utf8).write(to: url)
        try model.write(to: url)
        let loaded = try NLUModel(contentsOf: url)
        #expect(loaded.intentNames == model.intentNames)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "coffee.nlu" }
        #expect(leftovers.isEmpty)
    }

    @Test func missingFolderIsACreateError() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/m.nlu")
        #expect(throws: ModelIOError.self) { try model.write(to: url) }
    }

    @Test func refusesWrongMagic() {
        var bytes = model.fileBytes()
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: ModelFileError.notAModelFile) { try NLUModel(fileBytes: bytes) }
    }

    @Test func refusesNewerVersion() {
        var bytes = model.fileBytes()
        bytes[8] = 99
        #expect(throws: ModelFileError.newerFormat(found: 99, supported: NLUModel.fileFormatVersion)) {
            try NLUModel(fileBytes: bytes)
        }
    }

    @Test func refusesEveryTruncation() {
        let bytes = model.fileBytes()
        for cut in [0, 5, 12, NLUModel.headerSize, NLUModel.headerSize + 10, bytes.count / 2, bytes.count - 1] {
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: Array(bytes[0..<cut])) }
        }
    }

    @Test func refusesFlippedBits() {
        let bytes = model.fileBytes()
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<20 {
            var damaged = bytes
            let i = NLUModel.headerSize + rng.index(bytes.count - NLUModel.headerSize)
            damaged[i] ^= UInt8(1 << rng.index(8))
            // A section's checksum catches it, or a changed length runs past the end.
            #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
        }
    }
}
