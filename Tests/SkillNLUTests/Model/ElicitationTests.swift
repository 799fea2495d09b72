import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Answers read while a dialog elicits a slot (ClassificationContext.elicitingSlot): values
/// the model does not list fill the slot, and real requests still switch intents.
@Suite struct ElicitationTests {
    /// A coffee bar whose `Feedback` intent is only a slot ("{comment}"), as gift-idea's
    /// AnswerIntent is: the classifier reads most bare phrases as feedback.
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "coffee bar",
      "intents": [
        {"name": "OrderDrink", "slots": [
            {"name": "drink", "type": "DrinkType", "samples": ["a {drink}", "{drink} please", "i'll have {drink}", "a {size} {drink}"]},
            {"name": "size", "type": "SizeType", "samples": ["a {size} one", "make it {size}"]},
            {"name": "note", "type": "AMAZON.SearchQuery", "samples": ["the note says {note}"]},
            {"name": "shots", "type": "AMAZON.NUMBER", "samples": ["{shots} shots"]}],
         "samples": ["i want a {size} {drink}", "a {drink} please", "order a {drink}", "get me a {drink}",
                     "can i get a {size} {drink}", "order a drink", "i'd like a coffee", "one {size} {drink} please",
                     "add a note saying {note}", "with {shots} shots", "make me a {drink} with {shots} shots"]},
        {"name": "Feedback", "slots": [{"name": "comment", "type": "CommentType"}],
         "samples": ["{comment}", "feedback {comment}"]},
        {"name": "OrderStatus", "samples": ["where is my order", "is my coffee ready", "how long until my drink is ready",
                     "track my order", "check my order", "any news on my order", "what is the status of my order"]},
        {"name": "AMAZON.HelpIntent", "samples": []},
        {"name": "AMAZON.CancelIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "DrinkType", "values": [{"name": {"value": "latte"}}, {"name": {"value": "espresso"}},
                                         {"name": {"value": "cappuccino"}}, {"name": {"value": "mocha"}}]},
        {"name": "SizeType", "values": [{"name": {"value": "small"}}, {"name": {"value": "medium"}},
                                        {"name": {"value": "large", "synonyms": ["big"]}}]},
        {"name": "CommentType", "values": [{"name": {"value": "great service"}}, {"name": {"value": "too slow"}},
                                           {"name": {"value": "lovely staff"}}, {"name": {"value": "cold coffee"}}]}
      ]}}}
    """#

    static let model: NLUModel = {
        let im = try! Importer.decode(Data(json.utf8))
        return try! NLUModel.train(from: im, options: Fixtures.fastOptions)
    }()

    func asking(_ slot: String, switchAt confidence: Double = 0.5) -> ClassificationContext {
        var c = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_763_683_200),
                                      timeZone: TimeZone(identifier: "UTC")!,
                                      elicitingSlot: .init(intent: "OrderDrink", slot: slot))
        c.intentSwitchConfidence = confidence
        return c
    }

    /// Loading compiles no slot's answer matchers; the first elicitation of a slot compiles
    /// that slot's alone, once, however many threads share the model, and answers as a model
    /// that had them all from the start.
    @Test func aSlotsAnswerMatchersAreCompiledWhenItIsFirstElicited() async throws {
        let loaded = try NLUModel(fileBytes: Self.model.fileBytes())
        #expect(loaded.elicitation.compiledSlotCount == 0)
        let answers = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let r = loaded.classify("i'll have oat milk cortado", context: self.asking("drink"))
                    return "\(r.intent?.name ?? "-") \(r.decidedBy) \(r.slot(named: "drink")?.value ?? "-")"
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        let expected = Self.model.classify("i'll have oat milk cortado", context: asking("drink"))
        #expect(Set(answers) == ["OrderDrink \(expected.decidedBy) \(expected.slot(named: "drink")?.value ?? "-")"])
        #expect(loaded.elicitation.compiledSlotCount == 1)
        _ = loaded.classify("a large one", context: asking("size"))
        #expect(loaded.elicitation.compiledSlotCount == 2)
    }

    @Test(arguments: ["flat white", "oat milk cortado"])
    func anUnlistedValueFillsTheElicitedSlot(_ answer: String) throws {
        let r = Self.model.classify(answer, context: asking("drink"))
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.decidedBy == .elicitation)
        let drink = try #require(r.slot(named: "drink"))
        #expect(drink.rawValue == answer)
        #expect(drink.resolutions?.resolutionsPerAuthority.first?.status.code == .successNoMatch)
    }

    @Test func aBareValueIsNoEvidenceForTheIntentThatIsOnlyASlot() {
        // Without a dialog the bare phrase is feedback; asked for a drink, it is the drink.
        let alone = Self.model.classify("slow service")
        #expect(alone.intent?.name == "Feedback")
        #expect((alone.intent?.confidence ?? 0) >= 0.5)
        let r = Self.model.classify("slow service", context: asking("drink"))
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.decidedBy == .elicitation)
        #expect(r.slot(named: "drink")?.rawValue == "slow service")
        #expect(r.alternatives.first?.name == "Feedback")
        // The intent's confidence: at least one minus the best other intent's probability; the
        // alternatives shown are no more confident than the answer.
        let feedback = Self.model.classifyExplained("slow service", context: asking("drink")).explanation.considered
            .first { $0.intent == "Feedback" }?.score ?? 1
        #expect((r.intent?.confidence ?? 0) >= 1 - feedback - 1e-9)
        #expect((r.alternatives.first?.confidence ?? 1) <= (r.intent?.confidence ?? 0))
        // A listed value of the other intent is an exact sample of it ("{comment}"), and still
        // only a value.
        let listed = Self.model.classify("great service", context: asking("drink"))
        #expect(listed.intent?.name == "OrderDrink")
        #expect(listed.slot(named: "drink")?.rawValue == "great service")
        // With a word of its own, the other intent takes the turn.
        let worded = Self.model.classify("feedback slow service", context: asking("drink"))
        #expect(worded.intent?.name == "Feedback")
    }

    @Test(arguments: [
        ("size", "a gigantic one", "gigantic"),
        ("size", "make it huge", "huge"),
        ("drink", "i'll have a flat white please", "flat white"),
        ("drink", "it's a flat white please", "flat white"),
        ("drink", "um a flat white", "flat white"),
    ])
    func carrierWordsAroundAnUnlistedValueAreNotTheValue(_ slot: String, _ answer: String, _ value: String) {
        let r = Self.model.classify(answer, context: asking(slot))
        #expect(r.intent?.name == "OrderDrink", "\(answer)")
        #expect(r.slot(named: slot)?.rawValue == value, "\(answer): \(r.slots.map { "\($0.name)=\($0.rawValue)" })")
    }

    @Test func aFreeTextSlotTakesTheWholeAnswer() {
        for answer in ["happy birthday Sam", "great service", "thanks for everything"] {
            let r = Self.model.classify(answer, context: asking("note"))
            #expect(r.intent?.name == "OrderDrink", "\(answer)")
            #expect(r.slot(named: "note")?.value == answer)
            #expect(r.slot(named: "note")?.type == "AMAZON.SearchQuery")
        }
        let carried = Self.model.classify("the note says see you soon", context: asking("note"))
        #expect(carried.slot(named: "note")?.value == "see you soon")
    }

    @Test(arguments: ["note", "drink", "size", "shots"])
    func cancelStopAndHelpStillSwitch(_ slot: String) {
        for (answer, intent) in [("cancel", "AMAZON.CancelIntent"), ("stop", "AMAZON.StopIntent"), ("help", "AMAZON.HelpIntent")] {
            let r = Self.model.classify(answer, context: asking(slot))
            #expect(r.intent?.name == intent, "\"\(answer)\" while \(slot) is asked for: \(r.intent?.name ?? "nothing")")
        }
    }

    @Test func anotherIntentsSampleOrItsOwnWordsSwitch() {
        let sample = Self.model.classify("where is my order", context: asking("drink"))
        #expect(sample.intent?.name == "OrderStatus")
        #expect(sample.decidedBy == .exact)
        // Not a sample, but the classifier is sure and "news" and "order" are OrderStatus's words.
        let paraphrase = "any news about my order"
        let plain = Self.model.classify(paraphrase)
        #expect(plain.intent?.name == "OrderStatus")
        #expect((plain.intent?.confidence ?? 0) >= 0.5)
        let r = Self.model.classify(paraphrase, context: asking("drink"))
        #expect(r.intent?.name == "OrderStatus")
        #expect(r.decidedBy == .model)
        // Demanding more confidence than any intent can have, the same words are the drink.
        let kept = Self.model.classify(paraphrase, context: asking("drink", switchAt: 1.01))
        #expect(kept.intent?.name == "OrderDrink")
        #expect(kept.decidedBy == .elicitation)
    }

    /// "it is" around an answer is a carrier any answer may have, though "is" is a word of
    /// OrderStatus's samples and of none of OrderDrink's.
    @Test func carrierWordsAreNoEvidenceForAnotherIntent() throws {
        let m = Self.model
        let drink = try #require(m.schema.intentIndex(named: "OrderDrink"))
        let status = try #require(m.schema.intentIndex(named: "OrderStatus"))
        func keys(_ text: String) -> [UInt64] { m.schema.tokenizer.tokenize(text).map(PhraseTrie.key) }
        #expect(!m.elicitation.hasEvidence(for: status, against: drink, keys: keys("it is a flat white")))
        #expect(m.elicitation.hasEvidence(for: status, against: drink, keys: keys("track a flat white")))
    }

    @Test func aParsedSlotNeedsAValueOfItsKind() {
        let r = Self.model.classify("um two i think", context: asking("shots"))
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.slot(named: "shots")?.value == "2")
        let none = Self.model.classify("pumpkin spice thing", context: asking("shots"))
        #expect(none.decidedBy != .elicitation)
        #expect(none.slot(named: "shots") == nil)
    }

    @Test func otherSlotsSaidInsteadAreFilled() {
        let r = Self.model.classify("a big one please", context: asking("drink"))
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.slot(named: "size")?.rawValue == "big")
        #expect(r.slot(named: "drink") == nil)
    }

    @Test func slotSamplesMayNameOtherSlots() {
        // "a {size} {drink}" is a sample of the drink slot, not of the intent.
        let r = Self.model.classify("a large mocha", context: asking("drink"))
        #expect(r.intent?.name == "OrderDrink")
        #expect(r.decidedBy == .exact)
        #expect(r.slot(named: "drink")?.rawValue == "mocha")
        #expect(r.slot(named: "size")?.rawValue == "large")
    }

    @Test func anUnknownSlotIsIgnored() {
        let r = Self.model.classify("where is my order", context: ClassificationContext(elicitingSlot: .init(intent: "Nope", slot: "x")))
        #expect(r.intent?.name == "OrderStatus")
    }
}
