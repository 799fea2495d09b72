import CommandLineSupport
import Foundation
import InteractionModel
import SkillDialog
import SkillNLU

/// `--feedback`: the recorder the chat writes `/right` and `/wrong` to, and the note on standard
/// error that says what was recorded (standard output keeps the transcript as it always was).
enum ChatFeedbackNotes {
    /// The recorder for `--feedback path` (nil without it). Each entry carries the answering
    /// model's digest: the model file's, or that of the model trained at start.
    static func recorder(path: String?, model: InteractionModel, understanding: any LanguageUnderstanding,
                         modelPath: String?) -> ChatFeedback? {
        guard let path else { return nil }
        let digest = modelPath.flatMap(ModelDigest.ofFile(atPath:)) ?? (understanding as? NLUModel).map(ModelDigest.of)
        return ChatFeedback(log: FeedbackLog(url: URL(fileURLWithPath: path)), model: model, modelDigest: digest)
    }

    /// "nlu-chat: noted: wrong, meant OrderIntent size=large" — and a warning for a slot value
    /// not found in the words, since training cannot use that turn.
    static func note(_ entry: FeedbackEntry) -> String {
        var text = "nlu-chat: noted: \(entry.verdict.rawValue)"
        if let intent = entry.intent {
            text += (entry.verdict == .wrong ? ", meant " : ", ") + intent
            text += entry.slots.map { " \($0.slot)=\($0.value)" }.joined()
        }
        for slot in entry.slots where !slot.hasSpan {
            text += "\nnlu-chat: warning: \(slot.slot)=\(slot.value) is not in \"\(entry.text)\"; training will skip this turn"
        }
        return text
    }
}
