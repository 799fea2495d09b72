import Testing
@testable import BuiltInValues

/// AMAZON.DATE, TIME and DURATION in words in German, Spanish, French, Italian, Portuguese,
/// Japanese, Hindi and Arabic, with examples written as people say them (not produced by our
/// generator). Reference: Saturday 2026-11-21, as in issue 4.
@Suite struct DateTimeLocaleTests {
    static func d(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.DATE", text: text, value: value)
    }

    static func t(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.TIME", text: text, value: value)
    }

    static func p(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.DURATION", text: text, value: value)
    }

    static let cases: [LocaleCase] = [
        // German
        d("de-DE", "heute", "2026-11-21"), d("de-DE", "morgen", "2026-11-22"), d("de-DE", "übermorgen", "2026-11-23"),
        d("de-DE", "gestern", "2026-11-20"), d("de-DE", "nächsten Freitag", "2026-11-27"),
        d("de-DE", "letzten Montag", "2026-11-16"), d("de-DE", "am fünfundzwanzigsten Dezember", "2026-12-25"),
        d("de-DE", "24. Dezember 2027", "2027-12-24"), d("de-DE", "nächste Woche", "2026-W48"),
        d("de-DE", "diese Woche", "2026-W47"), d("de-DE", "nächsten Monat", "2026-12"), d("de-DE", "nächstes Jahr", "2027"),
        d("de-DE", "dieses Wochenende", "2026-W47-WE"), d("de-DE", "in drei Tagen", "2026-11-24"),
        d("de-DE", "vor zwei Wochen", "2026-11-07"), d("de-DE", "Weihnachten", "2026-12-25"), d("de-DE", "im Dezember", "2026-12"),
        d("de-DE", "Freitag nächste Woche", "2026-11-27"),
        t("de-DE", "halb acht", "07:30"), t("de-DE", "viertel nach sieben", "07:15"), t("de-DE", "viertel vor acht", "07:45"),
        t("de-DE", "sieben Uhr dreißig", "07:30"), t("de-DE", "um neunzehn Uhr", "19:00"), t("de-DE", "acht Uhr abends", "20:00"),
        t("de-DE", "Mittag", "12:00"), t("de-DE", "am Abend", "EV"), t("de-DE", "zehn nach sechs", "06:10"),
        t("de-DE", "halb eins", "12:30"),
        p("de-DE", "zehn Minuten", "PT10M"), p("de-DE", "eine halbe Stunde", "PT30M"), p("de-DE", "zwei Tage", "P2D"),
        p("de-DE", "eine Stunde und dreißig Minuten", "PT1H30M"), p("de-DE", "drei Wochen", "P3W"),
        p("de-DE", "anderthalb Stunden", "PT1H30M"),
        // Spanish
        d("es-ES", "mañana", "2026-11-22"), d("es-ES", "pasado mañana", "2026-11-23"),
        d("es-ES", "el lunes que viene", "2026-11-23"), d("es-ES", "el próximo viernes", "2026-11-27"),
        d("es-ES", "el viernes pasado", "2026-11-20"), d("es-ES", "el veinticinco de diciembre", "2026-12-25"),
        d("es-ES", "25 de diciembre de 2027", "2027-12-25"), d("es-ES", "la semana que viene", "2026-W48"),
        d("es-ES", "el mes pasado", "2026-10"), d("es-ES", "este fin de semana", "2026-W47-WE"),
        d("es-ES", "hace tres días", "2026-11-18"), d("es-ES", "dentro de dos semanas", "2026-12-05"),
        d("es-ES", "el primero de enero", "2027-01-01"), d("es-ES", "el sábado", "2026-11-21"),
        t("es-ES", "las siete y media", "07:30"), t("es-ES", "las ocho menos cuarto", "07:45"),
        t("es-ES", "las siete y cuarto", "07:15"), t("es-ES", "a las diez de la noche", "22:00"),
        t("es-ES", "las cinco de la tarde", "17:00"), t("es-ES", "mediodía", "12:00"), t("es-ES", "por la mañana", "MO"),
        t("es-ES", "las nueve menos diez", "08:50"), t("es-ES", "las seis y veinte", "06:20"),
        p("es-ES", "media hora", "PT30M"), p("es-ES", "una hora y media", "PT1H30M"), p("es-ES", "dos horas", "PT2H"),
        p("es-ES", "tres días", "P3D"), d("es-ES", "el día 25 de diciembre", "2026-12-25"),
        // French
        d("fr-FR", "demain", "2026-11-22"), d("fr-FR", "après-demain", "2026-11-23"), d("fr-FR", "aujourd'hui", "2026-11-21"),
        d("fr-FR", "vendredi prochain", "2026-11-27"), d("fr-FR", "samedi prochain", "2026-11-28"),
        d("fr-FR", "lundi dernier", "2026-11-16"), d("fr-FR", "le vingt-cinq décembre", "2026-12-25"),
        d("fr-FR", "le premier janvier", "2027-01-01"), d("fr-FR", "la semaine prochaine", "2026-W48"),
        d("fr-FR", "l'année prochaine", "2027"), d("fr-FR", "ce week-end", "2026-W47-WE"),
        d("fr-FR", "il y a deux jours", "2026-11-19"), d("fr-FR", "dans trois semaines", "2026-12-12"),
        t("fr-FR", "sept heures et demie", "07:30"), t("fr-FR", "huit heures moins le quart", "07:45"),
        t("fr-FR", "dix-neuf heures trente", "19:30"), t("fr-FR", "sept heures du soir", "19:00"), t("fr-FR", "midi", "12:00"),
        t("fr-FR", "à 7 h 30", "07:30"), t("fr-FR", "ce soir", "EV"),
        p("fr-FR", "une heure et demie", "PT1H30M"), p("fr-FR", "dix minutes", "PT10M"), p("fr-FR", "deux jours", "P2D"), p("fr-FR", "une demi-heure", "PT30M"),
        // Italian
        d("it-IT", "domani", "2026-11-22"), d("it-IT", "dopodomani", "2026-11-23"), d("it-IT", "lunedì prossimo", "2026-11-23"),
        d("it-IT", "venerdì scorso", "2026-11-20"), d("it-IT", "il venticinque dicembre", "2026-12-25"),
        d("it-IT", "la settimana prossima", "2026-W48"), d("it-IT", "tre giorni fa", "2026-11-18"),
        d("it-IT", "tra due settimane", "2026-12-05"), d("it-IT", "quest'anno", "2026"),
        d("it-IT", "quest'inverno", "2026-WI"), d("it-IT", "Quest'ottobre", "2026-10"),
        d("it-IT", "dell'anno prossimo", "2027"),
        t("it-IT", "le sette e mezza", "07:30"), t("it-IT", "le otto meno un quarto", "07:45"),
        t("it-IT", "alle nove di sera", "21:00"), t("it-IT", "mezzogiorno", "12:00"),
        t("it-IT", "stamattina", "MO"), t("it-IT", "stasera", "EV"), t("it-IT", "stanotte", "NI"),
        p("it-IT", "due ore", "PT2H"), p("it-IT", "dieci minuti", "PT10M"), p("it-IT", "mezz'ora", "PT30M"),
        p("it-IT", "un'ora e mezza", "PT1H30M"),
        // Portuguese
        d("pt-BR", "amanhã", "2026-11-22"), d("pt-BR", "depois de amanhã", "2026-11-23"),
        d("pt-BR", "segunda-feira que vem", "2026-11-23"), d("pt-BR", "próxima sexta", "2026-11-27"),
        d("pt-BR", "vinte e cinco de dezembro", "2026-12-25"), d("pt-BR", "semana que vem", "2026-W48"),
        d("pt-BR", "há três dias", "2026-11-18"), d("pt-BR", "daqui a duas semanas", "2026-12-05"),
        d("pt-BR", "dois dias atrás", "2026-11-19"), d("pt-BR", "dia 25 de dezembro", "2026-12-25"),
        t("pt-BR", "sete e meia", "07:30"), t("pt-BR", "quinze para as oito", "07:45"), t("pt-BR", "às três da tarde", "15:00"),
        t("pt-BR", "meio-dia", "12:00"),
        p("pt-BR", "meia hora", "PT30M"), p("pt-BR", "uma hora e meia", "PT1H30M"),
        // Japanese
        d("ja-JP", "今日", "2026-11-21"), d("ja-JP", "明日", "2026-11-22"), d("ja-JP", "明後日", "2026-11-23"),
        d("ja-JP", "昨日", "2026-11-20"), d("ja-JP", "あした", "2026-11-22"), d("ja-JP", "月曜日", "2026-11-23"),
        d("ja-JP", "来週の月曜日", "2026-11-23"), d("ja-JP", "次の金曜日", "2026-11-27"), d("ja-JP", "12月25日", "2026-12-25"),
        d("ja-JP", "2027年3月3日", "2027-03-03"), d("ja-JP", "25日", "2026-11-25"), d("ja-JP", "来週", "2026-W48"),
        d("ja-JP", "来月", "2026-12"), d("ja-JP", "今週末", "2026-W47-WE"), d("ja-JP", "3日後", "2026-11-24"),
        d("ja-JP", "2週間前", "2026-11-07"), d("ja-JP", "クリスマス", "2026-12-25"), d("ja-JP", "去年", "2025"),
        t("ja-JP", "7時", "07:00"), t("ja-JP", "7時半", "07:30"), t("ja-JP", "午後3時", "15:00"), t("ja-JP", "午後3時半", "15:30"),
        t("ja-JP", "7時15分", "07:15"), t("ja-JP", "正午", "12:00"), t("ja-JP", "朝", "MO"), t("ja-JP", "午前10時", "10:00"),
        p("ja-JP", "10分", "PT10M"), p("ja-JP", "三十分", "PT30M"), p("ja-JP", "1時間半", "PT1H30M"), p("ja-JP", "2時間", "PT2H"),
        p("ja-JP", "5秒", "PT5S"), p("ja-JP", "3日間", "P3D"), p("ja-JP", "2週間", "P2W"), p("ja-JP", "3か月", "P3M"),
        p("ja-JP", "1時間30分", "PT1H30M"),
        // Hindi
        d("hi-IN", "आज", "2026-11-21"), d("hi-IN", "कल", "2026-11-22"), d("hi-IN", "परसों", "2026-11-23"),
        d("hi-IN", "सोमवार", "2026-11-23"), d("hi-IN", "अगले शुक्रवार", "2026-11-27"), d("hi-IN", "पिछले सोमवार", "2026-11-16"),
        d("hi-IN", "25 दिसंबर", "2026-12-25"), d("hi-IN", "पच्चीस दिसंबर", "2026-12-25"), d("hi-IN", "अगले हफ्ते", "2026-W48"),
        d("hi-IN", "अगले महीने", "2026-12"), d("hi-IN", "3 दिन बाद", "2026-11-24"), d("hi-IN", "दो हफ्ते पहले", "2026-11-07"),
        d("hi-IN", "दिसंबर", "2026-12"),
        t("hi-IN", "5 बजे", "05:00"), t("hi-IN", "शाम 5 बजे", "17:00"), t("hi-IN", "सुबह सात बजे", "07:00"),
        t("hi-IN", "साढ़े तीन बजे", "03:30"), t("hi-IN", "सवा तीन बजे", "03:15"), t("hi-IN", "पौने चार बजे", "03:45"),
        t("hi-IN", "डेढ़ बजे", "01:30"), t("hi-IN", "3 बजकर 20 मिनट", "03:20"), t("hi-IN", "शाम", "EV"),
        t("hi-IN", "रात साढ़े नौ बजे", "21:30"),
        p("hi-IN", "10 मिनट", "PT10M"), p("hi-IN", "दो घंटे", "PT2H"), p("hi-IN", "डेढ़ घंटा", "PT1H30M"),
        p("hi-IN", "ढाई घंटे", "PT2H30M"), p("hi-IN", "साढ़े तीन घंटे", "PT3H30M"), p("hi-IN", "3 दिन", "P3D"),
        // Arabic
        d("ar-SA", "اليوم", "2026-11-21"), d("ar-SA", "غدا", "2026-11-22"), d("ar-SA", "بعد غد", "2026-11-23"),
        d("ar-SA", "أمس", "2026-11-20"), d("ar-SA", "الجمعة القادمة", "2026-11-27"), d("ar-SA", "يوم الاثنين", "2026-11-23"),
        d("ar-SA", "الأسبوع القادم", "2026-W48"), d("ar-SA", "الشهر الماضي", "2026-10"), d("ar-SA", "25 ديسمبر", "2026-12-25"),
        d("ar-SA", "25 كانون الأول", "2026-12-25"), d("ar-SA", "بعد يومين", "2026-11-23"), d("ar-SA", "قبل أسبوع", "2026-11-14"),
        d("ar-SA", "بعد ثلاثة أيام", "2026-11-24"),
        t("ar-SA", "الساعة السابعة", "07:00"), t("ar-SA", "الساعة الثامنة والنصف", "08:30"),
        t("ar-SA", "الساعة التاسعة إلا ربع", "08:45"), t("ar-SA", "7 مساء", "19:00"), t("ar-SA", "الساعة سبعة صباحا", "07:00"),
        t("ar-SA", "الظهيرة", "12:00"), t("ar-SA", "الساعة السابعة وعشر دقائق", "07:10"),
        t("ar-SA", "الساعة السابعة وعشرين دقيقة", "07:20"), t("ar-SA", "الساعة الثامنة وخمس وعشرين دقيقة", "08:25"),
        t("ar-SA", "الساعة الثامنة إلا عشر دقائق", "07:50"), t("ar-SA", "الساعة 7 وعشر دقائق مساء", "19:10"),
        t("ar-SA", "الساعة السابعة والثلث", "07:20"), t("ar-SA", "الساعة الثامنة إلا ثلث", "07:40"),
        p("ar-SA", "ساعتين", "PT2H"), p("ar-SA", "نصف ساعة", "PT30M"), p("ar-SA", "ساعة ونصف", "PT1H30M"),
        p("ar-SA", "ثلاث دقائق", "PT3M"), p("ar-SA", "يومين", "P2D"), p("ar-SA", "أسبوع", "P1W"),
    ]

