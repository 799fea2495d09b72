import Foundation
import SkillNLU

/// Fuzz target: bytes → `NLUModel.classify` on ``FuzzFixture/model``.
///
/// The first byte chooses the context (bit 0: a dialog is eliciting a slot; bit 1: exact
/// matching off; the rest: how many alternatives); the other bytes are the utterance, decoded
/// as UTF-8 with invalid sequences replaced, as `nlu-classify` would never pass them but an
/// app might.
public enum ClassifierFuzzer {
    /// The context the first byte of a fuzz input selects.
    public static func context(flags: UInt8) -> ClassificationContext {
        var context = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_790_000_000),
                                            timeZone: TimeZone(identifier: "UTC")!, topK: Int(flags >> 2) % 6)
        if flags & 1 != 0 { context.elicitingSlot = FuzzFixture.elicitedSlot }
        if flags & 2 != 0 { context.exactMatching = false }
        return context
    }

    /// What went wrong classifying this fuzz input (empty when nothing did).
    public static func violations(_ data: [UInt8]) -> [String] {
        let context = context(flags: data.first ?? 0)
        let text = String(decoding: data.dropFirst(), as: UTF8.self)
        return violations(text: text, context: context)
    }

    /// What went wrong classifying `text` in `context`: a broken result invariant, an answer
    /// that changes between two calls, or a cut input answered differently from its kept part.
    public static func violations(text: String, context: ClassificationContext) -> [String] {
        let model = FuzzFixture.model
        let result = model.classify(text, context: context)
        var problems = ResultInvariants.violations(of: result, input: text, context: context, model: model)
        if model.classify(text, context: context) != result {
            problems.append("two classifications of the same input differ")
        }
        if result.truncated {
            var again = model.classify(result.text, context: context)
            again.truncated = true
            if again != result { problems.append("the cut input is answered differently from its kept part") }
        }
        return problems
    }
}
