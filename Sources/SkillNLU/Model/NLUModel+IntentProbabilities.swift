import BuiltInValues

extension NLUModel {
    /// The statistical layer's probability of each intent: the intent classifier's, mixed with
    /// the language-pack scorer's when the model has a pack (``PackIntentScorer``).
    package func intentProbabilities(_ tokens: [Token]) -> [Float] {
        var probabilities = classifier.probabilities(tokens)
        if let pack { Self.mix(&probabilities, tokens, classifier: classifier, pack: pack) }
        return probabilities
    }

    /// Mixes the pack scorer into the classifier's `probabilities` of `tokens`, as much as the
    /// classifier has not seen their words.
    package static func mix(_ probabilities: inout [Float], _ tokens: [Token], classifier: IntentClassifier,
                    pack: (pack: LanguagePack, scorer: PackIntentScorer)) {
        let share = classifier.unseenWordShare(tokens)
        guard share > 0 else { return }
        pack.scorer.mix(&probabilities, vector: pack.pack.sentenceVector(tokens), share: share)
    }
}
