import SkillNLU

extension EncoderIntentHead {
    /// Trains the head on `examples` (at most `perIntent` of each intent, drawn across all its
    /// carrier phrases: ``HeadExampleSelection``), their embeddings computed in batches.
    static func train(encoder: SentenceEncoder, examples: [ClassifierExample], labelCount: Int, perIntent: Int,
                      influence: Float, seed: UInt64) -> EncoderIntentHead {
        let kept = HeadExampleSelection(perIntent: perIntent).select(examples, labelCount: labelCount)
        let vectors = encoder.embeddings(kept.map { text(of: $0.tokens) })
        let scorer = PackIntentScorer.train(vectors: vectors, labels: kept.map(\.label), exampleWeights: kept.map(\.weight),
                                            labelCount: labelCount, influence: influence, epochs: 30, seed: seed)
        return EncoderIntentHead(encoder: encoder, scorer: scorer)
    }
}
