import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining
import Testing
@testable import CommandLineSupport

/// The writers behind `--format jsonl` and `--format alexa`, fed results the executable tests
/// cannot count on a small model to produce: several values in one slot, resolutions.
@Suite struct ResultFormatTests {
    static let model: NLUModel = {
        let interaction = try! Importer.decode(Data(Tools.tinySkill.utf8))
        var options = TrainingOptions()
        var classifier = IntentClassifierOptions()
        classifier.epochs = 2
        options.classifier = classifier
        options.tagger.epochs = 1
        options.contextualHead = "none"
        return try! NLUModel.train(from: interaction, options: options)
    }()

    static func resolved(_ name: String, _ id: String) -> Resolutions {
        Resolutions(resolutionsPerAuthority: [ResolutionAuthority(
            authority: "amzn1.er-authority.echo-sdk.amzn1.ask.skill.local.Topping",
            status: ResolutionStatus(code: .successMatch),
            values: [ResolutionValueWrapper(value: ResolvedValue(name: name, id: id))])])
    }

    /// "a big pizza with ham and black olives": a synonym resolved, and two toppings.
    static let result: NLUResult = {
        let ham = SlotValue(name: "toppings", type: "Topping", value: "ham", rawValue: "ham", start: 17, end: 20,
                            resolutions: resolved("ham", "HAM"), source: .gazetteer)
        let olives = SlotValue(name: "toppings", type: "Topping", value: "black olives", rawValue: "black olives",
                               start: 25, end: 37, resolutions: resolved("olives", "OLIVES"), source: .gazetteer)
        var toppings = ham
        toppings.values = [ham, olives]
        let size = SlotValue(name: "size", type: "Size", value: "big", rawValue: "big", start: 2, end: 5,
                             resolutions: resolved("large", "L"), source: .gazetteer)
        return NLUResult(text: "a big pizza with ham and black olives",
                         intent: IntentHypothesis(name: "OrderIntent", confidence: 0.97),
                         alternatives: [IntentHypothesis(name: "HoursIntent", confidence: 0.02)],
                         slots: [size, toppings], decidedBy: .model)
    }()

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `--explain` states the rules that were applied, with their values — not every rule the
    /// fallback policy has.
    @Test func explanationStatesTheAppliedRulesWithTheirValues() throws {
        let rules = [DecisionRule(kind: .jointBest, intent: "OrderIntent", value: -2.31),
                     DecisionRule(kind: .belowThreshold, intent: "OrderIntent", value: 0.18, threshold: 0.25)]
        let e = Explanation(decidedBy: .fallback, matchedSample: nil, considered: [], fallbackThreshold: 0.25,
                            fallbackRequiredProbability: 0.7, slots: [], features: [], rules: rules)
        var fallback = Self.result
        fallback.intent = IntentHypothesis(name: "AMAZON.FallbackIntent", confidence: 0.82)
        let text = ResultText.render(fallback, explanation: e)
        #expect(text.contains("  why     fallback: nothing in the model was close enough — OrderIntent has the highest joint score (-2.31); "
            + "OrderIntent is below the fallback threshold (in-domain confidence 18.0 % < 25.0 %)"), "\(text)")
        #expect(!text.contains("70.0 %"), "the fallback intent's own requirement was not checked for this answer")
        var json = JSONText()
        json.explanation(e)
        let written = try #require(try object(json.text)["rules"] as? [[String: Any]])
        #expect(written.map { $0["rule"] as? String } == ["jointBest", "belowThreshold"])
        #expect(written[1]["value"] as? Double == 0.18 && written[1]["threshold"] as? Double == 0.25)
        #expect(written[1]["intent"] as? String == "OrderIntent")
    }

    @Test func jsonlListsEveryValueOfAMultipleValueSlot() throws {
        var json = JSONText()
        json.result(Self.result)
        let o = try object(json.text)
        let slots = try #require(o["slots"] as? [String: [String: Any]])
        let toppings = try #require(slots["toppings"])
        #expect(toppings["value"] as? String == "ham", "the first value is the slot's own")
        let values = try #require(toppings["values"] as? [[String: Any]])
        #expect(values.map { $0["rawValue"] as? String } == ["ham", "black olives"])
        #expect(values.map { $0["start"] as? Int } == [17, 25])
        #expect(values.allSatisfy { $0["values"] == nil })
        let resolution = try #require(((slots["size"]?["resolutions"] as? [String: Any])?["resolutionsPerAuthority"] as? [[String: Any]])?.first)
        #expect((resolution["status"] as? [String: Any])?["code"] as? String == "ER_SUCCESS_MATCH")
        #expect(((resolution["values"] as? [[String: Any]])?.first?["value"] as? [String: Any])?["name"] as? String == "large")
        #expect(((resolution["values"] as? [[String: Any]])?.first?["value"] as? [String: Any])?["id"] as? String == "L")
        #expect(o["truncated"] == nil)
    }

    @Test func alexaSendsAMultipleValueSlotAsAListAndASimpleSlotWithItsResolutions() throws {
        var json = JSONText()
        json.alexaRequest(Self.result, model: Self.model, timestamp: Date(timeIntervalSince1970: 1_795_372_200))
        let o = try object(json.text)
        let request = try #require(o["request"] as? [String: Any])
        #expect(request["timestamp"] as? String == "2026-11-22T18:30:00Z")
        let slots = try #require((request["intent"] as? [String: Any])?["slots"] as? [String: [String: Any]])
        let size = try #require(slots["size"])
        #expect(size["value"] as? String == "big")
        #expect(size["resolutions"] is [String: Any])
        let simple = try #require(size["slotValue"] as? [String: Any])
        #expect(simple["type"] as? String == "Simple")
        #expect(simple["resolutions"] is [String: Any])
        let toppings = try #require(slots["toppings"])
        #expect(toppings["value"] == nil && toppings["resolutions"] == nil)
        let list = try #require(toppings["slotValue"] as? [String: Any])
        #expect(list["type"] as? String == "List")
        let items = try #require(list["values"] as? [[String: Any]])
        #expect(items.map { $0["value"] as? String } == ["ham", "black olives"])
        #expect(items.allSatisfy { $0["type"] as? String == "Simple" && $0["resolutions"] is [String: Any] })
        #expect(Set(slots["count"]?.keys.map { $0 } ?? []) == ["name", "confirmationStatus"])
    }

    @Test func textShowsResolutionsAndEveryValue() {
        let text = ResultText.render(Self.result)
        #expect(text.contains("size = \"big\" → large [id L]  (Size)"))
        #expect(text.contains("toppings = \"ham\""))
        #expect(text.contains("toppings = \"black olives\" → olives [id OLIVES]"))
        #expect(text.contains("also    HoursIntent 2.0 %"))
    }

    /// "a small or a big pizza": `size` takes one value and was said twice.
    static let repeated: NLUResult = {
        let small = SlotValue(name: "size", type: "Size", value: "small", rawValue: "small", start: 2, end: 7,
                              resolutions: resolved("small", "S"), source: .gazetteer)
        let big = SlotValue(name: "size", type: "Size", value: "big", rawValue: "big", start: 13, end: 16,
                            resolutions: resolved("large", "L"), source: .gazetteer)
        return NLUResult(text: "a small or a big pizza", intent: IntentHypothesis(name: "OrderIntent", confidence: 0.9),
                         slots: [small], repeatedSlots: [big])
    }()

    @Test func jsonlListsRepeatedSlotsBesideTheFirstValue() throws {
        var json = JSONText()
        json.result(Self.repeated)
        let o = try object(json.text)
        let slots = try #require(o["slots"] as? [String: [String: Any]])
        #expect(slots["size"]?["rawValue"] as? String == "small")
        let repeated = try #require(o["repeatedSlots"] as? [[String: Any]])
        #expect(repeated.map { $0["name"] as? String } == ["size"])
        #expect(repeated.map { $0["rawValue"] as? String } == ["big"])
        var plain = JSONText()
        plain.result(Self.result)
        #expect(try object(plain.text)["repeatedSlots"] == nil, "absent when no slot repeats")
    }

    @Test func alexaRequestCarriesOnlyTheFirstValueOfARepeatedSlot() throws {
        var json = JSONText()
        json.alexaRequest(Self.repeated, model: Self.model, timestamp: Date(timeIntervalSince1970: 1_795_372_200))
        #expect(!json.text.contains("\"big\""), "Alexa's request has one value per single-value slot")
        let o = try object(json.text)
        let slots = try #require(((o["request"] as? [String: Any])?["intent"] as? [String: Any])?["slots"] as? [String: [String: Any]])
        #expect(slots["size"]?["value"] as? String == "small")
    }

    @Test func textMarksRepeatedSlots() {
        let text = ResultText.render(Self.repeated)
        #expect(text.contains("  slots   size = \"small\" → small [id S]  (Size)"))
        #expect(text.contains("  again   size = \"big\" → large [id L]  (Size)  (not in Alexa's request)"))
    }

    @Test func stringsAreEscapedAsJSON() throws {
        var json = JSONText()
        json.string("say \"hi\"\\ \u{0}\u{1F}\n\t\u{2028}é😀")
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(json.text)]".utf8)) as? [String]
        #expect(decoded == ["say \"hi\"\\ \u{0}\u{1F}\n\t\u{2028}é😀"])
    }
}
