import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// An intent whose sample is a bare slot ("{animal}", free text: any animal) takes the whole
/// utterance as its value;
/// the words people say around an answer are not part of it, outside a dialog as in one.
@Suite struct BareAnswerSpanTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "animal quiz",
      "intents": [
        {"name": "GuessIntent", "slots": [{"name": "animal", "type": "AMAZON.SearchQuery"}], "samples": ["{animal}"]},
        {"name": "HintIntent", "samples": ["give me a hint", "i need a hint", "help me with a clue"]},
        {"name": "ScoreIntent", "samples": ["what's my score", "how many points do i have"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)

    func animal(_ text: String) -> String? {
        let result = Self.model.classify(text)
        guard result.intent?.name == "GuessIntent" else { return nil }
        return result.slots.first { $0.name == "animal" }?.rawValue
    }

    @Test func answerLeadInsAreNotTheValue() {
        #expect(animal("i'd say kangaroo") == "kangaroo")
        #expect(animal("probably a wombat") == "a wombat")
        #expect(animal("i would say the snow leopard") == "the snow leopard")
    }

    @Test func aLeadInNamingWhatTheAnswerIsAboutIsNotTheValue() {
        #expect(animal("my favourite animal would be penguins") == "penguins")
        #expect(animal("his favorite big cat is a cheetah") == "a cheetah")
    }

    @Test func aValueWithoutLeadInStaysWhole() {
        #expect(animal("snow leopard") == "snow leopard")
        #expect(animal("honey badger") == "honey badger")
    }
}
