import Foundation
import Testing
@testable import InteractionModel

@Suite struct BuiltInCatalogTests {
    typealias T = TestSupport

    @Test(arguments: BuiltInIntents.supportedLocales)
    func everyBuiltInIntentHasDefaultSamples(locale: String) {
        for intent in BuiltInIntents.names where intent != "AMAZON.FallbackIntent" {
            let samples = BuiltInIntents.defaultSamples(for: intent, locale: locale)
            #expect(samples.count >= 2, "\(intent) in \(locale)")
            #expect(samples.allSatisfy { $0 == $0.collapsingSpaces && !$0.contains("{") }, "\(intent) in \(locale)")
        }
        #expect(BuiltInIntents.defaultSamples(for: "AMAZON.FallbackIntent", locale: locale).isEmpty)
        #expect(BuiltInIntents.table(for: locale).keys.sorted() == BuiltInIntents.names.sorted())
    }

    @Test(arguments: BuiltInIntents.supportedLocales)
    func defaultsOfDifferentIntentsNeverCollide(locale: String) {
        var owner: [String: String] = [:]
        for intent in BuiltInIntents.names {
            for sample in BuiltInIntents.defaultSamples(for: intent, locale: locale) {
                let key = BuiltInIntents.collisionKey(sample)
                if let other = owner[key], other != intent {
                    Issue.record("\(locale): \"\(sample)\" is a default of both \(other) and \(intent)")
                }
                owner[key] = intent
            }
        }
    }

    @Test func defaultsForTheExamplesInTheIssue() {
        let stop = BuiltInIntents.defaultSamples(for: "AMAZON.StopIntent", locale: "en-US")
        #expect(stop.contains("stop") && stop.contains("shut up") && !stop.contains("never mind"))
        #expect(BuiltInIntents.defaultSamples(for: "AMAZON.StopIntent", locale: "de-DE").contains("stopp"))
        #expect(BuiltInIntents.defaultSamples(for: "AMAZON.YesIntent", locale: "ja-JP").contains("はい"))
    }

    /// Alexa's documentation files "never mind" (and "forget it") under AMAZON.CancelIntent;
    /// each language's way of saying it cancels too, and stops nothing.
    @Test(arguments: [
        ("en-US", "never mind"), ("en-US", "nevermind"), ("en-US", "forget it"), ("de-DE", "schon gut"),
        ("de-DE", "egal"), ("de-DE", "abbreche"), ("fr-FR", "peu importe"), ("es-ES", "no importa"),
        ("it-IT", "non importa"), ("pt-BR", "tanto faz"), ("ja-JP", "もういい"), ("ar-SA", "لا يهم"),
    ])
    func neverMindCancels(locale: String, phrase: String) {
        #expect(BuiltInIntents.defaultSamples(for: "AMAZON.CancelIntent", locale: locale).contains(phrase))
        #expect(!BuiltInIntents.defaultSamples(for: "AMAZON.StopIntent", locale: locale).contains(phrase))
    }

    /// German writes "noch mal" as one word or two, and people say both: each spelling repeats
    /// (and starts over), whichever the recogniser writes.
    @Test(arguments: [("AMAZON.RepeatIntent", "noch mal"), ("AMAZON.RepeatIntent", "nochmal"),
                      ("AMAZON.RepeatIntent", "sag das noch mal"), ("AMAZON.StartOverIntent", "fang noch mal an")])
    func germanSaysNochMalBothWays(intent: String, phrase: String) {
        #expect(BuiltInIntents.defaultSamples(for: intent, locale: "de-DE").contains(phrase))
    }

    /// The documented English phrases are each under the intent the documentation names.
    @Test(arguments: [
        ("AMAZON.StopIntent", "shut up"), ("AMAZON.NextIntent", "skip forward"), ("AMAZON.PreviousIntent", "skip back"),
        ("AMAZON.PreviousIntent", "go back"), ("AMAZON.ShuffleOnIntent", "shuffle the music"),
        ("AMAZON.LoopOnIntent", "keep playing this"), ("AMAZON.NoIntent", "no thanks"), ("AMAZON.YesIntent", "yes please"),
    ])
    func documentedEnglishPhrases(intent: String, phrase: String) {
        #expect(BuiltInIntents.defaultSamples(for: intent, locale: "en-US").contains(phrase))
    }

