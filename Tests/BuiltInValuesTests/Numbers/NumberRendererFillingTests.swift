import Foundation
import Testing
@testable import BuiltInValues

/// The renderer fills its patterns ("{t}-{u}", "{n} {s}") in the standard library; the text is
/// the one Foundation's `replacingOccurrences(of:with:)` gives, for every pattern of every
/// language's table and words of every script.
@Suite struct NumberRendererFillingTests {
    static let tables: [NumberTable] = [.english, .german, .spanish, .french, .italian, .portuguese, .hindi, .arabic, .japanese]
    static let words = ["twenty", "vingt-et-un", "dreißig", "é", "و", "二十", "बीस", "{u}", ""]

    @Test func everyPatternIsFilledAsFoundationFillsIt() {
        for table in Self.tables {
            let patterns = table.twoDigitPatterns.map { ($0, "{t}", "{u}") }
                + table.scales.map { ($0.pattern, "{n}", "{s}") }
                + table.multipliers.map { ($0.pattern, "{n}", "{s}") }
            #expect(!patterns.isEmpty, "\(table.language)")
            for (pattern, first, second) in patterns {
                for a in Self.words {
                    for b in Self.words {
                        let expected = pattern.replacingOccurrences(of: first, with: a).replacingOccurrences(of: second, with: b)
                        #expect(NumberRenderer.filled(pattern, first, with: a, second, with: b) == expected, "\(table.language) \(pattern)")
                    }
                }
            }
        }
    }
}
