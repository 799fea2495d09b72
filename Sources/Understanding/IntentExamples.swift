/// A few things a user can say for one intent: the answer to "what can I say?".
public struct IntentExamples: Sendable, Equatable, Codable {
    public var intent: String
    public var examples: [String]

    public init(intent: String, examples: [String]) {
        self.intent = intent
        self.examples = examples
    }
}
