import Testing
@testable import BuiltInValues

/// A day and a time said together ("tomorrow at ten", "明日の十時") in every locale with
/// parsers: one AMAZON.DATE span and one AMAZON.TIME span, each with its value, and no other
/// date or time reading in between — "morgen" and "mañana" are tomorrow before a time and the
/// morning only after a day or an article. Reference: Saturday 2026-11-21.
@Suite struct DateTimeCompoundTests {
    struct Compound: CustomTestStringConvertible, Sendable {
        var locale: String
        var text: String
        var date: String
        var time: String
        var testDescription: String { "\(locale) \"\(text)\" → \(date) \(time)" }
    }

    static func c(_ locale: String, _ text: String, _ date: String, _ time: String) -> Compound {
        Compound(locale: locale, text: text, date: date, time: time)
    }

    static let cases: [Compound] = [
        c("de-DE", "morgen um zehn Uhr", "2026-11-22", "10:00"),
        c("de-DE", "morgen um halb acht", "2026-11-22", "07:30"),
        c("de-DE", "nächsten Montag um fünfzehn Uhr", "2026-11-23", "15:00"),
        c("de-DE", "übermorgen um acht Uhr abends", "2026-11-23", "20:00"),
        c("es-ES", "mañana a las diez", "2026-11-22", "10:00"),
        c("es-ES", "mañana a las cinco de la tarde", "2026-11-22", "17:00"),
        c("es-ES", "el lunes a las tres y media de la tarde", "2026-11-23", "15:30"),
        c("fr-FR", "demain à dix heures", "2026-11-22", "10:00"),
        c("fr-FR", "lundi prochain à quinze heures trente", "2026-11-23", "15:30"),
        c("it-IT", "domani alle dieci", "2026-11-22", "10:00"),
        c("it-IT", "lunedì prossimo alle tre del pomeriggio", "2026-11-23", "15:00"),
        c("pt-BR", "amanhã às dez horas", "2026-11-22", "10:00"),
        c("pt-BR", "segunda-feira às três da tarde", "2026-11-23", "15:00"),
        c("ja-JP", "明日の十時", "2026-11-22", "10:00"),
        c("ja-JP", "来週の月曜日の午後三時", "2026-11-23", "15:00"),
        c("ja-JP", "明後日の朝九時", "2026-11-23", "09:00"),
        c("hi-IN", "कल सुबह दस बजे", "2026-11-22", "10:00"),
        c("hi-IN", "अगले सोमवार दोपहर तीन बजे", "2026-11-23", "15:00"),
        c("ar-SA", "غدا الساعة العاشرة", "2026-11-22", "10:00"),
        c("ar-SA", "يوم الاثنين القادم الساعة الثالثة مساء", "2026-11-23", "15:00"),
    ]

    func spans(_ locale: String, _ text: String) -> [BuiltInSpan] {
        let parser = BuiltInParser(locale: locale)
        return parser.findSpans(in: parser.tokenizer.tokenize(text), types: ["AMAZON.DATE", "AMAZON.TIME"],
                                context: saturdayReference)
    }

    @Test(arguments: cases) func aDayAndATimeSaidTogether(_ c: Compound) {
        let found = spans(c.locale, c.text)
        #expect(found.filter { $0.type == "AMAZON.DATE" }.map(\.value) == [c.date], "\(found)")
        #expect(found.filter { $0.type == "AMAZON.TIME" }.map(\.value) == [c.time], "\(found)")
        if let date = found.first(where: { $0.type == "AMAZON.DATE" }), let time = found.first(where: { $0.type == "AMAZON.TIME" }) {
            #expect(date.tokens.upperBound <= time.tokens.lowerBound, "the day comes first: \(found)")
        }
    }

    @Test func theMorningAfterADayIsATimeNotTomorrow() {
        let de = spans("de-DE", "heute Morgen")
        #expect(de.map { "\($0.type) \($0.value)" } == ["AMAZON.DATE 2026-11-21", "AMAZON.TIME MO"])
        #expect(spans("de-DE", "am Morgen").map { "\($0.type) \($0.value)" } == ["AMAZON.TIME MO"])
        let es = spans("es-ES", "mañana por la mañana")
        #expect(es.map { "\($0.type) \($0.value)" } == ["AMAZON.DATE 2026-11-22", "AMAZON.TIME MO"])
        // Said alone it is still the day, and still the morning when a time is asked for.
        #expect(spans("de-DE", "morgen").map { "\($0.type) \($0.value)" } == ["AMAZON.DATE 2026-11-22"])
        #expect(BuiltInParser(locale: "de-DE").parse(type: "AMAZON.TIME", text: "morgens", context: saturdayReference) == "MO")
    }

    /// "früh" (early) is the morning after a day — "morgen früh" is tomorrow morning — and no
    /// time of its own elsewhere ("ich stehe früh auf").
    @Test func earlyAfterADayIsTheMorning() {
        #expect(spans("de-DE", "morgen früh").map { "\($0.type) \($0.value)" } == ["AMAZON.DATE 2026-11-22", "AMAZON.TIME MO"])
        #expect(spans("de-DE", "Freitag früh").map { "\($0.type) \($0.value)" } == ["AMAZON.DATE 2026-11-27", "AMAZON.TIME MO"])
        #expect(spans("de-DE", "ich stehe früh auf").allSatisfy { $0.type != "AMAZON.TIME" })
    }
}
