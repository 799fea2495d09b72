import Foundation

/// One utterance and what the skill should understand of it.
public struct Annotation: Sendable, Equatable {
    /// A slot value the annotation expects.
    public struct ExpectedSlot: Sendable, Equatable {
        public var name: String
        public var value: String
        /// Unicode-scalar offsets of the value in the utterance, when the annotation gives them
        /// (data-set JSON lines).
        public var start: Int?
        public var end: Int?

        public init(name: String, value: String, start: Int? = nil, end: Int? = nil) {
            self.name = name
            self.value = value
            self.start = start
            self.end = end
        }
    }

    /// An acceptable answer: the intent and every slot it must have (and no other).
    public struct Expectation: Sendable, Equatable {
        public var intent: String
        public var slots: [ExpectedSlot]

        public init(intent: String, slots: [ExpectedSlot]) {
            self.intent = intent
            self.slots = slots
        }
    }

    public var utterance: String
    /// "Now" for relative dates, when the annotation fixes it.
    public var referenceTimestamp: Date?
    /// The acceptable answers (Alexa's `expected` is a list); the annotation passes when the
    /// result meets one of them.
    public var expected: [Expectation]
    /// Where the annotation is in its file (`data[3]`, `line 7`).
    public var place: String
    /// Whether slot values are the words of the utterance (data-set JSON lines) rather than
    /// the values Alexa reports.
    public var valuesAreSpans: Bool

    public init(utterance: String, referenceTimestamp: Date? = nil, expected: [Expectation], place: String = "",
                valuesAreSpans: Bool = false) {
        self.utterance = utterance
        self.referenceTimestamp = referenceTimestamp
        self.expected = expected
        self.place = place
        self.valuesAreSpans = valuesAreSpans
    }

    /// Reads `2026-11-22T18:30:00.000Z`, `2026-11-22T18:30:00Z` (or with an offset) and `2026-11-22`.
    public static func parseTimestamp(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = withFraction.date(from: text) { return d }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let d = plain.date(from: text) { return d }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }
}
