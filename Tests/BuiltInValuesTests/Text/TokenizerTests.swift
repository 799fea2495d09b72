import Testing
@testable import BuiltInValues

@Suite struct TokenizerTests {
    let tokenizer = Tokenizer(locale: "en-US")

    @Test func keepsWordInternalApostrophesAndHyphens() {
        let tokens = tokenizer.tokenize("What's the t-shirt at seven o'clock?")
        #expect(tokens.map(\.normalized) == ["what's", "the", "t-shirt", "at", "seven", "o'clock"])
    }

    @Test func rangesAreExactSubstrings() {
        let text = "  Play  Beyoncé, please!"
        let scalars = Array(text.unicodeScalars)
        for t in tokenizer.tokenize(text) {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[t.range])
            #expect(String(view) == t.text)
        }
        #expect(tokenizer.tokenize(text).map(\.folded) == ["play", "beyonce", "please"])
    }

    @Test func keepsNumbersTogether() {
        let tokens = tokenizer.tokenize("set 2.5 kg at 7:30 on the 3rd, 10,000 times at 10am")
        #expect(tokens.map(\.normalized) == ["set", "2.5", "kg", "at", "7:30", "on", "the", "3rd", "10,000", "times", "at", "10", "am"])
        #expect(tokens.filter { $0.kind == .number }.map(\.text) == ["2.5", "7:30", "3rd", "10,000", "10"])
    }

    @Test func splitsScriptsWithoutSpaces() {
        let tokens = tokenizer.tokenize("東京の天気はコーヒー")
        #expect(tokens.map(\.text) == ["東", "京", "の", "天", "気", "は", "コーヒー"])
    }

    @Test func nfkcAndCaseFolding() {
        let tokens = Tokenizer(locale: "de-DE").tokenize("ＡＢＣ Straße ÄPFEL")
        #expect(tokens.map(\.normalized) == ["abc", "straße", "äpfel"])
        #expect(tokens.map(\.folded) == ["abc", "straße", "apfel"])
    }

    @Test func emptyAndSymbols() {
        #expect(tokenizer.tokenize("").isEmpty)
        #expect(tokenizer.tokenize("  ...  ").isEmpty)
        #expect(tokenizer.tokenize("50% off & 👍🏽").map(\.text) == ["50", "%", "off", "&", "👍🏽"])
    }

    /// The scalars handed back with the tokens are the text's own, and the tokens those of
    /// ``Tokenizer/tokenize(_:)``: ASCII text (which keeps no byte offsets) and text beyond it.
    @Test(arguments: ["Play Some JAZZ in the Kitchen", "play  Beyoncé's “Halo”, s'il vous plaît", "50% off & 👍🏽 at 7:30",
                      "東京の天気はコーヒー", "", "  ...  ", "İstanbul ΣΊΣΥΦΟΣ"])
    func tokensKeepingScalarsAreTheTextsScalarsAndTokens(_ text: String) {
        let (tokens, scalars) = tokenizer.tokenizeKeepingScalars(text)
        #expect(scalars == Array(text.unicodeScalars))
        #expect(tokens == tokenizer.tokenize(text))
        for t in tokens {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[t.range])
            #expect(String(view) == t.text)
        }
    }

    /// An ASCII token's lower-cased forms are its bytes lower-cased, the text itself when it has
    /// no capitals.
    @Test func asciiTokensAreLowerCasedByte() {
        let tokens = tokenizer.tokenize("Set An ALARM for 7AM o'Clock")
        #expect(tokens.map(\.normalized) == ["set", "an", "alarm", "for", "7", "am", "o'clock"])
        #expect(tokens.map(\.folded) == tokens.map(\.normalized))
        #expect(tokens.map(\.text) == ["Set", "An", "ALARM", "for", "7", "AM", "o'Clock"])
    }
}
