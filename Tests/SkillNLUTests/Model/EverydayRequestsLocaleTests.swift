import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Small skills in other languages that declare AMAZON.FallbackIntent: what people ask a voice
/// assistant every day, in the skill's language, falls back, while the skill's own requests
/// said another way stay its own; "yes" is AMAZON.YesIntent.
@Suite struct EverydayRequestsLocaleTests {
    struct Skill {
        var locale: String
        var json: String
        /// Everyday requests not in the everyday table, and paraphrases of the skill's samples.
        var outside: [String]
        var inside: [(String, String)]
        var yes: String
    }

    static func model(_ skill: Skill) -> NLUModel {
        var model = try! Importer.decode(Data(skill.json.utf8))
        model.locale = skill.locale
        return try! NLUModel.train(from: model, options: Fixtures.fastOptions)
    }

    static func json(invocation: String, intents: [(String, [String])], slotType: (slot: String, values: [String])?) -> String {
        let list = intents.map { name, samples in
            let slots = slotType.map { t in samples.contains { $0.contains("{\(t.slot)}") } ? #", "slots": [{"name": "\#(t.slot)", "type": "T"}]"# : "" } ?? ""
            let quoted = samples.map { "\"\($0)\"" }.joined(separator: ", ")
            return #"{"name": "\#(name)"\#(slots), "samples": [\#(quoted)]}"#
        }
        let builtIns = ["AMAZON.StopIntent", "AMAZON.CancelIntent", "AMAZON.HelpIntent", "AMAZON.YesIntent", "AMAZON.NoIntent",
                        "AMAZON.FallbackIntent"].map { #"{"name": "\#($0)", "samples": []}"# }
        let types = slotType.map { t in
            #", "types": [{"name": "T", "values": [\#(t.values.map { #"{"name": {"value": "\#($0)"}}"# }.joined(separator: ", "))]}]"#
        } ?? ""
        return #"{"interactionModel": {"languageModel": {"invocationName": "\#(invocation)", "intents": [\#((list + builtIns).joined(separator: ", "))]\#(types)}}}"#
    }

    static let french = Skill(locale: "fr-FR", json: json(invocation: "la boulangerie", intents: [
        ("OrderBread", ["je voudrais une {bread}", "je prends un {bread}", "commande une {bread}", "mets moi deux {bread}",
                        "une {bread} s'il vous plaît", "je veux acheter un {bread}"]),
        ("OpeningHours", ["à quelle heure ouvrez vous", "quels sont vos horaires", "vous fermez à quelle heure",
                          "est ce que vous êtes ouverts dimanche", "quand est ce que la boulangerie ouvre"]),
    ], slotType: ("bread", ["baguette", "croissant", "pain au chocolat", "pain de campagne"])),
        outside: ["quel temps fera t il à nice demain", "raconte moi une histoire drôle", "joue de la musique classique",
                  "allume la télé du salon"],
        inside: [("je voudrais deux croissants s'il vous plaît", "OrderBread"), ("vous fermez à quelle heure ce soir", "OpeningHours")],
        yes: "oui")

    static let german = Skill(locale: "de-DE", json: json(invocation: "die bäckerei", intents: [
        ("OrderBread", ["ich möchte ein {bread}", "ich nehme ein {bread}", "bestell ein {bread}", "gib mir zwei {bread}",
                        "ein {bread} bitte", "ich will ein {bread} kaufen"]),
        ("OpeningHours", ["wann habt ihr geöffnet", "wie sind eure öffnungszeiten", "wann schließt ihr",
                          "habt ihr am sonntag offen", "wann macht die bäckerei auf"]),
    ], slotType: ("bread", ["brötchen", "croissant", "vollkornbrot", "laugenbrezel"])),
        outside: ["wie wird das wetter morgen in köln", "erzähl mir eine lustige geschichte", "spiel klassische musik",
                  "schalte den fernseher im wohnzimmer ein"],
        inside: [("ich möchte bitte zwei brötchen", "OrderBread"), ("wann schließt ihr heute abend", "OpeningHours")],
        yes: "ja")

    static let spanish = Skill(locale: "es-ES", json: json(invocation: "la panadería", intents: [
        ("OrderBread", ["quiero una {bread}", "me llevo un {bread}", "pide una {bread}", "ponme dos {bread}",
                        "una {bread} por favor", "quiero comprar un {bread}"]),
        ("OpeningHours", ["a qué hora abrís", "cuál es vuestro horario", "a qué hora cerráis",
                          "abrís el domingo", "cuándo abre la panadería"]),
    ], slotType: ("bread", ["barra", "cruasán", "napolitana", "pan integral"])),
        outside: ["qué tiempo hará mañana en bilbao", "cuéntame una historia divertida", "pon música clásica",
                  "enciende la tele del salón"],
        inside: [("quiero dos cruasanes por favor", "OrderBread"), ("a qué hora cerráis esta noche", "OpeningHours")],
        yes: "sí")

    static let japanese = Skill(locale: "ja-JP", json: json(invocation: "パン屋さん", intents: [
        ("OrderBread", ["{bread}をください", "{bread}をひとつください", "{bread}を注文したい", "{bread}を二つお願いします",
                        "{bread}が欲しい", "{bread}を買いたい"]),
        ("OpeningHours", ["営業時間は", "何時に開きますか", "何時に閉まりますか", "日曜日は営業していますか", "お店は何時まで"]),
    ], slotType: ("bread", ["メロンパン", "クロワッサン", "食パン", "あんパン"])),
        outside: ["明日の名古屋の天気を教えて", "面白い話を聞かせて", "クラシック音楽をかけて", "リビングのテレビをつけて"],
        inside: [("クロワッサンを三つください", "OrderBread"), ("今日は何時に閉まりますか", "OpeningHours")],
        yes: "はい")

    @Test(arguments: [french, german, spanish, japanese])
    func everydayRequestsInTheSkillsLanguageFallBack(skill: Skill) {
        let model = Self.model(skill)
        let fallen = skill.outside.filter { model.classify($0).intent?.name == "AMAZON.FallbackIntent" }
        #expect(fallen.count >= 3, "\(skill.locale): only \(fallen) of \(skill.outside) fall back")
        for (text, intent) in skill.inside {
            #expect(model.classify(text).intent?.name == intent, "\(skill.locale): \(text)")
        }
        let yes = model.classify(skill.yes)
        #expect(yes.intent?.name == "AMAZON.YesIntent", "\(skill.locale): \(skill.yes) → \(yes.intent?.name ?? "nil")")
        #expect(model.fallbackSummary.map { $0.everydayRequests > 40 } == true, "\(skill.locale)")
    }
}
