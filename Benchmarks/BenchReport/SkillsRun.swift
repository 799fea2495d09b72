import Foundation

/// One run of `nlu-bench skills`: real skills trained from their interaction models, scored on
/// hand-written user utterances. Each row is a skill or a pool of them.
public struct SkillsRun: Sendable, Equatable, Codable {
    /// The pooled rows' names.
    public static let english = "pooled: English"
    public static let otherLocales = "pooled: other locales"
    public static let all = "pooled: all"

    public struct Row: Sendable, Equatable, Codable {
        public var skill: String
        /// Empty for a pooled row.
        public var locale: String
        public var lines: Int
        public var intentAccuracy: Double
        public var slotPrecision: Double
        public var slotRecall: Double
        public var slotF1: Double
        public var exactMatch: Double
        public var trainSeconds: Double?

        public init(skill: String, locale: String, lines: Int, intentAccuracy: Double, slotPrecision: Double,
                    slotRecall: Double, slotF1: Double, exactMatch: Double, trainSeconds: Double?) {
            self.skill = skill
            self.locale = locale
            self.lines = lines
            self.intentAccuracy = intentAccuracy
            self.slotPrecision = slotPrecision
            self.slotRecall = slotRecall
            self.slotF1 = slotF1
            self.exactMatch = exactMatch
            self.trainSeconds = trainSeconds
        }
    }

    /// What this run is (`current` for the latest `make bench`, else a commit or a name).
    public var label: String
    /// The command that reproduces it.
    public var command: String
    public var skills: [Row]
    public var pooled: [Row]

    public init(label: String, command: String, skills: [Row], pooled: [Row]) {
        self.label = label
        self.command = command
        self.skills = skills
        self.pooled = pooled
    }
}
