import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

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
        let dutch = Self.schema(#"""
        {"interactionModel": {"languageModel": {"invocationName": "weer",
          "intents": [{"name": "Weer", "samples": ["hoe is het weer"]}, {"name": "AMAZON.FallbackIntent", "samples": []}]}}}
        """#, locale: "nl-NL")
        #expect(EverydayRequests.outside(dutch).isEmpty)
    }

    @Test func theListIsWrittenAsSamplesAre() {
        for request in EverydayRequests.english {
            #expect(request == request.lowercased() && !request.contains(where: { ",.?!".contains($0) }), "\(request)")
        }
        #expect(Set(EverydayRequests.english).count == EverydayRequests.english.count, "no request twice")
    }
}

/// The tables of the other languages follow the English one's rules.
@Suite struct EverydayRequestsLanguagesTests {
    @Test(arguments: ["de", "fr", "es", "it", "pt", "ja", "hi", "ar"])
    func everyCatalogLanguageHasATableWrittenAsSamplesAre(language: String) throws {
        let table = try #require(EverydayRequests.tables[language])
        #expect(table.requests.count >= 80, "\(language): \(table.requests.count)")
        #expect(Set(table.requests).count == table.requests.count, "\(language): no request twice")
        for request in table.requests {
            #expect(request == request.lowercased() && !request.contains(where: { ",.?!¿¡。、？！".contains($0) }), "\(request)")
            #expect(language != "ja" || !request.contains(" "), "Japanese is written without spaces: \(request)")
        }
        #expect(!FunctionWords.words(language: language).isEmpty)
    }

    @Test func everyLocaleOfTheBuiltInCataloguesHasATable() {
        for locale in BuiltInIntents.supportedLocales {
            #expect(EverydayRequests.tables[BuiltInLocaleTables.language(of: locale)] != nil, "\(locale)")
        }
    }

    static func schema(locale: String, samples: [String]) -> SkillSchema {
        let quoted = samples.map { "\"\($0)\"" }.joined(separator: ", ")
        return EverydayRequestsTests.schema(#"""
        {"interactionModel": {"languageModel": {"invocationName": "skill",
          "intents": [{"name": "Own", "samples": [\#(quoted)]}, {"name": "AMAZON.FallbackIntent", "samples": []}]}}}
        """#, locale: locale)
    }

    static func kept(_ schema: SkillSchema) -> Set<String> {
        Set(EverydayRequests.outside(schema).map { $0.map(\.text).joined() })
    }

    /// A request that shares a content word with the skill is left out; function words,
    /// accents and (in Japanese) single Hiragana tokens do not count.
    @Test(arguments: [
        ("de-DE", "wie ist das wetter in berlin", "wie wird das wetter heute", "wie spät ist es"),
        ("fr-FR", "donne moi la météo", "quelle est la météo à paris", "raconte moi une blague"),
        ("es-ES", "dime el tiempo", "qué tiempo hace hoy", "cuéntame un chiste"),
        ("it-IT", "dimmi il tempo", "che tempo fa oggi", "raccontami una barzelletta"),
        ("pt-BR", "me diz o tempo", "como está o tempo hoje", "me conta uma piada"),
        ("ja-JP", "天気を教えて", "今日の天気は", "ダジャレを言って"),
        ("hi-IN", "मौसम बताओ", "आज मौसम कैसा है", "मुझे एक चुटकुला सुनाओ"),
        ("ar-SA", "أخبرني عن الطقس", "كيف الطقس اليوم", "قل لي نكتة"),
    ])
    func aSkillsContentWordsKeepItsRequests(locale: String, sample: String, itsOwn: String, outside: String) {
        let kept = Self.kept(Self.schema(locale: locale, samples: [sample]))
        let none = Self.kept(Self.schema(locale: locale, samples: ["zzzz"]))
        let strip: (String) -> String = { $0.replacingOccurrences(of: " ", with: "") }
        #expect(!kept.contains(strip(itsOwn)) && none.contains(strip(itsOwn)), "\(locale): \(itsOwn)")
        #expect(kept.contains(strip(outside)), "\(locale): \(outside)")
        let all = EverydayRequests.tables[BuiltInLocaleTables.language(of: locale)]?.requests.count ?? 0
        #expect(kept.count > 40 && kept.count < all, "\(locale): \(kept.count) of \(all)")
    }
}
