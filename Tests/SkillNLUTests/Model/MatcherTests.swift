import Foundation
import Testing
@testable import SkillNLU

/// An app's matchers beside the model: what they answer, how their slots become values, and
/// which of them (or the exact layer) decides.
@Suite struct MatcherTests {
    let model = OrderDesk.model.adding(OrderDesk.orderNumbers())

    @Test func regularExpressionMatcherReadsOrderNumbers() throws {
        let result = model.classify("where is order 48213")
        #expect(result.decidedBy == .matcher)
        #expect(result.matcher == "order-number")
        #expect(result.intent == IntentHypothesis(name: "TrackOrder", confidence: 0.9))
        let number = try #require(result.slot(named: "orderNumber"))
        #expect(number.value == "48213")
        #expect(number.rawValue == "48213")
        #expect((number.start, number.end) == (15, 20))
        #expect(number.type == "AMAZON.NUMBER")
        #expect(number.source == .matcher)
    }

    /// The matcher gives words (and, when it knows better, the value: digits said one by one
    /// are one order number); the model reads and resolves them as its own slots: a carrier's
    /// synonym resolves to its value and id.
    @Test func matcherSlotsGetTheModelsValuesAndResolutions() throws {
        let result = model.classify("track my order number 4 8 2 1 3 sent by fed ex")
        #expect(result.decidedBy == .matcher)
        let number = try #require(result.slot(named: "orderNumber"))
        #expect(number.rawValue == "4 8 2 1 3")
        #expect(number.value == "48213")
        let carrier = try #require(result.slot(named: "carrier"))
        #expect(carrier.rawValue == "fed ex")
        #expect(carrier.resolvedValue == ResolvedValue(name: "fedex", id: "FEDEX"))
        #expect(carrier.resolutions?.resolutionsPerAuthority.first?.authority.hasSuffix(".CarrierType") == true)
    }

    /// Without a value from the matcher, a built-in slot's words are parsed by the model.
    @Test func aMatcherSlotWithoutAValueIsParsedByTheModel() throws {
        let words = ClosureMatcher("words") { input in
            guard let at = input.tokens.firstIndex(where: { $0.normalized == "ticket" }), at + 1 < input.tokens.count else { return nil }
            return MatcherOutcome(intent: "CancelOrder", confidence: 0.8,
                                  slots: [.init(name: "orderNumber", tokens: (at + 1)..<input.tokens.count, of: input)])
        }
        let result = OrderDesk.model.adding(words).classify("drop ticket seventy two")
        let number = try #require(result.slot(named: "orderNumber"))
        #expect(result.matcher == "words")
        #expect(number.rawValue == "seventy two" && number.value == "72" && number.source == .matcher)
    }

    @Test func anUtteranceTheMatcherDoesNotAnswerIsTheModels() {
        let result = model.classify("i want to cancel my order")
        #expect(result.decidedBy == .exact)
        #expect(result.intent?.name == "CancelOrder")
        #expect(result.matcher == nil)
        #expect(model.classify("please call off what i bought").decidedBy != .matcher)
    }

    /// "track order {orderNumber}" is a sample: the exact layer wins over a matcher placed
    /// before the model.
    @Test func theExactLayerWinsOverAMatcher() {
        let cancelling = OrderDesk.model.adding(OrderDesk.always("cancel-all", "CancelOrder", confidence: 1))
        let result = cancelling.classify("track order 48213")
        #expect(result.decidedBy == .exact)
        #expect(result.intent?.name == "TrackOrder")
        #expect(result.matcher == nil)
    }

    /// Placed before the exact layer, the app's matcher wins even over a sample.
    @Test func theAppCanPutItsMatcherBeforeTheExactLayer() throws {
        let cancelling = OrderDesk.model.adding(OrderDesk.always("cancel-all", "CancelOrder", confidence: 0.8),
                                                placement: .beforeExactMatch)
        let result = cancelling.classify("track order 48213")
        #expect(result.decidedBy == .matcher)
        #expect(result.matcher == "cancel-all")
        #expect(result.intent == IntentHypothesis(name: "CancelOrder", confidence: 0.8))
        #expect(result.alternatives.isEmpty, "the classifier does not run for the override's answers")
        // The explained run answers the same.
        let (explained, e) = cancelling.classifyExplained("track order 48213")
        #expect(explained == result)
        #expect(e.decidedBy == .matcher && e.matcher == "cancel-all")
    }

