import Foundation
import Testing

/// `nlu-bench accuracy --tiers` on a data set folder of its own (a two-intent skill, which trains
/// in a fraction of a second): one training, the split scored in each tier, the tiers in the JSON.
@Suite struct BenchAccuracyTiersCommandTests {
    static let testLines = [
        #"{"text": "order a pizza please", "intent": "OrderIntent", "slots": []}"#,
        #"{"text": "when do you open", "intent": "HoursIntent", "slots": []}"#,
        #"{"text": "could i get a pizza", "intent": "OrderIntent", "slots": []}"#,
    ]

    func dataset() throws -> URL {
        let root = try ReportCommandTests.folder("tiers")
        try Data(Tools.twoIntentSkill.utf8).write(to: root.appendingPathComponent("interaction-model.json"))
        try Data(Self.testLines.map { $0 + "\n" }.joined().utf8).write(to: root.appendingPathComponent("test.jsonl"))
        return root
    }

    @Test func eachTierIsScoredWithTheSameModelAndWrittenUnderTiers() throws {
        let root = try dataset()
        let json = root.appendingPathComponent("result.json").path
        let run = try Tools.run("nlu-bench", ["accuracy", "--dataset", root.path, "--contextual-head", "en",
                                              "--tiers", "fast,auto,accurate", "--json", json])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("tier fast:") && run.stdout.contains("tier accurate:") && run.stdout.contains("tier auto: as above"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(object["tier"] as? String == "auto")
        let tiers = try #require(object["tiers"] as? [[String: Any]])
        #expect(tiers.map { $0["tier"] as? String } == ["fast", "auto", "accurate"])
        #expect(tiers.allSatisfy { $0["utterances"] as? Int == Self.testLines.count && $0["dataset"] as? String == object["dataset"] as? String })
        // The auto entry is the top-level scoring itself.
        #expect(tiers[1]["intent_accuracy"] as? Double == object["intent_accuracy"] as? Double)
    }

    @Test func aModelWithoutAHeadIsScoredOnceAndAnUnknownTierIsRefused() throws {
        let root = try dataset()
        let json = root.appendingPathComponent("result.json").path
        let run = try Tools.run("nlu-bench", ["accuracy", "--dataset", root.path, "--contextual-head", "none",
                                              "--tiers", "fast,accurate", "--json", json])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("the model has no contextual head"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(object["tiers"] == nil)
        let bad = try Tools.run("nlu-bench", ["accuracy", "--dataset", root.path, "--contextual-head", "none", "--tiers", "fast,slow"])
        #expect(bad.status != 0 && bad.stderr.contains("'slow' is not a tier"))
    }
}
