import Testing
@testable import SkillNLU

/// ``FunctionWords``: each language's table, split on its bytes, holds the words a split into
/// characters at white space gives.
@Suite struct FunctionWordsTests {
    @Test func aTableSplitsAsCharactersDo() {
        let text = """
            a an the it's  i'd \
            über straße ça à quoi
            अगर और कि   هل من في
            何 今日

            """
        let expected = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(FunctionWords.table(text) == expected)
        #expect(FunctionWords.table("") == [])
        #expect(FunctionWords.table(" \n ") == [])
    }

    @Test func everyLanguageHasItsWordsAndNoneHoldsWhiteSpace() {
        for (language, word) in [("en", "the"), ("de", "der"), ("fr", "le"), ("es", "el"), ("it", "il"), ("pt", "o"),
                                 ("ja", "の"), ("hi", "और"), ("ar", "في")] {
            let words = FunctionWords.words(language: language)
            #expect(words.contains(word), "\(language)")
            #expect(words.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }, "\(language)")
        }
        #expect(FunctionWords.words(language: "xx").isEmpty)
    }
}
