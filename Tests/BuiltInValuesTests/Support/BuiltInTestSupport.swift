import Foundation
import Testing
@testable import BuiltInValues

/// The reference instant of issue 4's examples: Saturday 2026-11-21, 00:00 UTC.
let saturdayReference = BuiltInContext(
    referenceDate: Date(timeIntervalSince1970: 1_795_219_200),
    timeZone: TimeZone(identifier: "UTC")!)

/// One parser example: the type, what was said, and Alexa's value (nil: not a value).
struct ParseCase: CustomTestStringConvertible, Sendable {
    var type: String
    var text: String
    var value: String?
    init(_ type: String, _ text: String, _ value: String?) {
        self.type = type
        self.text = text
        self.value = value
    }
    var testDescription: String { "\(type) \"\(text)\" → \(value ?? "nil")" }
}

func parse(_ c: ParseCase, locale: String = "en-US", context: BuiltInContext = saturdayReference) -> String? {
    BuiltInParser(locale: locale).parse(type: c.type, text: c.text, context: context)
}

/// One parser example in a given locale.
struct LocaleCase: CustomTestStringConvertible, Sendable {
    var locale: String
    var type: String
    var text: String
    var value: String?
    var testDescription: String { "\(locale) \(type) \"\(text)\" → \(value ?? "nil")" }
}
