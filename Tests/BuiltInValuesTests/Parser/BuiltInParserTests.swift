import Testing
import Foundation
@testable import BuiltInValues

/// Every example of issue 4 (and the brief), reference date Saturday 2026-11-21 UTC.
@Suite struct BuiltInParserTests {
    static let numbers: [ParseCase] = [
        .init("AMAZON.NUMBER", "twenty three", "23"),
        .init("AMAZON.NUMBER", "23", "23"),
        .init("AMAZON.NUMBER", "a hundred and five", "105"),
        .init("AMAZON.NUMBER", "minus four", "-4"),
        .init("AMAZON.NUMBER", "two point five", "2.5"),
        .init("AMAZON.NUMBER", "1,000", "1000"),
        .init("AMAZON.NUMBER", "three thousand two hundred", "3200"),
        .init("AMAZON.NUMBER", "twenty-three", "23"),
        .init("AMAZON.NUMBER", "nineteen hundred", "1900"),
        .init("AMAZON.NUMBER", "two million three hundred thousand", "2300000"),
        .init("AMAZON.NUMBER", "zero", "0"),
        .init("AMAZON.NUMBER", "point five", "0.5"),
        .init("AMAZON.NUMBER", "2.5", "2.5"),
        .init("AMAZON.NUMBER", "1,234.5", "1234.5"),
        .init("AMAZON.NUMBER", "3 million", "3000000"),
        .init("AMAZON.NUMBER", "twenty twenty", nil),
        .init("AMAZON.NUMBER", "five five", nil),
        .init("AMAZON.NUMBER", "third", nil),
        .init("AMAZON.NUMBER", "a", nil),
        .init("AMAZON.NUMBER", "hundred and", nil),
        .init("AMAZON.Number", "seven", "7"),
    ]

    static let ordinals: [ParseCase] = [
        .init("AMAZON.Ordinal", "third", "3"),
        .init("AMAZON.Ordinal", "3rd", "3"),
        .init("AMAZON.Ordinal", "twenty first", "21"),
        .init("AMAZON.Ordinal", "twenty-first", "21"),
        .init("AMAZON.Ordinal", "first", "1"),
        .init("AMAZON.Ordinal", "the second", "2"),
        .init("AMAZON.Ordinal", "one hundredth", "100"),
        .init("AMAZON.Ordinal", "twelfth", "12"),
        .init("AMAZON.Ordinal", "3", nil),
        .init("AMAZON.Ordinal", "three", nil),
    ]

