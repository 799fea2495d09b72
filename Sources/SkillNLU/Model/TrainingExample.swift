import BuiltInValues

/// A tokenized training utterance with its intent and per-token slot labels.
public struct TrainingExample: Sendable {
    public var tokens: [Token]
    public var intent: Int
    /// ``SlotLabels`` ids, one per token.
    public var labels: [Int32]
    /// Balances intents for the slot tagger: intents with fewer utterances weigh more, and no
    /// intent's utterances weigh less than 1.
    public var weight: Float
    public var text: String

    public init(tokens: [Token], intent: Int, labels: [Int32], weight: Float, text: String) {
        self.tokens = tokens
        self.intent = intent
        self.labels = labels
        self.weight = weight
        self.text = text
    }
}
