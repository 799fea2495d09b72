import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Intents named by a keyword or two ("coffee", "go out") hear their keywords inside requests
/// (``KeywordRequests``), so a request said around the keyword is theirs rather than the
/// fallback's, while requests outside the skill still fall back.
@Suite struct KeywordRequestsTests {
    /// A town guide written for the test: meals and sights by keyword, an empty fallback.
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "town guide",
      "intents": [
        {"name": "CoffeeIntent", "samples": ["coffee", "espresso"]},
        {"name": "LunchIntent", "samples": ["lunch"]},
        {"name": "MuseumIntent", "samples": ["museum", "museums"]},
        {"name": "TourIntent", "slots": [{"name": "hours", "type": "AMAZON.NUMBER"}],
         "samples": ["plan a walking tour of the old town", "plan a tour of {hours} hours"]},
        {"name": "OpeningIntent", "samples": ["when does the tourist office open"]},
        {"name": "AMAZON.FallbackIntent", "samples": []},
        {"name": "AMAZON.HelpIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let interactionModel = try! Importer.decode(Data(json.utf8))

    @Test func keywordIntentsAreThoseOfShortSamplesWithoutSlots() {
        let schema = SkillSchema(model: Self.interactionModel, tokenizer: Tokenizer(locale: "en-US"))
        let names = KeywordRequests.keywordIntents(schema, excluding: schema.intentIndex(named: "AMAZON.FallbackIntent"))
            .map { schema.intents[$0].name }
        #expect(names == ["CoffeeIntent", "LunchIntent", "MuseumIntent"])
        let made = KeywordRequests(schema: schema, everydayRequests: [])
            .requests(for: [schema.intentIndex(named: "LunchIntent")!], schema: schema, seed: 1)
        #expect(made.count == KeywordRequests.perIntent)
        #expect(made.allSatisfy { r in r.tokens.contains { $0.folded == "lunch" } && r.tokens.count > 1 })
    }

    @Test func requestsAroundAKeywordAreTheKeywordIntents() throws {
        let model = try NLUModel.train(from: Self.interactionModel, options: Fixtures.fastOptions)
        let inside = [("is there anywhere around here to get coffee", "CoffeeIntent"),
                      ("i would like to have lunch now", "LunchIntent"),
                      ("show me a good museum please", "MuseumIntent"),
                      ("can i get an espresso somewhere", "CoffeeIntent"),
                      ("where do people go for lunch", "LunchIntent"),
                      ("tell me about the museums", "MuseumIntent")]
        let right = inside.filter { model.classify($0.0).intent?.name == $0.1 }.count
        // Without the keyword requests, none of these six was the guide's.
        #expect(right >= 5)
        // Requests outside the guide still fall back.
        for outside in ["set an alarm for six thirty tomorrow", "how tall is mount everest", "text john that i'm running late"] {
            #expect(model.classify(outside).intent?.name == "AMAZON.FallbackIntent")
        }
    }
}
