import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A span of free text or of an unlisted value must name a value: words that are only the
/// language's function words and the skill's carrier words are the request itself, and a span
/// stops where a request of its own, or a date said after a listed value, begins.
@Suite struct ValueEvidenceTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "podcast shelf",
      "intents": [
        {"name": "PlayEpisodeIntent", "slots": [{"name": "episode", "type": "AMAZON.SearchQuery"}],
         "samples": ["play {episode}", "start {episode}", "listen to {episode}", "put on the episode {episode}"]},
        {"name": "ResumeIntent", "slots": [{"name": "episode", "type": "AMAZON.SearchQuery"}],
         "samples": ["resume", "keep listening", "where i left off", "pick up where i left off",
                     "resume {episode}", "keep listening to {episode}"]},
        {"name": "ListShowsIntent", "samples": ["list my shows", "what shows do i have", "show my shows"]},
        {"name": "GiftIntent", "slots": [{"name": "relation", "type": "RelationType"}],
         "samples": ["a gift for my {relation}", "i need a present for my {relation}", "my {relation}"]},
        {"name": "AMAZON.StartOverIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "RelationType", "values": [{"name": {"value": "mother", "synonyms": ["mom", "mum"]}},
                                             {"name": {"value": "father", "synonyms": ["dad"]}},
                                             {"name": {"value": "sister"}}, {"name": {"value": "brother"}},
                                             {"name": {"value": "best friend"}}, {"name": {"value": "grandma"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    func keys(_ text: String) -> [UInt64] { Self.model.schema.tokenizer.tokenize(text).map(PhraseTrie.key) }

    func type(_ name: String) -> Int { Self.model.schema.types.firstIndex { $0.name == name }! }

    @Test func carrierAndFunctionWordsNameNoValue() {
        let query = type("AMAZON.SearchQuery")
        #expect(Self.model.namesNoValue(keys("it over"), type: query))
        #expect(Self.model.namesNoValue(keys("the list of my shows"), type: query))
        #expect(Self.model.namesNoValue(keys("on with my episode"), type: query))
        #expect(!Self.model.namesNoValue(keys("the long walk home"), type: query))
        #expect(!Self.model.namesNoValue(keys("dune"), type: query))
        // A word of the type's listed forms may be a value, whatever else says it.
        #expect(!Self.model.namesNoValue(keys("my mom"), type: type("RelationType")))
    }

    @Test func aReadingSaysSpansOfNoValueAsCarrierWords() {
        let model = Self.model
        let i = model.schema.intentIndex(named: "ResumeIntent")!
        let slot = model.schema.slotNames.firstIndex(of: "episode")!
        let b = SlotLabels.begin(slot), n = SlotLabels.inside(slot)
        // "carry on with my episode": the tagger's span after "carry" is the request's words.
        #expect(model.withoutValuelessSpans([0, b, n, n, n], intent: i, keys: { keys("carry on with my episode") })
                == [0, 0, 0, 0, 0])
        #expect(model.withoutValuelessSpans([0, b, n], intent: i, keys: { keys("resume the martian") }) == nil)
    }

    @Test func freeTextOfNothingButRequestWordsIsNoTitle() {
        // The exact layer spelled "start {episode}" with "it over" as the title.
        let r = Self.model.classify("start it over")
        #expect(r.slot(named: "episode") == nil)
        #expect(r.intent?.name != "PlayEpisodeIntent")
        // A real title still fills the slot through the same sample.
        let s = Self.model.classify("start the long walk home")
        #expect(s.intent?.name == "PlayEpisodeIntent")
        #expect(s.slot(named: "episode")?.rawValue == "the long walk home")
    }

    /// What `withoutRequestClauses` leaves of the span from token `start` to token `end`.
    func clauseFree(_ text: String, intent: String, _ start: Int, _ end: Int) -> String {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let i = model.schema.intentIndex(named: intent)!
        let a = model.withoutRequestClauses((slot: 0, start: start, end: end, confidence: 1), intent: i,
                                            keys: tokens.map(PhraseTrie.key))
        return tokens[a.start..<a.end].map(\.text).joined(separator: " ")
    }

    @Test func freeTextStopsWhereARequestOfTheIntentStarts() {
        #expect(clauseFree("resume the long walk home where i stopped", intent: "ResumeIntent", 1, 8) == "the long walk home")
        #expect(clauseFree("resume where i left off in night shift", intent: "ResumeIntent", 1, 8) == "night shift")
        // A title without such a request stays whole, and so does what would leave no title.
        #expect(clauseFree("resume the long walk home", intent: "ResumeIntent", 1, 5) == "the long walk home")
        #expect(clauseFree("resume where i left off in it", intent: "ResumeIntent", 1, 7) == "where i left off in it")
        #expect(clauseFree("play where i left off in night shift", intent: "PlayEpisodeIntent", 1, 8)
                == "where i left off in night shift")
    }

    /// The spans `withoutCarrierWords` leaves of one span of `relation`, as text.
    func trimmed(_ text: String, _ start: Int, _ end: Int) -> [String] {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let keys = tokens.map(PhraseTrie.key)
        let i = model.schema.intentIndex(named: "GiftIntent")!
        let kept = model.withoutCarrierWords([(slot: 0, start: start, end: end, confidence: 1)], intent: i, tokens: tokens,
                                             keys: keys, gazetteer: model.schema.gazetteer.allMatches(keys), context: .init())
        return kept.map { a in tokens[a.start..<a.end].map(\.text).joined(separator: " ") }
    }

    @Test func wordsOfNoValueAndDatesAfterAListedValueAreNotPartOfIt() {
        #expect(trimmed("a gift for my mom for christmas", 4, 6) == ["mom"])
        #expect(trimmed("my best friend tomorrow", 1, 4) == ["best friend"])
        #expect(trimmed("my sister next week", 1, 4) == ["sister"])
        // An unlisted value keeps its words.
        #expect(trimmed("my great aunt", 1, 3) == ["great aunt"])
    }

    @Test func wordsOfNoValueBeforeAListedValueAreNotPartOfIt() {
        #expect(trimmed("is it for my sister", 2, 5) == ["sister"])
        #expect(trimmed("a present for her best friend", 2, 6) == ["best friend"])
        // Words that may be a value stay ("great" is no function word), and so does a listed value.
        #expect(trimmed("a present for great grandma", 3, 5) == ["great grandma"])
        #expect(trimmed("my best friend", 1, 3) == ["best friend"])
    }

    @Test func aSpanThatIsADateKeepsItsDate() {
        // A list that holds dates ("tomorrow", "next week") meets one the parsers do not read
        // whole ("jan the 3rd"): its date words are the value's.
        let json = #"""
        {"interactionModel": {"languageModel": {
          "invocationName": "weather desk",
          "intents": [
            {"name": "WeatherIntent", "slots": [{"name": "when", "type": "WhenType"}],
             "samples": ["what is the weather for {when}", "weather on {when}"]}
          ],
          "types": [{"name": "WhenType", "values": [{"name": {"value": "jan"}}, {"name": {"value": "tomorrow"}},
                                                                   {"name": {"value": "next week"}}]}]}}}
        """#
        let model = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)
        let tokens = model.schema.tokenizer.tokenize("weather on jan the 3rd")
        let keys = tokens.map(PhraseTrie.key)
        let i = model.schema.intentIndex(named: "WeatherIntent")!
        let kept = model.withoutCarrierWords([(slot: 0, start: 2, end: 5, confidence: 1)], intent: i, tokens: tokens, keys: keys,
                                             gazetteer: model.schema.gazetteer.allMatches(keys), context: .init())
        #expect(kept.map { $0.end } == [5])
    }
}
