/// `languageModel.modelConfiguration`.
public struct ModelConfiguration: Codable, Sendable, Equatable {
    /// How readily utterances go to AMAZON.FallbackIntent.
    public var fallbackIntentSensitivity: FallbackIntentSensitivity?

    public init(fallbackIntentSensitivity: FallbackIntentSensitivity? = nil) {
        self.fallbackIntentSensitivity = fallbackIntentSensitivity
    }
}
