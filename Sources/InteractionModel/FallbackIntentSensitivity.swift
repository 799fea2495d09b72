/// How readily Alexa routes an utterance to AMAZON.FallbackIntent.
public struct FallbackIntentSensitivity: Codable, Sendable, Equatable {
    public enum Level: String, Codable, Sendable, CaseIterable { case low = "LOW", medium = "MEDIUM", high = "HIGH" }
    /// LOW, MEDIUM or HIGH.
    public var level: Level

    public init(level: Level) { self.level = level }

    enum CodingKeys: String, CodingKey { case level }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let raw = try c.decodeIfPresent(String.self, forKey: .level) ?? "LOW"
        level = Level(rawValue: raw.uppercased()) ?? .low
    }
}
