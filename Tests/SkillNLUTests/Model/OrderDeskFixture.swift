import Foundation
import InteractionModel
@testable import SkillNLU
import TestFixtures

/// A small order-desk skill for the matcher tests: order numbers (AMAZON.NUMBER), a carrier
/// with synonyms and ids, samples that spell an order number, and AMAZON.FallbackIntent.
enum OrderDesk {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "order desk",
      "intents": [
        {"name": "TrackOrder", "slots": [
            {"name": "orderNumber", "type": "AMAZON.NUMBER"},
            {"name": "carrier", "type": "CarrierType"}],
         "samples": ["track order {orderNumber}", "has order {orderNumber} shipped", "where is my package",
                     "track my parcel", "where is my {carrier} delivery", "is my order on its way",
                     "when does my parcel arrive", "status of my delivery"]},
        {"name": "CancelOrder", "slots": [{"name": "orderNumber", "type": "AMAZON.NUMBER"}],
         "samples": ["cancel order {orderNumber}", "i want to cancel my order", "cancel my purchase",
                     "please cancel order {orderNumber}", "i no longer want my order", "call off my order"]},
        {"name": "AMAZON.StopIntent", "samples": ["stop", "never mind"]},
        {"name": "AMAZON.FallbackIntent", "samples": []}
      ],
      "types": [
        {"name": "CarrierType", "values": [
            {"id": "UPS", "name": {"value": "ups", "synonyms": ["united parcel service"]}},
            {"id": "FEDEX", "name": {"value": "fedex", "synonyms": ["fed ex", "federal express"]}}]}
      ]}}}
    """#

    static let model: NLUModel = try! TrainedModels.model(Importer.decode(Data(json.utf8)), options: .quick)

    /// The test's regular-expression matcher: "order" (or "order number") followed by digits,
    /// said together or one by one, is TrackOrder with that order number (the digits as its
    /// value); "by fed ex" or "with ups" names the carrier (read and resolved by the model).
    static func orderNumbers(confidence: Double = 0.9) -> ClosureMatcher {
        ClosureMatcher("order-number") { utterance in
            let text = utterance.text
            guard let m = text.firstMatch(of: /(?i)order (?:number )?(\d(?:[\d ]*\d)?)/) else { return nil }
            // Digits said one by one are one order number.
            let digits = m.1.filter(\.isNumber)
            var slots = [MatcherOutcome.Slot(name: "orderNumber", range: m.1.startIndex..<m.1.endIndex, in: text,
                                             value: String(digits))]
            if let c = text.firstMatch(of: /(?i)(?:by|with|via) (fed ex|fedex|ups)/) {
                slots.append(MatcherOutcome.Slot(name: "carrier", range: c.1.startIndex..<c.1.endIndex, in: text))
            }
            return MatcherOutcome(intent: "TrackOrder", confidence: confidence, slots: slots)
        }
    }

    /// A matcher that answers every utterance with `intent` at `confidence`.
    static func always(_ name: String, _ intent: String, confidence: Double) -> ClosureMatcher {
        ClosureMatcher(name) { _ in MatcherOutcome(intent: intent, confidence: confidence) }
    }
}