    @Test(arguments: cases) func parses(_ c: LocaleCase) {
        #expect(BuiltInParser(locale: c.locale).parse(type: c.type, text: c.text, context: saturdayReference) == c.value)
    }

    /// A word with two keywords would take whichever the dictionary met first.
    @Test(arguments: ["en", "de", "es", "fr", "it", "pt", "ja", "hi", "ar"]) func noWordIsTwoKeywords(_ language: String) {
        let tables = BuiltInLocaleTables.forLocale(language)
        var seen: [String: DateKeyword] = [:]
        for (keyword, words) in tables.dates.table.keywords where keyword != .agoBefore {
            for alt in NumberRenderer.alternatives(words) {
                let folded = tables.tokenizer.tokenize(alt).map(\.folded)
                guard folded.count == 1 else { continue }
                if let other = seen[folded[0]] { Issue.record("\(language) \"\(folded[0])\" is \(other) and \(keyword)") }
                seen[folded[0]] = keyword
            }
        }
    }

    /// Dates found inside an utterance, as the tagger's features see them.
    @Test func spansInSentences() {
        let german = BuiltInParser(locale: "de-DE")
        let spans = german.findSpans(in: german.tokenizer.tokenize("setze den zähler für morgen auf fünf"),
                                     types: ["AMAZON.DATE", "AMAZON.NUMBER"], context: saturdayReference)
        #expect(spans.contains { $0.type == "AMAZON.DATE" && $0.value == "2026-11-22" })
        let spanish = BuiltInParser(locale: "es-ES")
        let times = spanish.findSpans(in: spanish.tokenizer.tokenize("despiértame a las siete y media"),
                                      types: ["AMAZON.TIME"], context: saturdayReference)
        #expect(times.map(\.value) == ["07:30"])
    }
}
