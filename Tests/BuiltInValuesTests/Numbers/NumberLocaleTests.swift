import Testing
@testable import BuiltInValues

/// AMAZON.NUMBER and AMAZON.Ordinal in every locale of ../shared/interaction-models, with
/// examples written as native speakers write them (not produced by our renderer).
@Suite struct NumberLocaleTests {
    static func n(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.NUMBER", text: text, value: value)
    }

    static func o(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.Ordinal", text: text, value: value)
    }

    static let cases: [LocaleCase] = [
        // German
        n("de-DE", "dreiundzwanzig", "23"), n("de-DE", "einhundertfünf", "105"), n("de-DE", "hundert und fünf", "105"),
        n("de-DE", "zweitausenddreihundertfünfundvierzig", "2345"), n("de-DE", "dreitausend zweihundert", "3200"),
        n("de-DE", "minus vier", "-4"), n("de-DE", "zwei komma fünf", "2.5"), n("de-DE", "1.000", "1000"),
        n("de-DE", "2,5", "2.5"), n("de-DE", "eine million", "1000000"), n("de-DE", "einundzwanzig", "21"),
        o("de-DE", "dritte", "3"), o("de-DE", "ersten", "1"), o("de-DE", "zwanzigste", "20"),
        o("de-DE", "dreiundzwanzigsten", "23"), o("de-DE", "siebte", "7"), o("de-DE", "vierter", "4"),
        o("de-DE", "hundertste", "100"), n("de-DE", "Leute", nil),
        // Spanish
        n("es-ES", "veintitrés", "23"), n("es-ES", "treinta y tres", "33"), n("es-ES", "ciento cinco", "105"),
        n("es-ES", "cien", "100"), n("es-ES", "doscientos cincuenta", "250"), n("es-ES", "mil novecientos noventa", "1990"),
        n("es-ES", "dos mil cinco", "2005"), n("es-ES", "menos cuatro", "-4"), n("es-ES", "dos coma cinco", "2.5"),
        n("es-ES", "un millón", "1000000"),
        o("es-ES", "tercero", "3"), o("es-ES", "primera", "1"), o("es-ES", "vigésimo tercero", "23"),
        o("es-ES", "décimo", "10"), o("es-ES", "3º", "3"), o("es-ES", "decimoquinto", "15"),
        // French
        n("fr-FR", "vingt-trois", "23"), n("fr-FR", "vingt et un", "21"), n("fr-FR", "soixante-dix", "70"),
        n("fr-FR", "soixante-quinze", "75"), n("fr-FR", "quatre-vingts", "80"), n("fr-FR", "quatre-vingt-dix-sept", "97"),
        n("fr-FR", "quatre vingt dix sept", "97"), n("fr-FR", "cent cinq", "105"), n("fr-FR", "deux cents", "200"),
        n("fr-FR", "mille neuf cent quatre-vingt-dix", "1990"), n("fr-FR", "moins quatre", "-4"),
        n("fr-FR", "deux virgule cinq", "2.5"),
        o("fr-FR", "troisième", "3"), o("fr-FR", "premier", "1"), o("fr-FR", "vingt et unième", "21"),
        o("fr-FR", "quatre-vingt-dixième", "90"), o("fr-FR", "3e", "3"), o("fr-FR", "1er", "1"), o("fr-FR", "second", "2"),
        // Italian
        n("it-IT", "ventitré", "23"), n("it-IT", "ventuno", "21"), n("it-IT", "ventotto", "28"),
        n("it-IT", "centocinque", "105"), n("it-IT", "duemilacinque", "2005"), n("it-IT", "mille", "1000"),
        n("it-IT", "millenovecentonovanta", "1990"), n("it-IT", "meno quattro", "-4"),
        o("it-IT", "terzo", "3"), o("it-IT", "prima", "1"), o("it-IT", "undicesimo", "11"),
        o("it-IT", "ventitreesimo", "23"), o("it-IT", "ventesima", "20"), o("it-IT", "centesimo", "100"),
        // Portuguese
        n("pt-BR", "vinte e três", "23"), n("pt-BR", "cento e cinco", "105"), n("pt-BR", "cem", "100"),
        n("pt-BR", "duzentos e cinquenta", "250"), n("pt-BR", "mil novecentos e noventa", "1990"),
        n("pt-BR", "dois mil e cinco", "2005"), n("pt-BR", "dezesseis", "16"), n("pt-BR", "menos quatro", "-4"),
        o("pt-BR", "terceiro", "3"), o("pt-BR", "primeira", "1"), o("pt-BR", "vigésimo terceiro", "23"),
        o("pt-BR", "décimo primeiro", "11"), o("pt-BR", "3º", "3"),
        // Hindi
        n("hi-IN", "तेईस", "23"), n("hi-IN", "पाँच", "5"), n("hi-IN", "पांच", "5"), n("hi-IN", "एक सौ पाँच", "105"),
        n("hi-IN", "दो हज़ार पाँच", "2005"), n("hi-IN", "दो लाख", "200000"), n("hi-IN", "निन्यानबे", "99"),
        n("hi-IN", "२३", "23"),
        o("hi-IN", "पहला", "1"), o("hi-IN", "तीसरी", "3"), o("hi-IN", "पाँचवाँ", "5"), o("hi-IN", "दसवीं", "10"),
        // Arabic
        n("ar-SA", "ثلاثة وعشرون", "23"), n("ar-SA", "ثلاثة و عشرون", "23"), n("ar-SA", "خمسة", "5"),
        n("ar-SA", "ثلاثة عشر", "13"), n("ar-SA", "مائة وخمسة", "105"), n("ar-SA", "ألفان", "2000"),
        n("ar-SA", "ثلاثة آلاف", "3000"), n("ar-SA", "ألف", "1000"), n("ar-SA", "٢٣", "23"), n("ar-SA", "١٠٠٠", "1000"),
        o("ar-SA", "الثالث", "3"), o("ar-SA", "الأولى", "1"), o("ar-SA", "الحادي عشر", "11"),
        o("ar-SA", "العشرون", "20"), o("ar-SA", "الحادي والعشرون", "21"),
        // Japanese
        n("ja-JP", "二十三", "23"), n("ja-JP", "百五", "105"), n("ja-JP", "三千二百", "3200"),
        n("ja-JP", "二千二十六", "2026"), n("ja-JP", "一万二千", "12000"), n("ja-JP", "二千万", "20000000"),
        n("ja-JP", "２３", "23"), n("ja-JP", "3万", "30000"), n("ja-JP", "十", "10"),
        o("ja-JP", "第三", "3"), o("ja-JP", "三番目", "3"), o("ja-JP", "第3", "3"), o("ja-JP", "3番目", "3"),
        o("ja-JP", "第二十一", "21"),
        // English digits in other scripts, typed
        n("en-US", "２３", "23"), n("en-US", "٢٣", "23"), n("en-US", "२३", "23"),
    ]

    @Test(arguments: cases) func parses(_ c: LocaleCase) {
        #expect(BuiltInParser(locale: c.locale).parse(type: c.type, text: c.text) == c.value)
    }

    /// What the renderer writes, the parser reads, in every language with number words.
    @Test(arguments: BuiltInLocaleTables.languages) func renderedNumbersReadBack(_ language: String) {
        let parser = BuiltInParser(locale: language)
        let renderer = NumberRenderer(table: parser.tables.numbers.table)
        for n in Array(0...120) + [199, 250, 999, 1000, 1001, 1990, 2026, 3200, 12_345, 100_000] {
            for variant in 0..<3 {
                let text = renderer.cardinal(Int64(n)) { count in variant % count }
                #expect(text.map { parser.parse(type: "AMAZON.NUMBER", text: $0) } == String(n), "\(language) \(n): \(text ?? "nil")")
            }
            guard n >= 1 && n <= 100 else { continue }
            let ordinal = renderer.ordinal(Int64(n))
            #expect(ordinal.map { parser.parse(type: "AMAZON.Ordinal", text: $0) } == String(n), "\(language) \(n)th: \(ordinal ?? "nil")")
        }
    }
}
