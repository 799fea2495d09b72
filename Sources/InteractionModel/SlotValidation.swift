/// A slot validation rule (`isInSet`, `isGreaterThan`, `isInDuration`, `hasEntityResolutionMatch` …).
public struct SlotValidation: Codable, Sendable, Equatable {
    /// `isInSet`, `isGreaterThan`, `hasEntityResolutionMatch` …
    public var type: String
    /// Prompt id spoken when a value fails the rule.
    public var prompt: String?
    /// For `isInSet` / `isNotInSet`.
    public var values: [String]?
    /// For the comparisons (`isGreaterThan` …).
    public var value: String?
    /// For `isInDuration` / `isNotInDuration`: ISO-8601 durations relative to now.
    public var start: String?
    public var end: String?

    public init(type: String, prompt: String? = nil, values: [String]? = nil, value: String? = nil,
                start: String? = nil, end: String? = nil) {
        self.type = type
        self.prompt = prompt
        self.values = values
        self.value = value
        self.start = start
        self.end = end
    }

    enum CodingKeys: String, CodingKey { case type, prompt, values, value, start, end }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt)
        values = try c.decodeIfPresent([String].self, forKey: .values)
        // Real models write numbers both as strings and as JSON numbers.
        if let s = try? c.decodeIfPresent(String.self, forKey: .value) {
            value = s
        } else if let d = try? c.decodeIfPresent(Double.self, forKey: .value) {
            value = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        } else {
            value = nil
        }
        start = try c.decodeIfPresent(String.self, forKey: .start)
        end = try c.decodeIfPresent(String.self, forKey: .end)
    }
}
