import Testing
@testable import BuiltInValues

/// Numbers read out digit by digit, as people say a code, a postal code or an account number:
/// one AMAZON.NUMBER, as on Alexa ("one two three" is 123), with "oh" for zero and "double" or
/// "triple" before a digit — while ordinary numbers keep their readings and "o" alone stays a
/// word. Years said in one word or with a scale first are AMAZON.FOUR_DIGIT_NUMBER spans.
@Suite struct SpokenDigitsTests {
    static func n(_ locale: String, _ text: String, _ value: String?) -> LocaleCase {
        LocaleCase(locale: locale, type: "AMAZON.NUMBER", text: text, value: value)
    }

    static let numbers: [LocaleCase] = [
        n("en-US", "four one five two two", "41522"), n("en-US", "four one five double two", "41522"),
        n("en-US", "triple seven", "777"), n("en-US", "double five", "55"), n("en-US", "one two three", "123"),
        n("en-US", "oh two one three nine", "02139"), n("en-US", "nine o two one o", "90210"),
        n("en-US", "six zero four five", "6045"), n("en-GB", "seven double oh three", "7003"),
        // Ordinary numbers keep their readings.
        n("en-US", "twenty one", "21"), n("en-US", "two thousand and one", "2001"),
        n("en-US", "one hundred five", "105"), n("en-US", "seven", "7"),
        // "oh", "o" and "double" are no number on their own.
        n("en-US", "o", nil), n("en-US", "oh", nil), n("en-US", "double", nil), n("en-US", "oh oh", nil),
        n("en-US", "five o", nil), n("en-US", "oh seven", "07"),
        n("en-US", "twenty one five", nil), n("en-US", "five six", nil), n("en-US", "one two", nil),
        // The same in the other tables.
        n("de-DE", "vier eins fünf zwei zwei", "41522"), n("de-DE", "null acht neun", "089"),
        n("fr-FR", "quatre un cinq deux deux", "41522"), n("es-ES", "cuatro uno cinco dos dos", "41522"),
        n("it-IT", "quattro uno cinque due due", "41522"), n("pt-BR", "quatro um cinco dois dois", "41522"),
        n("ja-JP", "四一五二二", "41522"), n("hi-IN", "चार एक पाँच दो दो", "41522"),
        n("de-DE", "dreiundzwanzig", "23"), n("ja-JP", "二十三", "23"),
    ]

    @Test(arguments: numbers) func readsDigitsSaidOneByOne(_ c: LocaleCase) {
        #expect(BuiltInParser(locale: c.locale).parse(type: c.type, text: c.text, context: saturdayReference) == c.value)
    }

    func spans(_ text: String, _ kinds: [BuiltInKind], locale: String = "en-US") -> [String] {
        let parser = BuiltInParser(locale: locale)
        let tokens = parser.tokenizer.tokenize(text)
        return parser.findSpans(in: tokens, types: Set(kinds.map(\.typeName)), context: saturdayReference).map {
            let words = tokens[$0.tokens].map(\.text).joined(separator: " ")
            return "\($0.type) [\(words)] \($0.value)"
        }
    }

    @Test func aDigitSequenceIsOneNumberSpan() {
        #expect(spans("my zip code is nine oh two one oh", [.number]) == ["AMAZON.NUMBER [nine oh two one oh] 90210"])
        #expect(spans("the code is four one five double two please", [.number]) ==
                ["AMAZON.NUMBER [four one five double two] 41522"])
        #expect(spans("meine postleitzahl ist acht null drei drei eins", [.number], locale: "de-DE") ==
                ["AMAZON.NUMBER [acht null drei drei eins] 80331"])
    }

    @Test func ordinaryNumbersAndTheLetterOStayAsTheyWere() {
        #expect(spans("twenty three apples and five pears", [.number]) ==
                ["AMAZON.NUMBER [twenty three] 23", "AMAZON.NUMBER [five] 5"])
        #expect(spans("a cup o tea for two", [.number]) == ["AMAZON.NUMBER [two] 2"])
        #expect(spans("o two", [.number]) == ["AMAZON.NUMBER [o two] 02"])
        #expect(spans("see you at five o clock", [.number]) == ["AMAZON.NUMBER [five] 5"])
        #expect(spans("two large pizzas and one small", [.number]) ==
                ["AMAZON.NUMBER [two] 2", "AMAZON.NUMBER [one] 1"])
    }

    @Test(arguments: [("de-DE", "ich bin neunzehnhundertneunzig geboren", "neunzehnhundertneunzig"),
                      ("it-IT", "sono nato nel millenovecentonovanta", "millenovecentonovanta"),
                      ("es-ES", "nací en mil novecientos noventa", "mil novecientos noventa"),
                      ("fr-FR", "je suis né en mille neuf cent quatre-vingt-dix", "mille neuf cent quatre-vingt-dix"),
                      ("en-US", "i was born in nineteen ninety", "nineteen ninety")])
    func aYearSaidAsANumberIsAFourDigitSpan(_ locale: String, _ text: String, _ year: String) {
        #expect(spans(text, [.fourDigitNumber], locale: locale) == ["AMAZON.FOUR_DIGIT_NUMBER [\(year)] 1990"])
    }
}
