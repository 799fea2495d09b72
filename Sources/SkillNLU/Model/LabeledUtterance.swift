/// An utterance with its intent and slot spans: what the generator makes from samples, and the
/// format of the benchmark data sets (`{"text", "intent", "slots": [{"slot", "value", "start", "end"}]}`).
public struct LabeledUtterance: Sendable, Codable, Equatable {
    public struct Span: Sendable, Codable, Equatable {
        public var slot: String
        public var value: String
        /// Unicode-scalar offsets, end exclusive.
        public var start: Int
        public var end: Int

        public init(slot: String, value: String, start: Int, end: Int) {
            self.slot = slot
            self.value = value
            self.start = start
            self.end = end
        }
    }

    public var text: String
    public var intent: String
    public var slots: [Span]

    public init(text: String, intent: String, slots: [Span] = []) {
        self.text = text
        self.intent = intent
        self.slots = slots
    }
}