    /// A skill's sample claims a default it differs from only in what the engine's tokens
    /// ignore: a hyphen, the apostrophe's form, accents.
    @Test func aSampleSpelledDifferentlyStillClaimsTheDefault() {
        var model = InteractionModel(languageModel: LanguageModel(intents: [
            Intent(name: "AMAZON.StopIntent"),
            Intent(name: "AMAZON.PreviousIntent"),
            Intent(name: "EnoughIntent", samples: ["That’s enough!", "no more of this"]),
            Intent(name: "StepBackIntent", samples: ["go-back", "one step back"]),
        ]))
        model.locale = "en-US"
        let effective = BuiltInIntents.effectiveSamples(in: model)
        #expect(!(effective.samples["AMAZON.StopIntent"] ?? []).contains("that's enough"))
        #expect(!(effective.samples["AMAZON.PreviousIntent"] ?? []).contains("go back"))
        #expect(effective.dropped.map(\.collidesWith).sorted() == ["EnoughIntent", "StepBackIntent"])
        model.locale = "de-DE"
        model.languageModel.intents[2].samples = ["Tschuss"]
        #expect(!(BuiltInIntents.effectiveSamples(in: model).samples["AMAZON.StopIntent"] ?? []).contains("tschüss"))
    }

    @Test(arguments: [
        ("en-US", "en-US"), ("en-GB", "en-US"), ("en-IN", "en-US"), ("en-AU", "en-US"), ("es-MX", "es-ES"),
        ("fr-CA", "fr-FR"), ("pt-PT", "pt-BR"), ("de_DE", "de-DE"), ("nl-NL", "en-US"), ("ar-SA", "ar-SA"),
    ])
    func localesFallBackByLanguage(locale: String, catalog: String) {
        #expect(BuiltInIntents.catalogLocale(for: locale) == catalog)
    }

    @Test(arguments: [
        ("Go to {town}!", "go to {town}"), ("go to {town}", "go to {town}"), ("  what's   UP? ", "what's up"),
        ("from {fromloc_city_name}", "from {fromloc_city_name}"), ("From {fromloc_city_name}.", "from {fromloc_city_name}"),
        ("Stopp, bitte", "stopp bitte"), ("やめて。", "やめて"), ("", ""),
    ])
    func normalizationIgnoresCasePunctuationAndSpacing(sample: String, normal: String) {
        #expect(BuiltInIntents.normalize(sample) == normal)
    }

