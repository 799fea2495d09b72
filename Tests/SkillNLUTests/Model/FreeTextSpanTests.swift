import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Free text (AMAZON.SearchQuery) stops where the request around it starts: openers, the
/// request's verb and its pronoun before it, trailers after it.
@Suite struct FreeTextSpanTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "podcast shelf",
      "intents": [
        {"name": "PlayEpisodeIntent", "slots": [{"name": "episode", "type": "AMAZON.SearchQuery"}],
         "samples": ["play {episode}", "play the episode {episode}", "listen to {episode}", "put on {episode}",
                     "i want to hear {episode}"]},
        {"name": "FindRecipeIntent", "slots": [{"name": "dish", "type": "AMAZON.SearchQuery"}],
         "samples": ["find a recipe for {dish}", "how do i make {dish}", "search for {dish}", "cook {dish}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// What `withoutRequestWords` leaves of the span from token `start` to token `end`.
    func trimmed(_ text: String, intent: String, _ start: Int, _ end: Int) -> String {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let i = model.schema.intentIndex(named: intent)!
        let a = model.withoutRequestWords((slot: 0, start: start, end: end, confidence: 1), intent: i, tokens: tokens)
        return tokens[a.start..<a.end].map(\.text).joined(separator: " ")
    }

    @Test func openersAndTheVerbAreNotTheTitle() {
        #expect(trimmed("could you play the long walk home", intent: "PlayEpisodeIntent", 1, 7) == "the long walk home")
        #expect(trimmed("can you please put on the night shift", intent: "PlayEpisodeIntent", 1, 8) == "the night shift")
        #expect(trimmed("i want to hear tales of the city", intent: "PlayEpisodeIntent", 0, 8) == "tales of the city")
    }

    @Test func aPronounAfterTheVerbIsNotTheTitle() {
        #expect(trimmed("play me the long walk home", intent: "PlayEpisodeIntent", 1, 6) == "the long walk home")
        #expect(trimmed("could you play us something calm", intent: "PlayEpisodeIntent", 1, 6) == "something calm")
    }

    @Test func theIngFormOfTheVerbIsNotTheTitle() {
        #expect(trimmed("start cooking mushroom risotto", intent: "FindRecipeIntent", 1, 4) == "mushroom risotto")
    }

    @Test func trailersAreNotTheTitle() {
        #expect(trimmed("play the long walk home for me", intent: "PlayEpisodeIntent", 1, 7) == "the long walk home")
        #expect(trimmed("search for lemon tart please", intent: "FindRecipeIntent", 2, 5) == "lemon tart")
    }

    @Test func titlesThatBeginWithRequestWordsStay() {
        // "to" is only the end of "listen to", not a whole text a slot follows in the samples.
        #expect(trimmed("listen to to the lighthouse", intent: "PlayEpisodeIntent", 2, 5) == "to the lighthouse")
        // A word the samples never say before a slot stays.
        #expect(trimmed("play you are not so smart", intent: "PlayEpisodeIntent", 1, 6) == "you are not so smart")
        // Nothing but request words: kept whole.
        #expect(trimmed("play me", intent: "PlayEpisodeIntent", 1, 2) == "me")
    }

    @Test func classifyReportsTheTitleAlone() {
        let r = Self.model.classify("could you play me the long walk home please")
        #expect(r.intent?.name == "PlayEpisodeIntent")
        #expect(r.slot(named: "episode")?.rawValue == "the long walk home")
        let s = Self.model.classify("play me tales of the city for me")
        #expect(s.slot(named: "episode")?.rawValue == "tales of the city")
    }
}
