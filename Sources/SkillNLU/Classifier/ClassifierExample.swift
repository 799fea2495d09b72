import BuiltInValues

/// One training utterance for the ``IntentClassifier``: its tokens, the index of its intent,
/// how much it counts and, when known, which of its tokens are slot values.
///
/// The weight lets the training-data generator balance intents (an intent with few samples
/// gets heavier examples) without repeating examples.
public struct ClassifierExample: Sendable, Hashable {
    public var tokens: [Token]
    /// Index of the intent, in `0..<labelCount`.
    public var label: Int
    /// Relative weight of the example in the loss; 1 by default, must be ≥ 0.
    public var weight: Float
    /// Per token, whether it is part of a slot value; empty (or of another length than
    /// `tokens`) when not known. Read only by ``IntentClassifierOptions/valueDropout``.
    public var slotValueTokens: [Bool]

    public init(tokens: [Token], label: Int, weight: Float = 1, slotValueTokens: [Bool] = []) {
        self.tokens = tokens
        self.label = label
        self.weight = weight
        self.slotValueTokens = slotValueTokens
    }
}
