import BuiltInValues
import Foundation

/// One judged turn: what the user said, what the model answered, and whether that was right —
/// with the correct intent and slots when the user said what they meant. A ``FeedbackLog``
/// keeps one per line; `nlu-train --annotated` learns from them.
///
/// As JSON (one line of a log):
/// `{"text": …, "given": {"intent": …, "confidence": …, "slots": […]}, "verdict": "wrong",
/// "intent": …, "slots": [{"slot", "value", "start", "end"}], "model": …, "time": …}`.
/// `intent` and `slots` are the truth: the correction of a wrong turn, the answer itself for a
/// right one; `intent` is absent for a turn judged wrong with no correction. A slot whose value
/// could not be found in the text has no `start` and `end`.
public struct FeedbackEntry: Sendable, Codable, Equatable {
    /// The user's judgement of the answer.
    public enum Verdict: String, Sendable, Codable, Equatable {
        case right, wrong
    }

    /// A slot of the answer or of the correction: its value as the text says it and, when the
    /// value was found in the text, its Unicode-scalar offsets (end exclusive).
    public struct Slot: Sendable, Codable, Equatable {
        public var slot: String
        public var value: String
        public var start: Int?
        public var end: Int?

        public init(slot: String, value: String, start: Int? = nil, end: Int? = nil) {
            self.slot = slot
            self.value = value
            self.start = start
            self.end = end
        }

        /// Whether the value's place in the text is known (a tagger can learn from it).
        public var hasSpan: Bool { start != nil && end != nil }
    }

    /// What the model answered.
    public struct Given: Sendable, Codable, Equatable {
        public var intent: String?
        public var confidence: Double?
        public var slots: [Slot]

        public init(intent: String?, confidence: Double?, slots: [Slot] = []) {
            self.intent = intent
            self.confidence = confidence
            self.slots = slots
        }
    }

    public var text: String
    public var given: Given
    public var verdict: Verdict
    /// The intent the text means (the correction, or the given intent when judged right).
    public var intent: String?
    /// The slots the text fills, with the same meaning as ``intent``.
    public var slots: [Slot]
    /// The digest of the model that answered, when known (tells old judgements from new).
    public var model: String?
    /// When the turn was judged, to the second (as the log writes it: ISO 8601, UTC).
    public var time: Date

    public init(text: String, given: Given, verdict: Verdict, intent: String?, slots: [Slot] = [],
                model: String? = nil, time: Date = Date()) {
        self.text = text
        self.given = given
        self.verdict = verdict
        self.intent = intent
        self.slots = slots
        self.model = model
        self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
    }

    /// A user's thumbs up: the model's answer to `result` was right, so it is the truth.
    public static func right(_ result: NLUResult, model: String? = nil, time: Date = Date()) -> FeedbackEntry {
        let given = Given(result)
        return FeedbackEntry(text: result.text, given: given, verdict: .right, intent: given.intent,
                             slots: given.slots, model: model, time: time)
    }

    /// A user's thumbs down, with what they meant when they said it: `intent` (nil when
    /// unknown) and slot values as `(slot, value)`. Each value is looked for in the text
    /// (case- and accent-insensitive, whole tokens of `tokenizer`); one not found is kept
    /// without a span. Without an intent the slots are not kept either: they say nothing alone.
    public static func wrong(_ result: NLUResult, intent: String?, slots: [(slot: String, value: String)] = [],
                             tokenizer: Tokenizer = Tokenizer(), model: String? = nil, time: Date = Date()) -> FeedbackEntry {
        let corrected = slots.map { Slot(locating: $0.value, of: $0.slot, in: result.text, tokenizer: tokenizer) }
        return FeedbackEntry(text: result.text, given: Given(result), verdict: .wrong, intent: intent,
                             slots: intent == nil ? [] : corrected, model: model, time: time)
    }
}

extension FeedbackEntry.Given {
    /// The answer `result` gave: its intent, confidence and slots as spans of the text.
    public init(_ result: NLUResult) {
        let slots = result.slots.filter { $0.start < $0.end }.map {
            FeedbackEntry.Slot(slot: $0.name, value: $0.rawValue, start: $0.start, end: $0.end)
        }
        self.init(intent: result.intent?.name, confidence: result.intent?.confidence, slots: slots)
    }
}

extension FeedbackEntry.Slot {
    /// The slot with `value` located in `text`: the first run of whole tokens that reads as the
    /// value's tokens (compared folded: case and accents aside). The span and the value are then
    /// the text's own words; when no run matches, the value stays as given, without a span.
    public init(locating value: String, of slot: String, in text: String, tokenizer: Tokenizer) {
        let wanted = tokenizer.tokenize(value).map(\.folded)
        let tokens = tokenizer.tokenize(text)
        if !wanted.isEmpty, tokens.count >= wanted.count {
            for first in 0...(tokens.count - wanted.count)
            where tokens[first..<(first + wanted.count)].map(\.folded) == wanted {
                let start = tokens[first].range.lowerBound
                let end = tokens[first + wanted.count - 1].range.upperBound
                let scalars = Array(text.unicodeScalars)[start..<end]
                self.init(slot: slot, value: String(String.UnicodeScalarView(scalars)), start: start, end: end)
                return
            }
        }
        self.init(slot: slot, value: value)
    }
}
