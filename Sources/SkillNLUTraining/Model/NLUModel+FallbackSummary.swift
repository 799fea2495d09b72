import InteractionModel

/// How a model decides to answer AMAZON.FallbackIntent, for tools that report on a trained
/// model (`nlu-train` prints it).
public struct FallbackSummary: Sendable, Equatable {
    /// How many everyday requests (``TrainingOptions/everydayNegatives``) the fallback intent
    /// learnt as outside the skill; 0 when it learnt none.
    public var everydayRequests: Int
    /// The probability the fallback intent must reach to take an answer at the model's
    /// sensitivity, when only our negatives taught it; nil when it takes every answer it
    /// ranks first (the skill gave it samples, or the model predates the rule).
    public var requiredProbability: Double?
    /// The in-domain confidence under which the best guess becomes the fallback, at the
    /// model's sensitivity.
    public var threshold: Double
    /// The sensitivity the model's `modelConfiguration` sets (LOW when absent, as on Alexa).
    public var sensitivity: FallbackIntentSensitivity.Level
}

extension NLUModel {
    /// How this model falls back, or nil when its interaction model has no AMAZON.FallbackIntent.
    public var fallbackSummary: FallbackSummary? {
        guard fallback.intent != nil else { return nil }
        return FallbackSummary(
            everydayRequests: trainingOptions.everydayNegatives == true ? EverydayRequests.outside(schema).count : 0,
            requiredProbability: fallback.requiredProbabilities.map { Double($0[fallbackLevel]) },
            threshold: Double(fallback.threshold(level: fallbackLevel)),
            sensitivity: interactionModel.languageModel.modelConfiguration?.fallbackIntentSensitivity?.level ?? .low)
    }
}
