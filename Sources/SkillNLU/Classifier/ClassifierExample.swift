/// One training utterance for the ``IntentClassifier``: its tokens, the index of its intent and
/// how much it counts.
///
/// The weight lets the training-data generator balance intents (an intent with few samples
/// gets heavier examples) without repeating examples.
public struct ClassifierExample: Sendable, Hashable {
    public var tokens: [Token]
    /// Index of the intent, in `0..<labelCount`.
    public var label: Int
    /// Relative weight of the example in the loss; 1 by default, must be ≥ 0.
    public var weight: Float

    public init(tokens: [Token], label: Int, weight: Float = 1) {
        self.tokens = tokens
        self.label = label
        self.weight = weight
    }
}
