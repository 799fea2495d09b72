import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Listed values are understood with a contraction made or undone, as people say them.
@Suite struct SpokenContractionsTests {
    @Test func aFormGainsItsOtherSpelling() {
        let forms = SpokenContractions.forms(besides: [("I am", 0), ("money is not important", 1), ("I can't stand it", 2),
                                                       ("I cannot wait", 3), ("what's on", 4)], locale: "en-GB")
        #expect(forms.map(\.0) == ["i'm", "money isn't important", "i cannot stand it", "i can't wait", "what is on"])
        #expect(forms.map(\.1) == [0, 1, 2, 3, 4])
    }

    @Test func possessivesListedFormsAndOtherLanguagesGainNothing() {
        #expect(SpokenContractions.forms(besides: [("atlanta's", 0), ("new york", 1), ("jazz", 2)], locale: "en-US").isEmpty)
        // The other spelling is listed already.
        #expect(SpokenContractions.forms(besides: [("i am", 0), ("i'm", 0)], locale: "en-US").isEmpty)
        #expect(SpokenContractions.forms(besides: [("I am", 0)], locale: "de-DE").isEmpty)
        // A catalogue of titles is said as written.
        let titles = (0..<SpokenContractions.largestPhraseList).map { ("title \($0)", $0) } + [("who do you think you are", 100)]
        #expect(SpokenContractions.forms(besides: titles, locale: "en-US").isEmpty)
    }

    @Test func bothWaysRoundEachPairIsTheSameWords() {
        for (short, long) in SpokenContractions.pairs {
            #expect(SpokenContractions.expanded([short]) != nil, "\(short)")
            #expect(SpokenContractions.contracted(long.split(separator: " ").map(String.init)) != nil, "\(long)")
        }
    }

    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "career coach",
      "intents": [
        {"name": "ProfileIntent", "slots": [{"name": "feeling", "type": "FeelingType"}],
         "samples": ["{feeling}", "i think {feeling}", "well {feeling}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [{"name": "FeelingType", "values": [
        {"id": "LOW", "name": {"value": "money is not important", "synonyms": ["i do not care about money"]}},
        {"id": "HIGH", "name": {"value": "i want to be rich", "synonyms": ["money matters"]}}]}]}}}
    """#

    @Test func aContractedValueFillsAndResolvesToTheListedOne() throws {
        let model = try NLUModel.train(from: try Importer.decode(Data(Self.json.utf8)), options: Fixtures.fastOptions)
        for (text, said, value) in [("i think money isn't important", "money isn't important", "money is not important"),
                                    ("well i don't care about money", "i don't care about money", "money is not important")] {
            let slot = model.classify(text).slot(named: "feeling")
            #expect(slot?.rawValue == said, "\(text)")
            #expect(slot?.resolutions?.resolutionsPerAuthority.first?.values.first?.value.name == value, "\(text)")
        }
    }
}
