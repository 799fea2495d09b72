import Testing
@testable import SkillNLU

@Suite struct StringScalarsTests {
    /// A slot value's raw text made from the utterance's scalars is the very string the
    /// scalars spell, in one, two, three and four bytes of UTF-8 alike.
    @Test(arguments: ["denver", "jalapeño crème brûlée", "東京 タワー", "🍕 pizza 🎉", ""])
    func spellsTheScalars(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let made = String(scalars: scalars[...])
        #expect(made == text)
        #expect(Array(made.utf8) == Array(text.utf8))
        if scalars.count > 2 {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[1..<(scalars.count - 1)])
            #expect(Array(String(scalars: scalars[1..<(scalars.count - 1)]).utf8) == Array(String(view).utf8))
        }
    }
}
