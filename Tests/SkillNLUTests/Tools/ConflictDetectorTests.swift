import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct ConflictDetectorTests {
    /// A model with one conflict of each kind, and samples that only look alike.
    static let json = #"""
    {"interactionModel": {"languageModel": {"invocationName": "conflicts",
      "intents": [
        {"name": "OrderIntent", "slots": [{"name": "size", "type": "Size"}],
         "samples": ["order a {size} pizza", "i want a {size} one"]},
        {"name": "MenuIntent", "samples": ["order a large pizza", "what is on the menu", "order a pizza"]},
        {"name": "PlaySongIntent", "slots": [{"name": "song", "type": "Song"}], "samples": ["play {song}"]},
        {"name": "PlayAlbumIntent", "slots": [{"name": "album", "type": "Album"}], "samples": ["play {album}"]},
        {"name": "FindIntent", "slots": [{"name": "song", "type": "Song"}, {"name": "album", "type": "Album"}],
         "samples": ["find {song} now", "find {album} now"]},
        {"name": "CountIntent", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["count to {n}"]},
        {"name": "OtherCountIntent", "slots": [{"name": "m", "type": "AMAZON.NUMBER"}], "samples": ["count to {m} please"]}
      ],
      "types": [
        {"name": "Size", "values": [{"name": {"value": "small"}}, {"name": {"value": "large"}}]},
        {"name": "Song", "values": [{"name": {"value": "yesterday"}}, {"name": {"value": "thriller"}}]},
        {"name": "Album", "values": [{"name": {"value": "abbey road"}}, {"name": {"value": "thriller"}}]}
      ]}}}
    """#

    let conflicts = ConflictDetector(model: try! Importer.decode(Data(json.utf8))).conflicts()

    func conflict(_ a: String, _ b: String) -> SampleConflict? {
        conflicts.first { ($0.place.sample == a && $0.other.sample == b) || ($0.place.sample == b && $0.other.sample == a) }
    }

    @Test func filledSampleSpellingAnotherIntentsSampleIsAConflict() throws {
        let c = try #require(conflict("order a {size} pizza", "order a large pizza"))
        #expect(c.kind == .sameUtterance)
        #expect(c.utterance == "order a large pizza")
        #expect(Set([c.place.intent, c.other.intent]) == ["OrderIntent", "MenuIntent"])
        let order = c.place.intent == "OrderIntent" ? c.place : c.other
        #expect(order.intentIndex == 0 && order.sampleIndex == 0)
        #expect(c.message.contains("intents[") && c.message.contains("fits both"))
    }

    @Test func valueSharedByTwoTypesInOneCarrierIsAConflict() throws {
        let c = try #require(conflict("play {song}", "play {album}"))
        #expect(c.kind == .sharedSlotValue)
        #expect(c.sharedValue == "thriller")
        #expect(Set(c.slotTypes) == ["Song", "Album"])
        #expect(c.message.contains("thriller"))
    }

    @Test func sharedValueBetweenTwoSlotsOfOneIntentIsAConflict() throws {
        let c = try #require(conflict("find {song} now", "find {album} now"))
        #expect(c.kind == .sharedSlotValue)
        #expect(c.place.intent == "FindIntent" && c.other.intent == "FindIntent")
    }

    @Test func samplesThatDifferInTheirWordsAreNotConflicts() {
        #expect(conflict("order a {size} pizza", "order a pizza") == nil)
        #expect(conflict("count to {n}", "count to {m} please") == nil)
        #expect(conflicts.allSatisfy { $0.place != $0.other })
    }

    @Test func eachPairIsReportedOnce() {
        let pairs = conflicts.map { [$0.place.path, $0.other.path].sorted() }
        #expect(Set(pairs).count == pairs.count)
    }

    @Test func bundledSkillsHaveNoConflicts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for skill in ["HelloWorld", "PizzaShop"] {
            let result = try Importer.load(path: root.appendingPathComponent("InteractionModels/\(skill)").path)
            #expect(ConflictDetector(model: result.model).conflicts().isEmpty, "\(skill)")
        }
    }

    @Test func statisticalConflictsNameBothPlaces() {
        let model = Fixtures.coffeeModel
        var check = model.sampleCheck()
        // Whatever the model gets right, a miss it reports carries both places.
        check.misses = [.init(intent: "OrderStatus", sample: "check my order", predicted: "OrderDrink", confidence: 0.6)]
        let c = model.statisticalConflicts(from: check)
        #expect(c.count == 1)
        #expect(c.first?.kind == .statistical)
        #expect(c.first?.place.intent == "OrderStatus")
        #expect(c.first?.place.sampleIndex == 5)
        #expect(c.first?.other.intent == "OrderDrink")
        #expect(c.first?.other.sampleIndex != nil)
        #expect(c.first?.message.contains("OrderDrink (60 %)") == true)
    }
}
