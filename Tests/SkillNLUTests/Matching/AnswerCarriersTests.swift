import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// The words around a bare answer that are not its value.
@Suite struct AnswerCarriersTests {
    static func carriers(locale: String = "en-US") throws -> (AnswerCarriers, Tokenizer) {
        let json = #"""
        {"interactionModel": {"languageModel": {"invocationName": "gifts", "intents": [
          {"name": "Gift", "samples": ["a gift for my {relationship}"], "slots": [
            {"name": "relationship", "type": "Relation", "samples": ["it is for my {relationship}", "my {relationship}"]},
            {"name": "music", "type": "Genre", "samples": ["{music} music", "she likes {music} songs"]}]}],
          "types": [{"name": "Relation", "values": [{"name": {"value": "sister"}}]},
                    {"name": "Genre", "values": [{"name": {"value": "jazz"}}]}]}}}
        """#
        var model = try Importer.decode(Data(json.utf8))
        model.locale = locale
        let tokenizer = Tokenizer(locale: locale)
        let schema = SkillSchema(model: model, tokenizer: tokenizer)
        return (AnswerCarriers(schema: schema, model: model), tokenizer)
    }

    func value(_ text: String, locale: String = "en-US") throws -> String {
        let (carriers, tokenizer) = try Self.carriers(locale: locale)
        let tokens = tokenizer.tokenize(text)
        return tokens[carriers.value(in: tokens.map(PhraseTrie.key))].map(\.text).joined(separator: " ")
    }

    @Test func theModelsSlotSamplesAreCarriersInAnyLocale() throws {
        #expect(try value("it is for my godmother") == "godmother")
        #expect(try value("my godmother") == "godmother")
        #expect(try value("blues music") == "blues")
        #expect(try value("she likes blues songs") == "blues")
        #expect(try value("my godmother please", locale: "fr-FR") == "godmother please")
    }

    @Test func conversationalLeadInsAndTrailersPerLanguage() throws {
        #expect(try value("um it's for my godmother please") == "godmother")
        #expect(try value("how about blues then") == "blues")
        #expect(try value("euh c'est pour godmother s'il vous plaît", locale: "fr-FR") == "godmother")
        #expect(try value("ähm ich hätte gern godmother bitte", locale: "de-DE") == "godmother")
        #expect(try value("quiero godmother por favor", locale: "es-ES") == "godmother")
        #expect(try value("えっと ジャズ でお願いします", locale: "ja-JP") == "ジャズ")
        // Another language's words stay.
        #expect(try value("please", locale: "fr-FR") == "please")
        #expect(try value("godmother bitte", locale: "fr-FR") == "godmother bitte")
    }

    @Test func anAnswerOfCarriersAloneIsKeptWhole() throws {
        #expect(try value("please") == "please")
        #expect(try value("my music") == "music")
        #expect(try value("it is for my") == "my")
    }
}
