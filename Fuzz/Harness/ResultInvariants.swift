import Foundation
import SkillNLU

/// What must hold of every ``NLUResult``, whatever the utterance: the promises of
/// `NLUModel.classify` that a caller relies on without checking them itself.
public enum ResultInvariants {
    /// The broken promises of `result`, the answer of `model` to `input` in `context` (empty
    /// when all hold).
    public static func violations(of result: NLUResult, input: String, context: ClassificationContext,
                                  model: NLUModel) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }

        // Truncation: the first `maximumUtteranceLength` scalars, flagged exactly when cut.
        let inputScalars = Array(input.unicodeScalars)
        let limit = NLUModel.maximumUtteranceLength
        let kept = Array(result.text.unicodeScalars)
        if result.truncated != (inputScalars.count > limit) {
            fail("truncated is \(result.truncated) for an input of \(inputScalars.count) scalars (limit \(limit))")
        }
        if kept != Array(inputScalars.prefix(limit)) {
            fail("text is not the input's first \(limit) scalars (\(kept.count) scalars kept of \(inputScalars.count))")
        }

        // Intents: known names, probabilities, no duplicates.
        let names = Set(model.intentNames)
        var seen: Set<String> = []
        if let intent = result.intent {
            if !names.contains(intent.name) { fail("unknown intent \(intent.name)") }
            if !isProbability(intent.confidence) { fail("intent confidence \(intent.confidence) is not in 0...1") }
            seen.insert(intent.name)
        } else {
            if !result.slots.isEmpty { fail("slots without an intent") }
            if !result.alternatives.isEmpty { fail("alternatives without an intent") }
        }
        if result.alternatives.count > max(0, context.topK) {
            fail("\(result.alternatives.count) alternatives for topK \(context.topK)")
        }
        for alternative in result.alternatives {
            if !names.contains(alternative.name) { fail("unknown alternative intent \(alternative.name)") }
            if !isProbability(alternative.confidence) {
                fail("alternative confidence \(alternative.confidence) is not in 0...1")
            }
            if !seen.insert(alternative.name).inserted { fail("intent \(alternative.name) listed twice") }
        }
        if result.decidedBy == .exact && result.intent?.confidence != 1 {
            fail("an exact match with confidence \(result.intent?.confidence ?? -1)")
        }

        // Slots: declared by the intent, spans inside the text that spell their raw value.
        let declared = result.intent.flatMap { model.interactionModel.intent(named: $0.name) }?.slots ?? []
        var slotNames: Set<String> = []
        for slot in result.slots {
            guard let declaration = declared.first(where: { $0.name == slot.name }) else {
                fail("slot \(slot.name) is not declared by intent \(result.intent?.name ?? "nil")")
                continue
            }
            if !slotNames.insert(slot.name).inserted { fail("slot \(slot.name) reported twice") }
            if let values = slot.values {
                if !declaration.acceptsMultipleValues { fail("slot \(slot.name) has a list but takes one value") }
                for value in values { problems += spanViolations(value, text: kept) }
            } else {
                problems += spanViolations(slot, text: kept)
            }
        }

        // The result survives JSON (no NaN, no unpaired surrogate) and reads back the same.
        do {
            let data = try JSONEncoder().encode(result)
            let back = try JSONDecoder().decode(NLUResult.self, from: data)
            if back != result { fail("the result reads back from JSON changed") }
        } catch {
            fail("the result does not round-trip through JSON: \(error)")
        }
        return problems
    }

    static func spanViolations(_ slot: SlotValue, text: [Unicode.Scalar]) -> [String] {
        guard slot.start >= 0, slot.start < slot.end, slot.end <= text.count else {
            return ["slot \(slot.name) spans \(slot.start)..<\(slot.end) in a text of \(text.count) scalars"]
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text[slot.start..<slot.end])
        var problems: [String] = []
        if String(view) != slot.rawValue { problems.append("slot \(slot.name) rawValue is not its span of the text") }
        if !isProbability(slot.confidence) {
            problems.append("slot \(slot.name) confidence \(slot.confidence) is not in 0...1")
        }
        return problems
    }

    static func isProbability(_ p: Double) -> Bool { p.isFinite && p >= 0 && p <= 1 + 1e-6 }
}
