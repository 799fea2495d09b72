import InteractionModel

/// When the model answers AMAZON.FallbackIntent instead of its best guess.
package struct FallbackPolicy: Sendable, Equatable {
    /// The index of AMAZON.FallbackIntent, when the interaction model declares it.
    package var intent: Int?
    /// Confidence below which the best guess is replaced, per sensitivity (LOW, MEDIUM, HIGH),
    /// calibrated on held-out generated data.
    package var thresholds: [Float]
    /// For a fallback intent that learnt only from negatives we generate (the skill gave it
    /// no samples): the probability it must have, per sensitivity, for the answer to fall
    /// back. Our negatives are a guess at what lies outside the skill — everyday requests
    /// and mixtures of its words — and the in-domain paraphrases they resemble are many, so
    /// LOW asks for a sure classifier and HIGH takes it whenever it ranks first. In-domain
    /// confidences are then read without the fallback's share (``inDomainConfidence``). nil:
    /// it falls back whenever it ranks first, as a fallback intent with the skill's own
    /// samples does.
    package var requiredProbabilities: [Float]?

    package init(intent: Int?, thresholds: [Float], requiredProbabilities: [Float]? = nil) {
        self.intent = intent
        self.thresholds = thresholds
        self.requiredProbabilities = requiredProbabilities
    }

    /// ``requiredProbabilities`` for LOW, MEDIUM and HIGH, chosen on small skills cut out of
    /// CLINC150 (Benchmarks/tools/make-small-skill.py, seeds 1–5: 8 intents of at most 30
    /// samples; dev utterances of their intents in scope, every other dev utterance out; the
    /// figures are in Benchmarks/tools/SWEEPS.md). Each level trades in-scope accuracy for
    /// out-of-domain recall; LOW keeps the in-scope accuracy a skill had without everyday
    /// requests, as Alexa's LOW sends the fewest answers to the fallback.
    package static let defaultRequiredProbabilities: [Float] = [0.7, 0.5, 0]

    /// The index (LOW, MEDIUM, HIGH) of the model's sensitivity; LOW when it has none, as on Alexa.
    package static func level(of model: InteractionModel) -> Int {
        switch model.languageModel.modelConfiguration?.fallbackIntentSensitivity?.level ?? .low {
        case .low: return 0
        case .medium: return 1
        case .high: return 2
        }
    }

    /// The threshold of sensitivity `level` (``level(of:)``).
    package func threshold(level: Int) -> Float {
        guard thresholds.count == 3 else { return 0 }
        return thresholds[level]
    }

    /// How sure the classifier is of an in-domain intent of probability `p`: without the
    /// fallback intent's share when that intent learnt from our negatives only.
    package func inDomainConfidence(_ p: Float, probabilities: [Float]) -> Float {
        guard requiredProbabilities != nil, let f = intent, probabilities[f] < 1 else { return p }
        return min(1, p / (1 - probabilities[f]))
    }

    /// What to answer when joint decoding chose `chosen`.
    enum Decision: Equatable {
        /// The chosen intent.
        case keep
        /// AMAZON.FallbackIntent.
        case fallBack
        /// The fallback intent ranked first but is not sure enough: the best other intent.
        case bestOther
    }

    func decide(chosen: Int, probabilities: [Float], model: InteractionModel) -> Decision {
        review(chosen: chosen, probabilities: probabilities, level: Self.level(of: model))?.decision ?? .keep
    }

    /// The check of `chosen` for the model's sensitivity `level` (``level(of:)``): the decision
    /// and the values it compared; nil for a model without AMAZON.FallbackIntent (the choice
    /// stands).
    func review(chosen: Int, probabilities: [Float], level: Int) -> Review? {
        guard let f = intent else { return nil }
        if chosen == f {
            guard let required = requiredProbabilities, required.count == 3 else {
                return Review(decision: .fallBack, kind: .fallbackSure, intent: f, value: probabilities[f], threshold: nil)
            }
            let r = required[level]
            return probabilities[f] >= r ? Review(decision: .fallBack, kind: .fallbackSure, intent: f, value: probabilities[f], threshold: r)
                : Review(decision: .bestOther, kind: .fallbackUnsure, intent: f, value: probabilities[f], threshold: r)
        }
        let confidence = inDomainConfidence(probabilities[chosen], probabilities: probabilities)
        let t = threshold(level: level)
        return Review(decision: confidence < t ? .fallBack : .keep, kind: confidence < t ? .belowThreshold : .aboveThreshold,
                      intent: chosen, value: confidence, threshold: t)
    }

    /// One check of the policy: what it decided, by which rule, and the values it compared.
    struct Review {
        var decision: Decision
        var kind: DecisionRule.Kind
        var intent: Int
        var value: Float
        var threshold: Float?

        /// The check as a rule of an explanation, intents named by `names`.
        func rule<Names: RandomAccessCollection<String>>(_ names: Names) -> DecisionRule where Names.Index == Int {
            DecisionRule(kind: kind, intent: names[intent], value: Double(value), threshold: threshold.map(Double.init))
        }
    }
}

extension FallbackPolicy {
    /// The policy's checks of the intent `probabilities` rank first, as classification makes
    /// them from the classifier's scores alone: that intent's review and, when it is an unsure
    /// AMAZON.FallbackIntent, the review of the best other intent. The last check's decision
    /// stands (`.bestOther` with no other intent falls back). Empty for a model without
    /// AMAZON.FallbackIntent.
    func checks(probabilities: [Float], level: Int) -> [Review] {
        guard let f = intent, let top = probabilities.indices.max(by: { probabilities[$0] < probabilities[$1] }),
              let first = review(chosen: top, probabilities: probabilities, level: level) else { return [] }
        guard first.decision == .bestOther else { return [first] }
        let others = probabilities.indices.filter { $0 != f }
        guard let other = others.max(by: { probabilities[$0] < probabilities[$1] }),
              let second = review(chosen: other, probabilities: probabilities, level: level) else { return [first] }
        return [first, second]
    }

    /// Whether ``checks(probabilities:level:)`` answer AMAZON.FallbackIntent.
    func fallsBack(_ checks: [Review]) -> Bool {
        guard let last = checks.last else { return false }
        return last.decision != .keep
    }
}