    @Test func theMostConfidentMatcherWinsAndTheFirstAddedOnATie() {
        let track = OrderDesk.always("track", "TrackOrder", confidence: 0.7)
        let cancel = OrderDesk.always("cancel", "CancelOrder", confidence: 0.9)
        let alsoTrack = OrderDesk.always("also-track", "TrackOrder", confidence: 0.9)
        let text = "do the thing with my stuff"
        #expect(OrderDesk.model.adding(track).adding(cancel).classify(text).matcher == "cancel")
        #expect(OrderDesk.model.adding(cancel).adding(track).classify(text).matcher == "cancel")
        #expect(OrderDesk.model.adding(cancel).adding(alsoTrack).classify(text).matcher == "cancel")
        #expect(OrderDesk.model.adding(alsoTrack).adding(cancel).classify(text).matcher == "also-track")
        let e = OrderDesk.model.adding(track).adding(cancel).classifyExplained(text).explanation
        #expect(e.rules.map(\.kind) == [.matcherOutranked, .matcherAnswer])
        #expect(e.rules.first?.matcher == "track" && e.rules.first?.threshold == 0.9)
    }

    /// A matcher that throws, or names an intent or slot the model does not have, is passed
    /// over: the next answer (here the model's) stands, and the explanation says why.
    @Test func aFailingOrInvalidMatcherIsPassedOverWithItsReason() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "database offline" } }
        let cases: [(ClosureMatcher, String)] = [
            (ClosureMatcher("throws") { _ in throw Broken() }, "it threw: database offline"),
            (OrderDesk.always("unknown-intent", "RefundOrder", confidence: 1), "the model has no intent RefundOrder"),
            (ClosureMatcher("unknown-slot") { input in
                MatcherOutcome(intent: "TrackOrder", slots: [.init(name: "parcel", tokens: 0..<1, of: input)])
            }, "intent TrackOrder has no slot parcel"),
            (ClosureMatcher("no-words") { _ in
                MatcherOutcome(intent: "TrackOrder", slots: [.init(name: "orderNumber", start: 500, end: 510)])
            }, "slot orderNumber's span 500..<510 covers no word"),
        ]
        let text = "where could my package be"
        let plain = OrderDesk.model.classify(text)
        for (matcher, reason) in cases {
            let withMatcher = OrderDesk.model.adding(matcher)
            let result = withMatcher.classify(text)
            #expect(result == plain, "\(matcher.name)")
            let rules = withMatcher.classifyExplained(text).explanation.rules
            let failed = try #require(rules.first { $0.kind == .matcherFailed }, "\(matcher.name)")
            #expect(failed.matcher == matcher.name)
            #expect(failed.reason == reason)
        }
        // A valid matcher after a failing one still answers.
        let second = OrderDesk.model.adding(cases[0].0).adding(OrderDesk.orderNumbers()).classify("where is order 7")
        #expect(second.matcher == "order-number")
    }

    /// The matcher sees the text, the model's tokens and where the dialog stands.
    @Test func theMatcherSeesTokensAndTheDialogsContext() {
        let seen = Seen()
        let spy = ClosureMatcher("spy") { input in
            seen.input = input
            return nil
        }
        var context = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 0),
                                            timeZone: TimeZone(identifier: "UTC")!)
        context.elicitingSlot = .init(intent: "TrackOrder", slot: "orderNumber")
        _ = OrderDesk.model.adding(spy).classify("It's 4 8 2", context: context)
        let input = seen.input
        #expect(input?.text == "It's 4 8 2")
        #expect(input?.tokens.map(\.text) == ["It's", "4", "8", "2"])
        #expect(input?.localeIdentifier == "en-US")
        #expect(input?.referenceDate == Date(timeIntervalSince1970: 0))
        #expect(input?.elicitingIntent == "TrackOrder" && input?.elicitingSlot == "orderNumber")
        // Empty input has no words to match: the matcher is not asked.
        seen.input = nil
        #expect(OrderDesk.model.adding(spy).classify(" ").intent == nil)
        #expect(seen.input == nil)
    }

    /// Results of a model without matchers encode as before: no `matcher` key; older JSON
    /// without it decodes.
    @Test func resultsWithoutAMatcherKeepTheirJSON() throws {
        let result = OrderDesk.model.classify("where is my package")
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(!json.contains("\"matcher\""))
        let decoded = try JSONDecoder().decode(NLUResult.self, from: Data(json.utf8))
        #expect(decoded == result)
        let matched = model.classify("where is order 48213")
        let again = try JSONDecoder().decode(NLUResult.self, from: JSONEncoder().encode(matched))
        #expect(again.matcher == "order-number" && again.decidedBy == .matcher)
    }
}

/// What a spy matcher saw (the tests classify on one thread).
final class Seen: @unchecked Sendable {
    var input: MatcherInput?
}
