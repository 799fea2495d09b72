import BuiltInValues
import InteractionModel
import Understanding

/// The chat's feedback commands, typed after a turn to judge its answer, and the
/// ``FeedbackLog`` they write to: `/right`, or `/wrong [IntentName [slot=value …]]` with what was
/// meant. What `nlu-chat --feedback FILE` records; an app's own thumbs up and down can use
/// ``record(_:about:)`` the same way, or ``FeedbackEntry`` directly.
public struct ChatFeedback: Sendable {
    /// A feedback command.
    public enum Command: Sendable, Equatable {
        case right
        /// The answer was wrong; the intent meant (nil: not said) and its slot values.
        case wrong(intent: String?, slots: [SlotValuePair])
    }

    /// A `slot=value` of ``Command/wrong(intent:slots:)``.
    public struct SlotValuePair: Sendable, Equatable {
        public var slot: String
        public var value: String

        public init(slot: String, value: String) {
            self.slot = slot
            self.value = value
        }
    }

    /// Why a command was not recorded.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `/wrong` given `slot=value` words that are not of that form, or slots with no intent.
        case malformed(String)
        /// No utterance has been answered yet (or the last turn was not understood from words).
        case nothingToJudge
        case unknownIntent(String)
        case unknownSlot(intent: String, slot: String)
        /// `/right` about a turn the model gave no intent.
        case noIntentGiven
        case log(FeedbackLog.AppendError)

        public var description: String {
            switch self {
            case .malformed(let words): "not a feedback command: \(words) (use /right, or /wrong IntentName slot=value …)"
            case .nothingToJudge: "there is no answer to judge yet: say something first"
            case .unknownIntent(let name): "the skill has no intent \(name); nothing recorded"
            case .unknownSlot(let intent, let slot): "\(intent) has no slot \(slot); nothing recorded"
            case .noIntentGiven: "the last answer had no intent, so it cannot be right; use /wrong IntentName"
            case .log(let error): "\(error)"
            }
        }
    }

    public let log: FeedbackLog
    public let model: InteractionModel
    /// The digest of the model that answers, written with each entry.
    public let modelDigest: String?

    public init(log: FeedbackLog, model: InteractionModel, modelDigest: String?) {
        self.log = log
        self.model = model
        self.modelDigest = modelDigest
    }

    /// The command a line types, or nil when the line is not a feedback command (does not
    /// start with `/right` or `/wrong`).
    public static func command(in line: String) throws(Failure) -> Command? {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let head = words.first?.lowercased() else { return nil }
        switch head {
        case "/right":
            guard words.count == 1 else { throw .malformed(line) }
            return .right
        case "/wrong":
            var pairs: [SlotValuePair] = []
            for word in words.dropFirst(2) {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw .malformed(line) }
                pairs.append(SlotValuePair(slot: parts[0], value: parts[1].replacingOccurrences(of: "_", with: " ")))
            }
            if words.count > 1, words[1].contains("=") { throw .malformed(line) }
            return .wrong(intent: words.count > 1 ? words[1] : nil, slots: pairs)
        default:
            return nil
        }
    }

    /// Appends the judgement of `turn` to the log and returns the entry written. A correction
    /// must name an intent and slots the skill has; a slot value not found in the words is kept
    /// without a span (``FeedbackEntry/Slot/hasSpan``), which training skips.
    @discardableResult
    public func record(_ command: Command, about turn: Turn?) throws(Failure) -> FeedbackEntry {
        guard let turn, let result = turn.understanding, turn.utterance != nil else { throw .nothingToJudge }
        let entry: FeedbackEntry
        switch command {
        case .right:
            guard result.intent != nil else { throw .noIntentGiven }
            entry = .right(result, model: modelDigest)
        case .wrong(let name, let slots):
            if let name {
                guard let intent = model.intent(named: name) else { throw .unknownIntent(name) }
                for pair in slots where !intent.slots.contains(where: { $0.name == pair.slot }) {
                    throw .unknownSlot(intent: name, slot: pair.slot)
                }
            }
            entry = .wrong(result, intent: name, slots: slots.map { ($0.slot, $0.value) },
                           tokenizer: Tokenizer(locale: model.locale), model: modelDigest)
        }
        do throws(FeedbackLog.AppendError) { try log.append(entry) } catch { throw .log(error) }
        return entry
    }
}
