import BuiltInValues
import Foundation
import InteractionModel
import SkillNLU
@testable import SkillDialog

/// A deterministic, table-driven stand-in for the NLU: exact phrases map to an intent with slot
/// values, and while a slot is elicited a bare answer is read as that slot's value (custom
/// values and synonyms resolved against the model, a few built-in types parsed).
struct FakeUnderstanding: LanguageUnderstanding {
    struct Entry: Sendable {
        var intent: String
        var slots: [String: String]
    }

    let model: InteractionModel
    var phrases: [String: Entry]

    init(model: InteractionModel, phrases: [String: Entry] = [:]) {
        self.model = model
        self.phrases = Dictionary(uniqueKeysWithValues: phrases.map { (Self.key($0.key), $0.value) })
    }

    static func key(_ text: String) -> String {
        Tokenizer().tokenize(text).map(\.folded).joined(separator: " ")
    }

    func understand(_ text: String, context: UnderstandingContext) -> NLUResult {
        if let entry = phrases[Self.key(text)] {
            let slots = entry.slots.sorted { $0.key < $1.key }.map {
                slotValue(intent: entry.intent, slot: $0.key, text: $0.value, context: context)
            }
            return NLUResult(text: text, intent: IntentHypothesis(name: entry.intent, confidence: 1), slots: slots,
                             decidedBy: .exact)
        }
        if let eliciting = context.elicitingSlot, !text.isEmpty {
            let value = slotValue(intent: eliciting.intent, slot: eliciting.slot, text: text, context: context)
            return NLUResult(text: text, intent: IntentHypothesis(name: eliciting.intent, confidence: 0.9), slots: [value])
        }
        return NLUResult(text: text, intent: IntentHypothesis(name: "AMAZON.FallbackIntent", confidence: 0.5),
                         decidedBy: .fallback)
    }

    func slotValue(intent: String, slot: String, text: String, context: UnderstandingContext) -> SlotValue {
        let declared = model.intent(named: intent)?.slot(named: slot)
        let type = declared?.type ?? "AMAZON.SearchQuery"
        let count = text.unicodeScalars.count
        if declared?.acceptsMultipleValues == true {
            let parts = text.replacingOccurrences(of: " and ", with: ",").split(separator: ",")
                .map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if parts.count > 1 {
                let values = parts.map { single(slot: slot, type: type, text: $0, context: context) }
                var first = values[0]
                first.values = values
                first.rawValue = text
                first.start = 0
                first.end = count
                return first
            }
        }
        return single(slot: slot, type: type, text: text, context: context)
    }

    private func single(slot: String, type: String, text: String, context: UnderstandingContext) -> SlotValue {
        let count = text.unicodeScalars.count
        var value = SlotValue(name: slot, type: type, value: text, rawValue: text, start: 0, end: count, source: .tagger)
        if let custom = model.slotType(named: type) {
            let key = Self.key(text)
            let authority = "amzn1.er-authority.echo-sdk.local.\(type)"
            if let hit = custom.values.first(where: { v in ([v.name.value] + v.name.synonyms).contains { Self.key($0) == key } }) {
                value.resolutions = Resolutions(resolutionsPerAuthority: [
                    ResolutionAuthority(authority: authority, status: ResolutionStatus(code: .successMatch),
                                        values: [ResolutionValueWrapper(value: ResolvedValue(name: hit.name.value, id: hit.id))]),
                ])
                value.source = .gazetteer
            } else {
                value.resolutions = Resolutions(resolutionsPerAuthority: [
                    ResolutionAuthority(authority: authority, status: ResolutionStatus(code: .successNoMatch), values: []),
                ])
            }
            return value
        }
        switch type {
        case "AMAZON.NUMBER", "AMAZON.FOUR_DIGIT_NUMBER", "AMAZON.Ordinal":
            if let n = NumberAnswer.parse(text)?.intValue { value.value = String(n) } else { value.value = "?" }
            value.source = .builtIn
        case "AMAZON.DATE":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = context.timeZone
            let offsets = ["today": 0, "tomorrow": 1, "yesterday": -1]
            if let offset = offsets[Self.key(text)],
               let day = calendar.date(byAdding: .day, value: offset, to: context.referenceDate) {
                let c = calendar.dateComponents([.year, .month, .day], from: day)
                value.value = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
            }
            value.source = .builtIn
        default:
            break
        }
        return value
    }
}

extension FakeUnderstanding.Entry {
    init(_ intent: String, _ slots: [String: String] = [:]) {
        self.init(intent: intent, slots: slots)
    }
}
