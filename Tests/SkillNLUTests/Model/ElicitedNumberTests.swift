import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Numbers answered while a dialog elicits a number slot fill that slot whole: a year said in
/// words fills the year, not the day beside it, and a code read out digit by digit is one value.
@Suite struct ElicitedNumberTests {
    /// A birthday model as the zero-to-hero samples have it: the day a number, the month a
    /// list, the year of `yearType`, with each language's own words.
    static func birthday(_ locale: String, yearType: String) -> NLUModel {
        let words: [String: (samples: [String], month: String, code: String)] = [
            "en-US": (["my birthday is {month} {day} {year}", "i was born on {month} {day}", "i was born in {year}",
                       "remember my birthday", "register my birthday"], "may", "my code is {code}"),
            "de-DE": (["mein geburtstag ist am {day} {month} {year}", "ich bin am {day} {month} geboren",
                       "ich bin im jahr {year} geboren", "merke dir meinen geburtstag", "speichere meinen geburtstag"],
                      "mai", "mein code ist {code}"),
            "es-ES": (["mi cumpleaños es el {day} de {month} de {year}", "nací el {day} de {month}", "nací en el año {year}",
                       "recuerda mi cumpleaños", "registra mi cumpleaños"], "mayo", "mi código es {code}"),
            "it-IT": (["il mio compleanno è il {day} {month} {year}", "sono nato il {day} di {month}",
                       "sono nato nell'anno {year}", "ricorda il mio compleanno", "registra il mio compleanno"],
                      "maggio", "il mio codice è {code}"),
        ]
        let w = words[locale]!
        let samples = (w.samples + ["{day}", "{month}", w.code]).map { "\"\($0)\"" }.joined(separator: ", ")
        let json = """
        {"interactionModel": {"languageModel": {"invocationName": "birthday", "intents": [
          {"name": "RegisterBirthdayIntent", "slots": [
             {"name": "day", "type": "AMAZON.NUMBER", "samples": ["{day}"]},
             {"name": "month", "type": "MonthType", "samples": ["{month}"]},
             {"name": "year", "type": "\(yearType)", "samples": ["{year}"]},
             {"name": "code", "type": "AMAZON.NUMBER", "samples": ["{code}"]}],
           "samples": [\(samples)]},
          {"name": "AMAZON.HelpIntent", "samples": []}, {"name": "AMAZON.CancelIntent", "samples": []},
          {"name": "AMAZON.StopIntent", "samples": []}],
          "types": [{"name": "MonthType", "values": [{"name": {"value": "\(w.month)"}}]}]}}}
        """
        return try! NLUModel.train(from: try! Importer.decode(Data(json.utf8), locale: locale), options: Fixtures.fastOptions)
    }

    func asking(_ slot: String) -> ClassificationContext {
        ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_795_219_200), timeZone: TimeZone(identifier: "UTC")!,
                              elicitingSlot: .init(intent: "RegisterBirthdayIntent", slot: slot))
    }

    /// Years said in words, with the year slot's type: a four-digit number, or a number like
    /// the day's ("nineteen ninety" is no AMAZON.NUMBER: two numbers said in a row).
    static let years: [(locale: String, answer: String, yearType: String)] = [
        ("de-DE", "neunzehnhundertneunzig"), ("de-DE", "ich bin neunzehnhundertneunzig geboren"),
        ("es-ES", "mil novecientos noventa"), ("es-ES", "nací en mil novecientos noventa"),
        ("it-IT", "millenovecentonovanta"), ("it-IT", "sono nato nel millenovecentonovanta"),
    ].flatMap { said in ["AMAZON.FOUR_DIGIT_NUMBER", "AMAZON.NUMBER"].map { (said.0, said.1, $0) } }
        + [("en-US", "nineteen ninety", "AMAZON.FOUR_DIGIT_NUMBER"),
           ("en-US", "i was born nineteen ninety", "AMAZON.FOUR_DIGIT_NUMBER")]

    @Test(arguments: years)
    func aYearSaidInWordsFillsTheYearAskedFor(_ said: (locale: String, answer: String, yearType: String)) throws {
        let model = Self.models[said.locale + said.yearType]!
        let r = model.classify(said.answer, context: asking("year"))
        #expect(r.intent?.name == "RegisterBirthdayIntent")
        #expect(r.slot(named: "year")?.value == "1990", "\(r.slots.map { "\($0.name)=\($0.value)" })")
        #expect(r.slot(named: "day") == nil, "the day was not asked for: \(r.slots.map { "\($0.name)=\($0.value)" })")
    }

    static let models: [String: NLUModel] = {
        var out: [String: NLUModel] = [:]
        for locale in ["en-US", "de-DE", "es-ES", "it-IT"] {
            for type in ["AMAZON.FOUR_DIGIT_NUMBER", "AMAZON.NUMBER"] { out[locale + type] = birthday(locale, yearType: type) }
        }
        return out
    }()

    @Test(arguments: [("en-US", "four one five two two"), ("en-US", "four one five double two"),
                      ("en-US", "my code is four one five two two"), ("de-DE", "vier eins fünf zwei zwei"),
                      ("es-ES", "cuatro uno cinco dos dos"), ("it-IT", "quattro uno cinque due due")])
    func aNumberReadOutDigitByDigitFillsTheSlotWhole(_ locale: String, _ answer: String) throws {
        let r = Self.models[locale + "AMAZON.FOUR_DIGIT_NUMBER"]!.classify(answer, context: asking("code"))
        #expect(r.intent?.name == "RegisterBirthdayIntent")
        #expect(r.slot(named: "code")?.value == "41522", "\(r.slots.map { "\($0.name)=\($0.value)" })")
        #expect(r.slots.count == 1)
    }
}
