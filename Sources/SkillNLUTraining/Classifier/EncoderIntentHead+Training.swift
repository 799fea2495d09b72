import SkillNLU

extension EncoderIntentHead {
    /// Trains the head on `examples` (at most `perIntent` of each intent, the first ones in the
    /// order they were generated), their embeddings computed in batches.
    static func train(encoder: SentenceEncoder, examples: [ClassifierExample], labelCount: Int, perIntent: Int,
                      influence: Float, seed: UInt64) -> EncoderIntentHead {
        var taken = [Int](repeating: 0, count: labelCount)
        var kept: [ClassifierExample] = []
        for example in examples where taken[example.label] < perIntent {
            taken[example.label] += 1
            kept.append(example)
        }
        let vectors = encoder.embeddings(kept.map { text(of: $0.tokens) })
        let scorer = PackIntentScorer.train(vectors: vectors, labels: kept.map(\.label), exampleWeights: kept.map(\.weight),
                                            labelCount: labelCount, influence: influence, epochs: 30, seed: seed)
        return EncoderIntentHead(encoder: encoder, scorer: scorer)
    }
}