    static let fourDigits: [ParseCase] = [
        .init("AMAZON.FOUR_DIGIT_NUMBER", "nineteen ninety", "1990"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "twenty twenty", "2020"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "two thousand five", "2005"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "six zero four five", "6045"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "nineteen oh five", "1905"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "twelve thirty four", "1234"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "0427", "0427"),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "one two three", nil),
        .init("AMAZON.FOUR_DIGIT_NUMBER", "12345", nil),
    ]

    static let phones: [ParseCase] = [
        .init("AMAZON.PhoneNumber", "two oh six five five five one two three four", "2065551234"),
        .init("AMAZON.PhoneNumber", "(206) 555-1234", "2065551234"),
        .init("AMAZON.PhoneNumber", "555 0199", "5550199"),
        .init("AMAZON.PhoneNumber", "double five five one two three four", "5551234"),
        .init("AMAZON.PhoneNumber", "one eight hundred five five five zero one nine nine", "18005550199"),
        .init("AMAZON.PhoneNumber", "twelve", nil),
    ]

    static let dates: [ParseCase] = [
        .init("AMAZON.DATE", "today", "2026-11-21"),
        .init("AMAZON.DATE", "tomorrow", "2026-11-22"),
        .init("AMAZON.DATE", "yesterday", "2026-11-20"),
        .init("AMAZON.DATE", "next friday", "2026-11-27"),
        .init("AMAZON.DATE", "on monday", "2026-11-23"),
        .init("AMAZON.DATE", "friday", "2026-11-27"),
        .init("AMAZON.DATE", "saturday", "2026-11-21"),
        .init("AMAZON.DATE", "last tuesday", "2026-11-17"),
        .init("AMAZON.DATE", "december twenty fifth", "2026-12-25"),
        .init("AMAZON.DATE", "the 25th of december", "2026-12-25"),
        .init("AMAZON.DATE", "december 25", "2026-12-25"),
        .init("AMAZON.DATE", "25 december 2027", "2027-12-25"),
        .init("AMAZON.DATE", "march third", "2027-03-03"),
        .init("AMAZON.DATE", "march third twenty twenty seven", "2027-03-03"),
        .init("AMAZON.DATE", "the 3rd", "2026-12-03"),
        .init("AMAZON.DATE", "this weekend", "2026-W47-WE"), .init("AMAZON.DATE", "the weekend after next", "2026-W49-WE"),
        .init("AMAZON.DATE", "next weekend", "2026-W48-WE"),
        .init("AMAZON.DATE", "next week", "2026-W48"),
        .init("AMAZON.DATE", "last week", "2026-W46"),
        .init("AMAZON.DATE", "this month", "2026-11"),
        .init("AMAZON.DATE", "next month", "2026-12"),
        .init("AMAZON.DATE", "december", "2026-12"),
        .init("AMAZON.DATE", "october", "2027-10"),
        .init("AMAZON.DATE", "june twenty twenty seven", "2027-06"),
        .init("AMAZON.DATE", "next year", "2027"),
        .init("AMAZON.DATE", "this year", "2026"),
        .init("AMAZON.DATE", "the nineties", "199X"),
        .init("AMAZON.DATE", "the nineteen eighties", "198X"),
        .init("AMAZON.DATE", "the 1990s", "199X"),
        .init("AMAZON.DATE", "the twenties", "202X"),
        .init("AMAZON.DATE", "this winter", "2026-WI"),
        .init("AMAZON.DATE", "next summer", "2027-SU"),
        .init("AMAZON.DATE", "2026-12-25", "2026-12-25"),
        .init("AMAZON.DATE", "12/25/2026", "2026-12-25"),
        .init("AMAZON.DATE", "in two days", "2026-11-23"),
        .init("AMAZON.DATE", "three days ago", "2026-11-18"),
        .init("AMAZON.DATE", "a week from today", "2026-11-28"),
        .init("AMAZON.DATE", "the day after tomorrow", "2026-11-23"),
        .init("AMAZON.DATE", "christmas", "2026-12-25"),
        .init("AMAZON.DATE", "new year's eve", "2026-12-31"),
        .init("AMAZON.DATE", "february thirtieth", nil),
        .init("AMAZON.DATE", "hello", nil),
    ]

    static let times: [ParseCase] = [
        .init("AMAZON.TIME", "seven thirty pm", "19:30"),
        .init("AMAZON.TIME", "noon", "12:00"),
        .init("AMAZON.TIME", "midnight", "00:00"),
        .init("AMAZON.TIME", "in the morning", "MO"),
        .init("AMAZON.TIME", "in the afternoon", "AF"),
        .init("AMAZON.TIME", "this evening", "EV"),
        .init("AMAZON.TIME", "at night", "NI"),
        .init("AMAZON.TIME", "quarter past six", "06:15"),
        .init("AMAZON.TIME", "half past nine pm", "21:30"),
        .init("AMAZON.TIME", "quarter to seven", "06:45"),
        .init("AMAZON.TIME", "ten to seven", "06:50"),
        .init("AMAZON.TIME", "7:30", "07:30"),
        .init("AMAZON.TIME", "10 am", "10:00"),
        .init("AMAZON.TIME", "7 p.m.", "19:00"),
        .init("AMAZON.TIME", "six o'clock", "06:00"),
        .init("AMAZON.TIME", "seven in the evening", "19:00"),
        .init("AMAZON.TIME", "fourteen hundred hours", "14:00"),
        .init("AMAZON.TIME", "seven oh five", "07:05"),
        .init("AMAZON.TIME", "twelve am", "00:00"),
        .init("AMAZON.TIME", "twelve pm", "12:00"),
        .init("AMAZON.TIME", "at seven", "07:00"),
        .init("AMAZON.TIME", "twenty five", nil),
        .init("AMAZON.TIME", "thirteen pm", nil),
    ]

    static let durations: [ParseCase] = [
        .init("AMAZON.DURATION", "ten minutes", "PT10M"),
        .init("AMAZON.DURATION", "an hour and a half", "PT1H30M"),
        .init("AMAZON.DURATION", "two days", "P2D"),
        .init("AMAZON.DURATION", "three weeks", "P3W"),
        .init("AMAZON.DURATION", "ninety seconds", "PT90S"),
        .init("AMAZON.DURATION", "half an hour", "PT30M"),
        .init("AMAZON.DURATION", "one and a half hours", "PT1H30M"),
        .init("AMAZON.DURATION", "two hours and fifteen minutes", "PT2H15M"),
        .init("AMAZON.DURATION", "a quarter of an hour", "PT15M"),
        .init("AMAZON.DURATION", "1.5 days", "P1DT12H"),
        .init("AMAZON.DURATION", "a week and two days", "P9D"),
        .init("AMAZON.DURATION", "a year", "P1Y"),
        .init("AMAZON.DURATION", "for 45 minutes", "PT45M"),
        .init("AMAZON.DURATION", "ten", nil),
    ]

    @Test(arguments: numbers) func number(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: ordinals) func ordinal(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: fourDigits) func fourDigit(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: phones) func phone(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: dates) func date(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: times) func time(_ c: ParseCase) { #expect(parse(c) == c.value) }
    @Test(arguments: durations) func duration(_ c: ParseCase) { #expect(parse(c) == c.value) }

    @Test func unknownTypeIsNotParsed() {
        #expect(BuiltInParser().parse(type: "AMAZON.Color", text: "red") == nil)
        #expect(BuiltInParser().parse(type: "PizzaSize", text: "large") == nil)
    }

    @Test func typedDatesFollowTheRegion() {
        #expect(parse(.init("AMAZON.DATE", "03/04/2027", "2027-03-04")) == "2027-03-04")
        #expect(parse(.init("AMAZON.DATE", "03/04/2027", nil), locale: "en-GB") == "2027-04-03")
        // Without a year: the next such day.
        #expect(parse(.init("AMAZON.DATE", "12/25", nil)) == "2026-12-25")
        #expect(parse(.init("AMAZON.DATE", "on 3/4", nil)) == "2027-03-04")
        #expect(parse(.init("AMAZON.DATE", "25/12", nil), locale: "en-GB") == "2026-12-25")
        #expect(parse(.init("AMAZON.DATE", "13/25", nil)) == nil)
    }

    @Test func relativeValuesFollowTheTimeZone() {
        // 2026-11-21 00:00 UTC is still Friday 2026-11-20 in New York.
        let newYork = BuiltInContext(referenceDate: saturdayReference.referenceDate,
                                     timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(parse(.init("AMAZON.DATE", "today", nil), context: newYork) == "2026-11-20")
        #expect(parse(.init("AMAZON.DATE", "this weekend", nil), context: newYork) == "2026-W47-WE")
    }
}