    @Test func effectiveSamplesAddDefaultsAndYieldToCustomSamples() {
        var model = InteractionModel(languageModel: LanguageModel(intents: [
            Intent(name: "AMAZON.StopIntent", samples: ["enough of this", "stop"]),
            Intent(name: "AMAZON.CancelIntent"),
            Intent(name: "CancelOrderIntent", samples: ["cancel", "cancel my order"]),
            Intent(name: "AMAZON.FallbackIntent"),
        ]))
        model.locale = "en-GB"
        let effective = BuiltInIntents.effectiveSamples(in: model)
        let stop = effective.samples["AMAZON.StopIntent"] ?? []
        #expect(Array(stop.prefix(2)) == ["enough of this", "stop"])
        #expect(stop.filter { $0 == "stop" }.count == 1)
        #expect(stop.contains("shut up"))
        let cancel = effective.samples["AMAZON.CancelIntent"] ?? []
        #expect(!cancel.contains("cancel"))
        #expect(cancel.contains("cancel that"))
        #expect(effective.dropped == [BuiltInIntents.DroppedDefault(
            intent: "AMAZON.CancelIntent", sample: "cancel", collidesWith: "CancelOrderIntent", intentIndex: 2, sampleIndex: 0)])
        #expect(effective.samples["AMAZON.FallbackIntent"] == [])
        #expect(effective.samples["CancelOrderIntent"] == nil)
        #expect(effective.defaultsAdded["AMAZON.CancelIntent"] == cancel)
    }

    @Test func anIntentSayingSeveralDefaultsShadowsTheBuiltIn() {
        let model = InteractionModel(languageModel: LanguageModel(intents: [
            Intent(name: "AMAZON.CancelIntent"),
            Intent(name: "AMAZON.StopIntent", samples: ["halt the game"]),
            Intent(name: "cancel", samples: ["cancel that", "forget it", "abort", "never mind", "stop", "quit", "shut up"]),
        ]))
        let effective = BuiltInIntents.effectiveSamples(in: model)
        #expect(effective.samples["AMAZON.CancelIntent"] == [])
        #expect(effective.defaultsAdded["AMAZON.CancelIntent"] == nil)
        // Its own samples stay; none of its defaults do.
        #expect(effective.samples["AMAZON.StopIntent"] == ["halt the game"])
        #expect(effective.shadowed.map(\.intent) == ["AMAZON.CancelIntent", "AMAZON.StopIntent"])
        #expect(effective.shadowed.allSatisfy { $0.shadowedBy == "cancel" && $0.collisions >= BuiltInIntents.shadowingCollisions })
        #expect(effective.shadowed.first?.intentIndex == 0)
    }

    @Test func oneOrTwoSharedPhrasesDoNotShadowTheBuiltIn() {
        let model = InteractionModel(languageModel: LanguageModel(intents: [
            Intent(name: "AMAZON.CancelIntent"),
            Intent(name: "CancelOrderIntent", samples: ["cancel", "cancel that", "cancel my order"]),
        ]))
        let effective = BuiltInIntents.effectiveSamples(in: model)
        #expect(effective.shadowed.isEmpty)
        #expect(effective.samples["AMAZON.CancelIntent"]?.contains("cancel it") == true)
        #expect(effective.dropped.count == 2)
    }

    @Test func builtInSlotTypesIncludeDeprecatedOnesAndCorrectTheCase() {
        for name in ["AMAZON.US_FIRST_NAME", "AMAZON.DE_FIRST_NAME", "AMAZON.US_CITY", "AMAZON.US_STATE", "AMAZON.AT_CITY",
                     "AMAZON.DE_CITY", "AMAZON.EUROPE_CITY", "AMAZON.GB_CITY", "AMAZON.LITERAL", "AMAZON.NUMBER",
                     "AMAZON.DATE", "AMAZON.TIME", "AMAZON.DURATION", "AMAZON.SearchQuery", "AMAZON.Ordinal",
                     "AMAZON.PhoneNumber", "AMAZON.FOUR_DIGIT_NUMBER", "AMAZON.Month", "AMAZON.Movie", "AMAZON.FirstName"] {
            #expect(BuiltInSlotTypes.isKnown(name), "\(name)")
        }
        #expect(BuiltInSlotTypes.canonicalName(for: "AMAZON.Number") == "AMAZON.NUMBER")
        #expect(BuiltInSlotTypes.canonicalName(for: "amazon.searchquery") == "AMAZON.SearchQuery")
        #expect(BuiltInSlotTypes.canonicalName(for: "AMAZON.Nothing") == nil)
        #expect(!BuiltInSlotTypes.isKnown("AMAZON.Number"))
        #expect(BuiltInSlotTypes.info(for: "AMAZON.US_CITY")?.replacement == "AMAZON.City")
        #expect(BuiltInSlotTypes.info(for: "AMAZON.DURATION")?.kind == .duration)
        #expect(BuiltInSlotTypes.isBuiltInName("Amazon.City"))
        #expect(!BuiltInSlotTypes.isBuiltInName("AMAZONIAN"))
    }

    /// Every AMAZON.* name the public models use is in the catalogs (checks the data, so it
    /// needs ../shared).
    @Test(.enabled(if: TestSupport.hasSharedModels, "../shared/interaction-models not found (set SKILLNLU_SHARED to its path)"))
    func everyBuiltInNameInThePublicModelsIsKnown() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: T.interactionModels.path).filter { $0.hasSuffix(".json") }
        var seen = 0
        for file in files {
            let text = try String(contentsOf: T.interactionModels.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let range = rest.range(of: "\"AMAZON.") {
                let name = rest[rest.index(after: range.lowerBound)...].prefix { $0 != "\"" }
                rest = rest[range.upperBound...]
                seen += 1
                if name.hasSuffix("Intent") {
                    #expect(BuiltInIntents.isKnown(String(name)), "\(name) in \(file)")
                } else {
                    #expect(BuiltInSlotTypes.isKnown(String(name)), "\(name) in \(file)")
                }
            }
        }
        #expect(seen > 100)
    }
}
