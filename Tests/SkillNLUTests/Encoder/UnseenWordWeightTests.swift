import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Words the n-gram classifier never saw give the contextual head more say among the skill's
/// intents (``ClassificationContext/unseenWordWeight``): the mixture's arithmetic, the auto
/// tier's tempered odds, and paraphrases that needed it.
@Suite struct UnseenWordWeightTests {
    /// A feed reader's favourites, written for these tests: intents that share "my favorites"
    /// and differ by the verb, so a verb no sample says leaves the n-grams with the shared words.
    static let favoritesJSON = #"""
    {"interactionModel": {"languageModel": {"invocationName": "news feeds", "intents": [
      {"name": "AMAZON.CancelIntent", "samples": []}, {"name": "AMAZON.HelpIntent", "samples": []},
      {"name": "AMAZON.StopIntent", "samples": []}, {"name": "AMAZON.FallbackIntent", "samples": []},
      {"name": "AddFavorite", "slots": [{"name": "category", "type": "CATEGORY"}], "samples": [
        "add {category} to my favorites", "add {category} to favorites", "mark {category} as favorite",
        "make {category} a favorite", "add {category} to my favorite feeds"]},
      {"name": "RemoveFavorite", "slots": [{"name": "category", "type": "CATEGORY"}], "samples": [
        "remove {category} from my favorites", "remove {category} from favorites", "remove {category} as favorite",
        "remove {category} from my favorite feeds"]},
      {"name": "OpenFavorites", "samples": ["open my favorites", "open favorites", "play my favorite feeds",
        "start my favorites", "play favorites"]},
      {"name": "ListFavorites", "samples": ["list my favorites", "list favorite feeds", "what are my favorite feeds",
        "which feeds are my favorites"]},
      {"name": "ReadCategory", "slots": [{"name": "category", "type": "CATEGORY"}], "samples": [
        "read {category} news", "open {category}", "play the {category} feed", "what's new in {category}"]}
      ], "types": [{"name": "CATEGORY", "values": [{"name": {"value": "sports"}}, {"name": {"value": "business"}},
        {"name": {"value": "technology"}}, {"name": {"value": "science"}}, {"name": {"value": "world news"}},
        {"name": {"value": "politics"}}]}]}}}
    """#

    /// A table booking skill, written for these tests: one intent with many samples and slots,
    /// one asked about in two samples only.
    static let bookingJSON = #"""
    {"interactionModel": {"languageModel": {"invocationName": "table booker", "intents": [
      {"name": "AMAZON.CancelIntent", "samples": []}, {"name": "AMAZON.HelpIntent", "samples": []},
      {"name": "AMAZON.StopIntent", "samples": []},
      {"name": "BookTable", "slots": [{"name": "date", "type": "AMAZON.DATE"}, {"name": "time", "type": "AMAZON.TIME"},
        {"name": "people", "type": "AMAZON.NUMBER"}], "samples": ["book a table", "book a table for {people}",
        "book a table on {date} at {time}", "reserve a table for {people} on {date}", "make a reservation for {date} at {time}",
        "i want to book a table for {people} people at {time}", "{date} at {time}"]},
      {"name": "CheckOpening", "slots": [{"name": "date", "type": "AMAZON.DATE"}, {"name": "time", "type": "AMAZON.TIME"}],
        "samples": ["check availability", "check opening hours"]},
      {"name": "CancelBooking", "slots": [{"name": "date", "type": "AMAZON.DATE"}], "samples": [
        "cancel my booking", "cancel my reservation for {date}", "cancel the table"]}
      ]}}}
    """#

    static func trained(_ json: String) throws -> NLUModel {
        var options = TrainingOptions.quick
        options.contextualHead = "en"
        options.contextualHeadUtterancesPerIntent = 24
        return try NLUModel.train(from: try Importer.decode(Data(json.utf8)), options: options)
    }

    /// Trained once for the suite (the encoder is slow in a debug build).
    static let favorites = Result { try trained(favoritesJSON) }
    static let booking = Result { try trained(bookingJSON) }

    @Test func unseenWordsShiftTheChoiceAmongTheSkillsIntentsNotTheFallbacksShare() throws {
        let model = try Self.favorites.get()
        let head = try #require(model.contextualHead)
        let f = try #require(model.fallback.intent)
        let n = model.intentNames.count
        // The fast tier leans to intent a, the head to intent b.
        let a = (f + 1) % n, b = (f + 2) % n
        var fast = [Float](repeating: 0.02, count: n), own = [Float](repeating: 0.02, count: n)
        fast[a] = 1; fast[f] = 0.1; own[b] = 1; own[f] = 0.2
        let fastTotal = fast.reduce(0, +), ownTotal = own.reduce(0, +)
        fast = fast.map { $0 / fastTotal }
        own = own.map { $0 / ownTotal }

        let none = head.mixture(fast: fast, own: own, unseenWordShare: 0, weight: 10, fallback: f)
        #expect(none.ranked == none.plain, "all words seen: the plain mixture")
        #expect(head.mixture(fast: fast, own: own, unseenWordShare: 0.5, weight: 0, fallback: f).ranked == none.plain)

        let half = head.mixture(fast: fast, own: own, unseenWordShare: 0.5, weight: 10, fallback: f)
        #expect(half.plain == none.plain)
        #expect(abs(half.ranked.reduce(0, +) - 1) < 1e-5)
        #expect(half.ranked[f] == half.plain[f], "whether the request is the skill's stays as the plain mixture says")
        #expect(half.ranked[b] / half.ranked[a] > half.plain[b] / half.plain[a], "the head weighs more among the skill's intents")
        // Without a fallback intent the whole mixture leans to the head.
        let noFallback = head.mixture(fast: fast, own: own, unseenWordShare: 0.5, weight: 10, fallback: nil)
        var expected = fast
        PackIntentScorer.mix(&expected, with: own, exponent: head.influence * 6)
        #expect(zip(noFallback.ranked, expected).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    @Test func theAutoTierTempersTheClassifiersOddsByItsUnseenWords() {
        var auto = ClassificationContext()
        auto.tier = .auto
        // Sure at 0.95: the plain rule keeps the fast tier; a quarter of the words unseen makes
        // the odds against the runner-up 0.71, under 0.9.
        let sure: [Float] = [0.95, 0.04, 0.01]
        #expect(abs(EncoderIntentHead.temperedTopOdds(sure, unseenWordShare: 0.25, weight: 10) - 0.7124) < 1e-3)
        #expect(EncoderIntentHead.runs(in: auto, fastProbabilities: sure, unseenWordShare: { 0.25 }))
        #expect(!EncoderIntentHead.runs(in: auto, fastProbabilities: sure, unseenWordShare: { 0 }))
        var even = auto
        even.unseenWordWeight = 0
        #expect(!EncoderIntentHead.runs(in: even, fastProbabilities: sure, unseenWordShare: { 0.25 }))
        // Unsure already: the unseen words are not looked for.
        #expect(EncoderIntentHead.runs(in: auto, fastProbabilities: [0.6, 0.4], unseenWordShare: {
            Issue.record("asked for the unseen share")
            return 0
        }))
        // Only the runner-up counts: 150 near-zero intents do not add up to doubt.
        let many = [Float(0.95)] + Array(repeating: Float(0.05 / 150), count: 150)
        #expect(!EncoderIntentHead.runs(in: auto, fastProbabilities: many, unseenWordShare: { 0.1 }))
    }

    @Test func theExplanationCarriesTheUnseenShare() throws {
        let model = try Self.favorites.get()
        let text = "i no longer want sports among my favorites"
        let share = model.classifier.unseenWordShare(model.schema.tokenizer.tokenize(text))
        #expect(share > 0.3, "no, longer, want and among are no sample's words")
        var accurate = ClassificationContext()
        accurate.tier = .accurate
        let contextual = try #require(model.classifyExplained(text, context: accurate).explanation.contextual)
        #expect(abs(contextual.unseenWordShare - Double(share)) < 1e-6)
        #expect(model.classifier.unseenWordShare(model.schema.tokenizer.tokenize("list my favorites")) == 0)
    }

    @Test func paraphrasesInWordsNoSampleSaysReachTheirIntent() throws {
        let favorites = try Self.favorites.get()
        let booking = try Self.booking.get()
        #expect(favorites.classify("i no longer want sports among my favorites").intent?.name == "RemoveFavorite")
        for text in ["until when are you open today", "what time do you open"] {
            #expect(booking.classify(text).intent?.name == "CheckOpening", "\(text)")
        }
        // The old mixture, as equals, keeps the n-grams' answer.
        var equals = ClassificationContext()
        equals.unseenWordWeight = 0
        #expect(favorites.classify("i no longer want sports among my favorites", context: equals).intent?.name != "RemoveFavorite")
        for text in ["until when are you open today", "what time do you open"] {
            #expect(booking.classify(text, context: equals).intent?.name != "CheckOpening", "\(text)")
        }
    }
}
