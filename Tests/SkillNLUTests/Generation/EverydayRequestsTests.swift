import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// Everyday requests teach AMAZON.FallbackIntent, except those that may be the skill's business.
@Suite struct EverydayRequestsTests {
    static func schema(_ json: String, locale: String = "en-US") -> SkillSchema {
        let model = try! Importer.decode(Data(json.utf8))
        return SkillSchema(model: model, tokenizer: Tokenizer(locale: locale))
    }

    static let weather = schema(#"""
    {"interactionModel": {"languageModel": {"invocationName": "weather",
      "intents": [
        {"name": "GetWeather", "slots": [{"name": "city", "type": "City"}],
         "samples": ["what's the weather in {city}", "will it rain in {city}", "how do i make {city} sunny"]},
        {"name": "AMAZON.HelpIntent", "samples": ["tell me a joke"]},
        {"name": "AMAZON.FallbackIntent", "samples": []}],
      "types": [{"name": "City", "values": [{"name": {"value": "chicago"}}, {"name": {"value": "new york"}}]}]}}}
    """#)

    func kept(_ schema: SkillSchema) -> Set<String> {
        Set(EverydayRequests.outside(schema).map { $0.map(\.text).joined(separator: " ") })
    }

    @Test func requestsThatShareAContentWordWithTheSkillAreLeftOut() {
        let kept = kept(Self.weather)
        #expect(!kept.isEmpty && kept.count < EverydayRequests.english.count)
        #expect(!kept.contains("what's the weather like today"), "the skill says 'weather'")
        #expect(!kept.contains("is it going to rain tomorrow"), "the skill says 'rain'")
        #expect(!kept.contains("is it windy in chicago"), "a value of the skill's slot type")
        #expect(!kept.contains("find me a hotel in new york"))
        #expect(kept.contains("turn off the lights") && kept.contains("what's the price of bitcoin"))
    }

    @Test func requestsSaidWithASamplesFunctionWordsAreLeftOut() {
        // "how do i make {city} sunny" reads as "how do i make _": pancakes may be the skill's.
        #expect(!kept(Self.weather).contains("how do i make pancakes"))
        #expect(kept(Self.weather).contains("how do i change a flat tire"))
    }

    @Test func aSampleOfABuiltInIntentIsLeftOutButItsWordsAreNot() {
        let kept = kept(Self.weather)
        #expect(!kept.contains("tell me a joke"), "the skill's help intent says it")
        #expect(kept.contains("tell me something funny"), "built-in intents' words do not count")
    }

    @Test func thePizzaShopLearnsWhatIsNotItsBusiness() {
        let kept = kept(Fixtures.pizzaShopModel.schema)
        #expect(kept.contains("what's the weather like today") && kept.contains("set a timer for ten minutes"))
        #expect(!kept.contains("track my amazon order"), "the shop tracks orders")
    }

    @Test func aLanguageWithoutATableHasNone() {
        let german = Self.schema(#"""
        {"interactionModel": {"languageModel": {"invocationName": "wetter",
          "intents": [{"name": "Wetter", "samples": ["wie ist das wetter"]}, {"name": "AMAZON.FallbackIntent", "samples": []}]}}}
        """#, locale: "de-DE")
        #expect(EverydayRequests.outside(german).isEmpty)
    }

    @Test func theListIsWrittenAsSamplesAre() {
        for request in EverydayRequests.english {
            #expect(request == request.lowercased() && !request.contains(where: { ",.?!".contains($0) }), "\(request)")
        }
        #expect(Set(EverydayRequests.english).count == EverydayRequests.english.count, "no request twice")
    }
}
