import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct SlotNameGridTests {
    /// Cities from and to (one type), dates from and to (one built-in type), a stop city of a
    /// type whose values are mostly the cities', and two title slots of one kind ("name") whose
    /// values have nothing in common.
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "travel desk",
      "intents": [
        {"name": "BookTrip", "slots": [
            {"name": "fromCity", "type": "CityType"},
            {"name": "toCity", "type": "CityType"},
            {"name": "via_city", "type": "StopType"},
            {"name": "fromDate", "type": "AMAZON.DATE"},
            {"name": "toDate", "type": "AMAZON.DATE"},
            {"name": "city", "type": "CityType"}],
         "samples": ["from {fromCity} to {toCity} via {via_city} on {fromDate} back {toDate}", "in {city}"]},
        {"name": "Watch", "slots": [
            {"name": "movie_name", "type": "FilmType"},
            {"name": "object_name", "type": "BookType"}],
         "samples": ["watch {movie_name}", "read {object_name}"]}
      ],
      "types": [
        {"name": "CityType", "values": [{"name": {"value": "boston"}}, {"name": {"value": "paris"}},
            {"name": {"value": "oslo"}}, {"name": {"value": "rome"}}]},
        {"name": "StopType", "values": [{"name": {"value": "boston"}}, {"name": {"value": "oslo"}},
            {"name": {"value": "reykjavik"}}]},
        {"name": "FilmType", "values": [{"name": {"value": "alien"}}, {"name": {"value": "heat"}}]},
        {"name": "BookType", "values": [{"name": {"value": "emma"}}, {"name": {"value": "dune"}}]}
      ]}}}
    """#

    static let schema = SkillSchema(model: try! Importer.decode(Data(json.utf8)), tokenizer: Tokenizer(locale: "en-US"))

    func parts(_ slot: String, begin: Bool = true) -> Set<Int32> {
        let parts = SlotNameGrid.labelParts(schema: Self.schema)
        let g = Self.schema.slotNames.firstIndex(of: slot)!
        return Set(parts[Int(begin ? SlotLabels.begin(g) : SlotLabels.inside(g))])
    }

    @Test(arguments: [
        ("arrive_date_day_name", ["arrive", "date", "day", "name"]),
        ("fromCity", ["from", "city"]),
        ("toloc.city_name", ["toloc", "city", "name"]),
        ("URLPath", ["urlpath"]),
        ("city", ["city"]),
    ])
    func namesSplitIntoWords(name: String, words: [String]) {
        #expect(Slot.words(inName: name) == words)
    }

    @Test func slotsOfOneKindInOtherRolesWithAgreeingValuesShareParts() {
        let fromCity = parts("fromCity"), toCity = parts("toCity"), via = parts("via_city")
        let fromDate = parts("fromDate"), toDate = parts("toDate")
        // Kind: cities (one type, and a stop list half of whose values are cities), dates.
        #expect(fromCity.intersection(toCity).count == 1)
        #expect(fromCity.intersection(via).count == 1)
        #expect(fromDate.intersection(toDate).count == 1)
        // Role: from a city and from a date.
        #expect(fromCity.intersection(fromDate).count == 1)
        #expect(toCity.intersection(toDate).count == 1)
        #expect(fromCity.intersection(toDate).isEmpty)
        // A role only one joined slot has, here "via", is no shared part.
        #expect(via.count == 1)
        // Inside labels have parts of their own.
        #expect(!parts("fromCity", begin: false).isEmpty)
        #expect(parts("fromCity", begin: false).isDisjoint(with: fromCity))
    }

    @Test func slotsWhoseValuesDisagreeOrWithoutARoleShareNothing() {
        #expect(parts("movie_name").isEmpty)
        #expect(parts("object_name").isEmpty)
        #expect(parts("city").isEmpty)
        #expect(SlotNameGrid.labelParts(schema: Self.schema)[0].isEmpty)
    }

    /// Label 1 (slot x) takes "foo"; label 3 (slot y) never does but shares a part with label 1.
    /// Decoded in an intent that allows only y, "go foo" reads foo as y with the shared part and
    /// as nothing without it.
    @Test func aPartCarriesOneLabelsEvidenceToAnother() {
        let tokenizer = Tokenizer(locale: "en-US")
        var examples: [TrainingExample] = []
        func add(_ text: String, _ second: Int32, times: Int) {
            for _ in 0..<times {
                examples.append(TrainingExample(tokens: tokenizer.tokenize(text), intent: 0, labels: [0, second],
                                                weight: 1, text: text))
            }
        }
        add("go foo", 1, times: 20)
        add("go bar", 3, times: 3)
        add("go baz", 0, times: 20)
        let allowed: [[Int32]] = [[0, 1, 2, 3, 4], [0, 3, 4]]
        let keys = [StableHash.hash("Both"), StableHash.hash("OnlyY")]
        let spans = [[TypedSpan]](repeating: [], count: examples.count)
        let shared: [[Int32]] = [[], [0], [1], [0], [1]]
        func second(_ tagger: SlotTagger) -> Int32 {
            tagger.decode(tokens: tokenizer.tokenize("go foo"), spans: [], intentKey: keys[1],
                          graph: tagger.graph(for: allowed[1])).labels[1]
        }
        let with = SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                    labelCount: 5, labelParts: shared)
        let without = SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                       labelCount: 5)
        #expect(second(with) == 3)
        #expect(second(without) == 0)
        // Both answer as trained in the intent that allows both.
        for tagger in [with, without] {
            #expect(tagger.decode(tokens: tokenizer.tokenize("go foo"), spans: [], intentKey: keys[0],
                                  graph: tagger.graph(for: allowed[0])).labels == [0, 1])
        }
    }

    @Test func trainingOptionsRecordTheChoice() throws {
        #expect(NLUModel.resolved(TrainingOptions(), schema: Self.schema).tagger.nameGrid == true)
        var options = TrainingOptions()
        options.tagger.nameGrid = false
        #expect(NLUModel.resolved(options, schema: Self.schema).tagger.nameGrid == false)
    }
}
