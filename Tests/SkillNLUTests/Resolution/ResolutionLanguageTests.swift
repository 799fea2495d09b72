import Testing
@testable import SkillNLU

/// A word's canonical form in entity resolution: plural endings removed by the language's
/// rules, kept endings left alone, lengths counted in characters — the same whether the word
/// is plain ASCII (read from its bytes) or not.
@Suite struct ResolutionLanguageTests {
    @Test func englishPluralsLoseTheirEndings() {
        let en = ResolutionLanguage.forLocale("en-US")
        #expect(en.singular("cities") == "city")
        #expect(en.singular("pizzas") == "pizza")
        #expect(en.singular("glass") == "glass")     // kept ending
        #expect(en.singular("bus") == "bus")
        #expect(en.singular("gas") == "gas")         // too short for the rule
        #expect(en.singular("ties") == "tie")        // "ies" needs five characters; "s" four
        #expect(en.singular("toys") == "toy")
        #expect(en.singular("s") == "s")
        #expect(en.singular("") == "")
    }

    @Test func wordsOutsideASCIICountCharactersNotBytes() {
        let en = ResolutionLanguage.forLocale("en-US")
        #expect(en.singular("cafés") == "café")
        #expect(en.singular("ñus") == "ñus")         // kept ending, as for "bus"
        #expect(en.singular("één") == "één")
        let pt = ResolutionLanguage.forLocale("pt-BR")
        #expect(pt.singular("ações") == "ação")
        #expect(pt.singular("casas") == "casa")
        let fr = ResolutionLanguage.forLocale("fr-FR")
        #expect(fr.singular("chevaux") == "cheval")
        #expect(fr.singular("télés") == "télé")
    }
}
