import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Positions a skill lists in figures ("1st", "2nd") are understood as people say them.
@Suite struct SpokenOrdinalsTests {
    @Test func figuresGainTheirSpokenFormButPlainNumbersAndListedWordsDoNot() {
        let forms = SpokenOrdinals.forms(besides: [("1st", 0), ("2nd", 1), ("3rd", 2), ("10", 3), ("second", 1)],
                                         locale: "en-US")
        #expect(forms.map(\.0) == ["first", "third"])
        #expect(forms.map(\.1) == [0, 2])
        #expect(SpokenOrdinals.forms(besides: [("red", 0), ("blue", 1)], locale: "en-US").isEmpty)
    }

    /// The byte-level reading of ASCII text answers as the characters' Unicode properties do.
    @Test func whetherTextMixesFiguresIsReadAsTheCharactersPropertiesSay() {
        func byProperties(_ text: String) -> Bool {
            text.contains(where: \.isNumber) && text.contains(where: { !$0.isNumber && !$0.isWhitespace })
        }
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        var texts = ascii + ascii.map { "7" + $0 } + ascii.map { $0 + "2" } + ascii.map { "1" + $0 + " " }
        texts += ["", "1st", "2nd", "10", " 3 ", "3.", "\r\n4", "4\r\n", "\u{1F}5", "1er", "2ème", "٣rd", "٣ ٤", "Ⅻ th",
                  "5\u{00A0}", "6\u{2009}7", "\u{0085}8", "first", "café"]
        for text in texts {
            #expect(SpokenOrdinals.mixesFigures(text) == byProperties(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "news reader",
      "intents": [
        {"name": "ReadItem", "slots": [{"name": "position", "type": "POSITION"}],
         "samples": ["read the {position} story", "details of the {position} item", "open the {position} one",
                     "read story {position}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [{"name": "POSITION", "values": [
        {"id": "1", "name": {"value": "1st"}}, {"id": "2", "name": {"value": "2nd"}}, {"id": "3", "name": {"value": "3rd"}},
        {"id": "4", "name": {"value": "4th"}}, {"id": "5", "name": {"value": "5th"}}]}]}}}
    """#

    @Test func aPositionSaidInWordsFillsAndResolvesToTheListedFigure() throws {
        let model = try NLUModel.train(from: try Importer.decode(Data(Self.json.utf8)), options: Fixtures.fastOptions)
        for (text, word, figure) in [("read me the second story", "second", "2nd"), ("open the fourth one", "fourth", "4th"),
                                     ("details of the third item please", "third", "3rd")] {
            let r = model.classify(text)
            #expect(r.intent?.name == "ReadItem", "\(text)")
            let slot = r.slot(named: "position")
            #expect(slot?.rawValue == word, "\(text)")
            #expect(slot?.resolutions?.resolutionsPerAuthority.first?.values.first?.value.name == figure, "\(text)")
        }
    }
}
