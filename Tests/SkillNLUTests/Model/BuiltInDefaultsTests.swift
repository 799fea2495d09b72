import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Built-in intents understand what Alexa documents for them, and their default samples never
/// take a request from the skill's own intent that says the same words.
@Suite struct BuiltInDefaultsTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {"invocationName": "music box",
      "intents": [
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.CancelIntent", "samples": []},
        {"name": "AMAZON.PauseIntent", "samples": []},
        {"name": "AMAZON.PreviousIntent", "samples": []},
        {"name": "ControlIntent", "slots": [{"name": "action", "type": "Action"}],
         "samples": ["{action} the music", "{action} playback", "{action} it"]},
        {"name": "SearchIntent", "slots": [{"name": "query", "type": "AMAZON.SearchQuery"}],
         "samples": ["look for {query}", "{query} please"]},
        {"name": "PlayIntent", "samples": ["play something", "play a song", "start the music"]}],
      "types": [{"name": "Action", "values": [{"name": {"value": "pause"}}, {"name": {"value": "stop"}},
                                              {"name": {"value": "mute"}}]}]}}}
    """#

    static let model: NLUModel = {
        var m = try! Importer.decode(Data(json.utf8))
        m.locale = "en-US"
        return try! NLUModel.train(from: m, options: Fixtures.fastOptions)
    }()

    @Test func theSkillsSlottedSampleOutranksADefault() {
        for (text, action) in [("pause the music", "pause"), ("pause playback", "pause"), ("stop it", "stop")] {
            let result = Self.model.classify(text)
            #expect(result.intent?.name == "ControlIntent" && result.decidedBy == .exact, "\(text) → \(result.intent?.name ?? "nil")")
            #expect(result.slot(named: "action")?.value == action, "\(text)")
        }
    }

    @Test func aDefaultStillAnswersWhatTheSkillDoesNotSay() {
        #expect(Self.model.classify("stop").intent?.name == "AMAZON.StopIntent")
        #expect(Self.model.classify("pause").intent?.name == "AMAZON.PauseIntent")
        #expect(Self.model.classify("go back").intent?.name == "AMAZON.PreviousIntent")
        // A free-text slot that takes the words says nothing about them.
        let stop = Self.model.classify("stop please")
        #expect(stop.intent?.name == "AMAZON.StopIntent" && stop.decidedBy == .exact)
    }

    @Test func neverMindCancelsAsAlexaDocumentsIt() {
        for text in ["never mind", "nevermind", "forget it"] {
            #expect(Self.model.classify(text).intent?.name == "AMAZON.CancelIntent", "\(text)")
        }
        #expect(Self.model.classify("shut up").intent?.name == "AMAZON.StopIntent")
    }
}
