extension NLUModel {
    /// The statistical layer's probability of each intent: the intent classifier's, mixed with
    /// the language-pack scorer's when the model has a pack (``PackIntentScorer``).
    func intentProbabilities(_ tokens: [Token]) -> [Float] {
        var probabilities = classifier.probabilities(tokens)
        if let pack { pack.scorer.mix(&probabilities, vector: pack.pack.sentenceVector(tokens)) }
        return probabilities
    }
}
