import Foundation
import SkillNLU
import Testing
@testable import CommandLineSupport

/// `--explain`'s renderings of an app matcher's decision. `nlu-classify` runs no app code, so
/// the renderings are checked through the library on a model the test gives a matcher.
@Suite struct MatcherExplainTests {
    static let pizzas = ClosureMatcher("pizza-count") { input in
        guard let m = input.text.firstMatch(of: /(\d+) (?:big )?pies/) else { return nil }
        return MatcherOutcome(intent: "OrderIntent", confidence: 0.9,
                              slots: [.init(name: "count", range: m.1.startIndex..<m.1.endIndex, in: input.text)])
    }

    @Test func textExplanationNamesTheMatcherAndItsSlots() {
        let model = ResultFormatTests.model.adding(Self.pizzas)
        let (result, e) = model.classifyExplained("send 3 big pies")
        let text = ResultText.render(result, explanation: e)
        #expect(text.contains("intent  OrderIntent  90.0 %  (matcher pizza-count)"), "\(text)")
        #expect(text.contains("why     the app's matcher pizza-count — matcher pizza-count answered OrderIntent (90.0 %)"), "\(text)")
        #expect(text.contains("found   count: the app's matcher"), "\(text)")
    }

    @Test func textExplanationSaysWhyAMatcherWasPassedOver() {
        let model = ResultFormatTests.model.adding(ClosureMatcher("wrong") { _ in MatcherOutcome(intent: "RefundIntent") })
        let (result, e) = model.classifyExplained("what about tuesday afternoon")
        #expect(result.decidedBy != .matcher)
        let text = ResultText.render(result, explanation: e)
        #expect(text.contains("matcher wrong passed over: the model has no intent RefundIntent"), "\(text)")
    }

    @Test func jsonExplanationCarriesTheMatchersName() throws {
        let model = ResultFormatTests.model.adding(Self.pizzas).adding(
            ClosureMatcher("unsure") { _ in MatcherOutcome(intent: "HoursIntent", confidence: 0.2) })
        let (result, e) = model.classifyExplained("send 3 big pies")
        var json = JSONText()
        json.result(result, explanation: e)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        let explanation = try #require(object["explanation"] as? [String: Any])
        #expect(explanation["decidedBy"] as? String == "matcher")
        #expect(explanation["matcher"] as? String == "pizza-count")
        let rules = try #require(explanation["rules"] as? [[String: Any]])
        #expect(rules.map { $0["rule"] as? String } == ["matcherOutranked", "matcherAnswer"])
        #expect(rules.map { $0["matcher"] as? String } == ["unsure", "pizza-count"])
        let slots = try #require(explanation["slots"] as? [String: Any])
        #expect((slots["count"] as? [String: Any])?["foundBy"] as? String == "matcher")
    }
}
