import Testing
@testable import BuiltInValues

@Suite struct BuiltInSpanTests {
    let parser = BuiltInParser(locale: "en-US")

    func spans(_ text: String, _ kinds: [BuiltInKind]) -> [String] {
        let tokens = parser.tokenizer.tokenize(text)
        return parser.findSpans(in: tokens, types: Set(kinds.map(\.typeName)), context: saturdayReference).map {
            let words = tokens[$0.tokens].map(\.text).joined(separator: " ")
            return "\($0.type) [\(words)] \($0.value)"
        }
    }

    @Test func findsEachKindInAnUtterance() {
        let found = spans("remind me next friday at seven thirty pm for ten minutes", [.date, .time, .duration])
        #expect(found == [
            "AMAZON.DATE [next friday] 2026-11-27",
            "AMAZON.TIME [seven thirty pm] 19:30",
            "AMAZON.DURATION [ten minutes] PT10M",
        ])
    }

    @Test func spansAreLeftmostLongestAndSkipOrdinals() {
        #expect(spans("twenty three apples and five pears", [.number]) ==
                ["AMAZON.NUMBER [twenty three] 23", "AMAZON.NUMBER [five] 5"])
        #expect(spans("the twenty first item", [.number, .ordinal]) == ["AMAZON.Ordinal [twenty first] 21"])
    }

    @Test func weakReadingsNeedAPreposition() {
        #expect(spans("may I have a coffee", [.date]).isEmpty)
        #expect(spans("book it on may third", [.date]) == ["AMAZON.DATE [may third] 2027-05-03"])
        #expect(spans("a table for seven", [.time]).isEmpty)
        #expect(spans("wake me at seven", [.time]) == ["AMAZON.TIME [seven] 07:00"])
        #expect(spans("play it now", [.date, .time]).isEmpty)
        #expect(spans("born in twenty twenty", [.date]) == ["AMAZON.DATE [twenty twenty] 2020"])
    }

    @Test func phoneNumbersHideTheirDigitGroups() {
        #expect(spans("call 555 123 4567 now", [.phoneNumber, .fourDigitNumber]) ==
                ["AMAZON.PhoneNumber [555 123 4567] 5551234567"])
        #expect(spans("my pin is six zero four five", [.phoneNumber, .fourDigitNumber]) ==
                ["AMAZON.FOUR_DIGIT_NUMBER [six zero four five] 6045"])
    }

    @Test func onlyRequestedTypesAreReported() {
        #expect(spans("in the morning at 7:30", [.number]).isEmpty)
        #expect(spans("in the morning at 7:30", [.time]) == ["AMAZON.TIME [in the morning] MO", "AMAZON.TIME [7:30] 07:30"])
        #expect(parser.findSpans(in: parser.tokenizer.tokenize("twenty three"), types: ["AMAZON.Color"]).isEmpty)
    }

    @Test func numbersAndOrdinalsInOtherLanguages() {
        func found(_ locale: String, _ text: String) -> [String] {
            let p = BuiltInParser(locale: locale)
            let tokens = p.tokenizer.tokenize(text)
            return p.findSpans(in: tokens, types: ["AMAZON.NUMBER", "AMAZON.Ordinal"]).map {
                "\($0.type) \(tokens[$0.tokens].map(\.text).joined(separator: " ")) \($0.value)"
            }
        }
        #expect(found("de-DE", "ich möchte dreiundzwanzig Äpfel und den dritten Kuchen") ==
                ["AMAZON.NUMBER dreiundzwanzig 23", "AMAZON.Ordinal dritten 3"])
        #expect(found("ja-JP", "三番目の曲を二回") == ["AMAZON.Ordinal 三 番 目 3", "AMAZON.NUMBER 二 2"])
        #expect(found("es-ES", "pon la canción veintitrés") == ["AMAZON.NUMBER veintitrés 23"])
    }

    @Test func rangesAreRelativeToTheSliceGiven() {
        let tokens = parser.tokenizer.tokenize("please set it for ten minutes")
        let found = parser.findSpans(in: tokens[3...], kinds: BuiltInKinds(.duration), context: saturdayReference)
        #expect(found == [BuiltInSpan(tokens: 1..<3, type: "AMAZON.DURATION", value: "PT10M")])
    }

    @Test func spanValuesAgreeWithWholeSpanParsing() {
        let text = "on december twenty fifth at half past nine pm call two oh six five five five one two three four for an hour and a half"
        let tokens = parser.tokenizer.tokenize(text)
        let found = parser.findSpans(in: tokens, types: Set(BuiltInKind.allCases.map(\.typeName)), context: saturdayReference)
        #expect(!found.isEmpty)
        for span in found {
            #expect(parser.parse(type: span.type, tokens: tokens[span.tokens], context: saturdayReference) == span.value,
                    "\(span.type) \(tokens[span.tokens].map(\.text))")
        }
    }
}
