import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Slot spans stop at the value: the carrier phrases of an intent's samples are not values.
@Suite struct CarrierSpanTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "music box",
      "intents": [
        {"name": "PlayGenreIntent", "slots": [{"name": "genre", "type": "GenreType"}],
         "samples": ["play {genre}", "put on {genre} music", "play some {genre}", "i want to listen to {genre}"]},
        {"name": "PlayMixIntent", "slots": [{"name": "mix", "type": "MixName"}],
         "samples": ["start {mix}", "i would like to hear {mix}", "shuffle {mix}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "GenreType", "values": [{"name": {"value": "jazz"}}, {"name": {"value": "blues"}},
                                          {"name": {"value": "rock"}}, {"name": {"value": "classical"}}]},
        {"name": "MixName", "values": [{"name": {"value": "morning mix"}}, {"name": {"value": "workout mix"}},
                                        {"name": {"value": "chill mix"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// The spans `withoutCarrierWords` leaves of `spans` (slot name, first token, end token), as text.
    func trimmed(_ text: String, intent: String, _ spans: [(String, Int, Int)]) -> [String] {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let keys = tokens.map(PhraseTrie.key)
        let i = model.schema.intentIndex(named: intent)!
        let slots = model.schema.intents[i].slots
        let assignments = spans.map { s in (slot: slots.firstIndex { $0.name == s.0 }!, start: s.1, end: s.2, confidence: Float(1)) }
        let kept = model.withoutCarrierWords(assignments, intent: i, tokens: tokens, keys: keys,
                                             gazetteer: model.schema.gazetteer.allMatches(keys), context: .init())
        return kept.map { a in tokens[a.start..<a.end].map(\.text).joined(separator: " ") }
    }

    @Test func aSpanOfCarrierWordsIsNoValue() {
        // "i'd like to hear the evening mix": "like to hear" is the sample's carrier.
        #expect(trimmed("i'd like to hear the evening mix", intent: "PlayMixIntent", [("mix", 1, 4), ("mix", 4, 7)])
                == ["evening mix"])
        #expect(trimmed("play some jazz please", intent: "PlayGenreIntent", [("genre", 2, 3), ("genre", 3, 4)]) == ["jazz"])
    }

    @Test func carrierWordsAtASpansEdgeAreTakenOff() {
        #expect(trimmed("put on some blues", intent: "PlayGenreIntent", [("genre", 2, 4)]) == ["blues"])
        #expect(trimmed("put on bluegrass music", intent: "PlayGenreIntent", [("genre", 2, 4)]) == ["bluegrass"])
        #expect(trimmed("shuffle the evening mix please", intent: "PlayMixIntent", [("mix", 1, 5)]) == ["evening mix"])
    }

    @Test func anArticleNoListedValueSaysIsNoPartOfAnUnlistedValue() {
        // No mix the model lists starts with an article, and the samples put the slot right
        // after the verb: "the" is the user's, not the value's.
        #expect(trimmed("start the evening mix", intent: "PlayMixIntent", [("mix", 1, 4)]) == ["evening mix"])
        #expect(trimmed("shuffle a sunday mix", intent: "PlayMixIntent", [("mix", 1, 4)]) == ["sunday mix"])
        #expect(trimmed("play the bluegrass", intent: "PlayGenreIntent", [("genre", 1, 3)]) == ["bluegrass"])
        // What is left after the article must name a value.
        #expect(trimmed("shuffle the other one", intent: "PlayMixIntent", [("mix", 1, 4)]) == ["the other one"])
    }

    @Test func anArticleAListedValueSaysStays() {
        // Shows start with "the" in this list, so an unlisted one keeps it as well.
        let json = #"""
        {"interactionModel": {"languageModel": {"invocationName": "show guide", "intents": [
          {"name": "WatchIntent", "slots": [{"name": "show", "type": "ShowType"}],
           "samples": ["watch {show}", "put on {show}", "i want to see {show}"]}],
          "types": [{"name": "ShowType", "values": [{"name": {"value": "the office"}}, {"name": {"value": "the crown"}},
                                                   {"name": {"value": "friends"}}]}]}}}
        """#
        let model = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)
        let tokens = model.schema.tokenizer.tokenize("watch the expanse")
        let keys = tokens.map(PhraseTrie.key)
        let kept = model.withoutCarrierWords([(slot: 0, start: 1, end: 3, confidence: 1)], intent: 0, tokens: tokens, keys: keys,
                                             gazetteer: model.schema.gazetteer.allMatches(keys), context: .init())
        #expect(kept.map { $0.start } == [1])
    }

    @Test func listedValuesAndOtherWordsStay() {
        #expect(trimmed("put on the chill mix", intent: "PlayMixIntent", [("mix", 3, 5)]) == ["chill mix"])
        // "some" begins no genre the model lists, but an unlisted value keeps words that are not carriers.
        #expect(trimmed("play smooth jazz", intent: "PlayGenreIntent", [("genre", 1, 3)]) == ["smooth jazz"])
    }

    @Test func classifiedSlotsHoldNoCourtesyWords() {
        for (text, slot, value) in [("play some jazz please", "genre", "jazz"), ("start the morning mix please", "mix", "morning mix"),
                                    ("shuffle the workout mix thank you", "mix", "workout mix")] {
            let r = Self.model.classify(text)
            #expect(r.slot(named: slot)?.rawValue == value, "\(text)")
            #expect(r.repeatedSlots.isEmpty, "\(text)")
        }
    }
}

/// Spans of parsed types stop at the value their parser reads.
@Suite struct ParsedSpanTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "appointments",
      "intents": [
        {"name": "BookIntent", "slots": [
            {"name": "date", "type": "AMAZON.DATE"}, {"name": "time", "type": "AMAZON.TIME"},
            {"name": "count", "type": "AMAZON.NUMBER"}],
         "samples": ["book an appointment on {date} at {time}", "book me in for {time}", "schedule a call for {date}",
                     "i need {count} appointments"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// What `withoutCarrierWords` leaves of `spans` (slot name, first token, end token), as text.
    func kept(_ text: String, _ spans: [(String, Int, Int)]) -> [String] {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let keys = tokens.map(PhraseTrie.key)
        let slots = model.schema.intents[0].slots
        let assignments = spans.map { s in (slot: slots.firstIndex { $0.name == s.0 }!, start: s.1, end: s.2, confidence: Float(1)) }
        let context = ClassificationContext()
        let found = model.withoutCarrierWords(assignments, intent: 0, tokens: tokens, keys: keys,
                                              gazetteer: model.schema.gazetteer.allMatches(keys),
                                              builtIns: model.finder.builtInSpans(tokens, context: context.builtIn), context: context)
        return found.map { a in slots[a.slot].name + "=" + tokens[a.start..<a.end].map(\.text).joined(separator: " ") }
    }

    @Test func aSpanThatDoesNotParseGivesWayToTheValueThatDoes() {
        // "slot" took the time while "eleven thirty" would have gone to repeatedSlots.
        #expect(kept("reserve a slot on june third at eleven thirty", [("date", 4, 6), ("time", 2, 3), ("time", 7, 9)])
                == ["date=june third", "time=eleven thirty"])
        // "call with you" is no date; "monday", which no span holds, is.
        #expect(kept("book a call with you for monday afternoon", [("date", 2, 5), ("time", 7, 8)])
                == ["date=monday", "time=afternoon"])
        #expect(kept("i need six more appointments", [("count", 2, 4)]) == ["count=six"])
    }

    @Test func aCarrierBeforeAParsedValueIsTakenOff() {
        #expect(kept("could you book me in for three o'clock", [("time", 5, 8)]) == ["time=three o'clock"])
        // Words that change the value stay.
        #expect(kept("book an appointment at nine in the morning", [("time", 4, 8)]) == ["time=nine in the morning"])
    }
}
