import BuiltInValues
import Testing
@testable import SkillNLU

@Suite struct BuiltInValuesTests {
    static let locales = ["en-US", "en-GB", "de-DE", "es-ES", "fr-FR", "it-IT", "pt-BR", "hi-IN", "ar-SA", "ja-JP"]

    /// Every generated sample parses back, to the intended value where that does not depend
    /// on the reference date.
    @Test(arguments: locales) func samplesParseBack(_ locale: String) {
        let parser = BuiltInParser(locale: locale)
        for kind in BuiltInKind.allCases {
            var generator = BuiltInSampleGenerator(locale: locale, seed: 7)
            for _ in 0..<200 {
                guard let (text, expected) = generator.sample(kind) else { continue }
                let parsed = parser.parse(kind: kind, tokens: parser.tokenizer.tokenize(text)[...], context: saturdayReference)
                #expect(parsed != nil, "\(locale) \(kind): \(text)")
                if let expected { #expect(parsed == expected, "\(locale) \(kind): \(text)") }
            }
        }
    }

    @Test func publicSamplesAreDeterministicAndVaried() {
        for kind in BuiltInKind.allCases {
            let a = BuiltInValues.samples(for: kind.typeName, locale: "en-US", count: 50, seed: 1)
            let b = BuiltInValues.samples(for: kind.typeName, locale: "en-US", count: 50, seed: 1)
            let c = BuiltInValues.samples(for: kind.typeName, locale: "en-US", count: 50, seed: 2)
            #expect(a.count == 50)
            #expect(a == b)
            #expect(a != c)
            #expect(Set(a).count > 10, "\(kind) samples are too repetitive")
        }
    }

    @Test func englishSamplesMixWordsAndDigits() {
        let numbers = BuiltInValues.samples(for: "AMAZON.NUMBER", locale: "en-US", count: 200, seed: 3)
        #expect(numbers.contains { $0.allSatisfy { $0.isNumber || $0 == "," || $0 == "." } })
        #expect(numbers.contains { $0.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" } })
    }

    @Test func openListTypesHaveValues() {
        for type in ["AMAZON.FirstName", "AMAZON.US_FIRST_NAME", "AMAZON.DE_FIRST_NAME", "AMAZON.US_CITY", "AMAZON.City",
                     "AMAZON.Country", "AMAZON.US_STATE", "AMAZON.Color", "AMAZON.Food", "AMAZON.Actor", "AMAZON.Movie",
                     "AMAZON.Person", "AMAZON.Room", "AMAZON.Sport", "AMAZON.Language", "AMAZON.DayOfWeek", "AMAZON.Month"] {
            let values = BuiltInValues.examples(for: type, locale: "en-US")
            #expect(values.count >= 7, "\(type)")
            #expect(Set(values).count == values.count, "\(type) lists a value twice")
            let drawn = BuiltInValues.samples(for: type, locale: "en-US", count: 20, seed: 9)
            #expect(drawn.count == 20 && drawn.allSatisfy(values.contains))
        }
        #expect(BuiltInValues.examples(for: "AMAZON.US_STATE", locale: "en-US").count == 50)
    }

    @Test func dayAndMonthNamesAreLocalised() {
        #expect(BuiltInValues.examples(for: "AMAZON.DayOfWeek", locale: "de-DE").first == "Montag")
        #expect(BuiltInValues.examples(for: "AMAZON.Month", locale: "ja-JP").count == 12)
    }

    @Test func freeTextAndUnknownTypes() {
        #expect(BuiltInValues.examples(for: "AMAZON.SearchQuery", locale: "en-US").isEmpty)
        #expect(BuiltInValues.samples(for: "AMAZON.SearchQuery", locale: "en-US", count: 5, seed: 1).count == 5)
        #expect(BuiltInValues.examples(for: "AMAZON.NUMBER", locale: "en-US").isEmpty)
        #expect(BuiltInValues.samples(for: "PizzaSize", locale: "en-US", count: 5, seed: 1).isEmpty)
        #expect(!BuiltInValues.knows(type: "PizzaSize"))
        #expect(BuiltInValues.knows(type: "AMAZON.DATE"))
    }
}
