/// How much each feature of an utterance counts in its vector: the same arithmetic when the
/// classifier is trained and when it classifies, so it lives with the classifier.
package enum FeatureScales {
    /// Weights of one word feature and one character n-gram in an utterance vector with
    /// `words` word features among `all`.
    @inlinable
    package static func scales(words: Int, all: Int, perKind: Bool) -> (word: Float, char: Float) {
        guard all > 0 else { return (0, 0) }
        guard perKind else { return (1 / Float(all), 1 / Float(all)) }
        let chars = all - words
        return (words > 0 ? 1 / Float(words) : 0, chars > 0 ? 1 / Float(chars) : 0)
    }

    /// Scales of one word feature's and one character n-gram's linear row among `all` linear
    /// features of which `words` are word features: 1/√all for both, or with `perKind` 1/√words
    /// and 1/√(all − words).
    @inlinable
    package static func linearScales(words: Int, all: Int, perKind: Bool) -> (word: Float, char: Float) {
        guard all > 0 else { return (0, 0) }
        guard perKind else { let r = 1 / Float(all).squareRoot(); return (r, r) }
        let chars = all - words
        return (words > 0 ? 1 / Float(words).squareRoot() : 0, chars > 0 ? 1 / Float(chars).squareRoot() : 0)
    }
}
