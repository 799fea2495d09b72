import Foundation
import Testing
import TestFixtures
@testable import SkillNLU

/// Model files written by the builds that wrote each older format still load and answer as
/// they did. The files under `Tests/Fixtures/ModelFiles` were made by `nlu-train` at the
/// commits the README there names (not by today's writer); the answers below were recorded
/// with `nlu-classify` of the same build when each file was made, and all seven builds gave
/// these same answers (intent and slot values).
@Suite struct OlderModelFileTests {
    /// A fixture file and the format its header must name.
    static let files: [(name: String, format: UInt32)] = (1...8).map { ("coffee-v\($0).nlu", UInt32($0)) }

    static let answers: [(text: String, intent: String, slots: [String: String])] = [
        ("a large latte please", "OrderDrink", ["drink": "latte", "size": "large"]),
        ("can i get a small mocha", "OrderDrink", ["drink": "mocha", "size": "small"]),
        ("give me a venti caffe latte", "OrderDrink", ["drink": "caffe latte", "size": "venti"]),
        ("i'll have a green tea", "OrderDrink", ["drink": "green tea"]),
        ("where is my order", "OrderStatus", [:]),
        ("is my coffee ready", "OrderStatus", [:]),
        ("stop", "AMAZON.StopIntent", [:]),
        ("never mind", "AMAZON.StopIntent", [:]),
    ]

    @Test(arguments: files)
    func anOlderFileLoadsAndAnswersAsItsBuildDid(_ file: (name: String, format: UInt32)) throws {
        let bytes = try [UInt8](Data(contentsOf: FixtureFiles.url("ModelFiles/" + file.name)))
        var header = BinaryReader(bytes, offset: 8)
        #expect(try header.readUInt32() == file.format, "the fixture is the format it is named for")
        let model = try NLUModel(fileBytes: bytes)
        for answer in Self.answers {
            let result = model.classify(answer.text)
            #expect(result.intent?.name == answer.intent, "\(file.name): \(answer.text)")
            let slots = Dictionary(result.slots.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            #expect(slots == answer.slots, "\(file.name): \(answer.text)")
        }
    }

    @Test func everyFormatTheReaderAcceptsHasAFixture() {
        let formats = Set(Self.files.map(\.format))
        #expect(formats == Set(1...NLUModel.fileFormatVersion), "a file of each format from 1 to the newest")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: FixtureFiles.url("ModelFiles/" + file.name).path), "\(file.name)")
        }
    }
}
