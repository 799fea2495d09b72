/// The result of running an annotation set: per-annotation outcomes and the figures Alexa's
/// NLU Evaluation reported, plus slot F1 and the intents most often confused.
public struct EvaluationReport: Sendable, Equatable {
    /// An expected intent the model answered with another one, and how often.
    public struct Confusion: Sendable, Equatable {
        public var expected: String
        public var actual: String
        public var count: Int
    }

    public var outcomes: [AnnotationOutcome]

    public var total: Int { outcomes.count }
    public var passed: Int { outcomes.filter(\.passed).count }
    public var allPassed: Bool { outcomes.allSatisfy(\.passed) }
    public var passRate: Double { total == 0 ? 1 : Double(passed) / Double(total) }
    public var intentAccuracy: Double {
        total == 0 ? 1 : Double(outcomes.filter(\.intentCorrect).count) / Double(total)
    }
    /// Micro-averaged over (slot, value) pairs; 1 when nothing was found (or expected).
    public var slotPrecision: Double {
        let found = outcomes.reduce(0) { $0 + $1.foundSlots }
        return found == 0 ? 1 : Double(outcomes.reduce(0) { $0 + $1.correctSlots }) / Double(found)
    }
    public var slotRecall: Double {
        let expected = outcomes.reduce(0) { $0 + $1.expectedSlots }
        return expected == 0 ? 1 : Double(outcomes.reduce(0) { $0 + $1.correctSlots }) / Double(expected)
    }
    public var slotF1: Double {
        let p = slotPrecision, r = slotRecall
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
    /// Expected → actual intent pairs of the annotations whose intent was wrong, most frequent first.
    public var confusions: [Confusion] {
        var counts: [String: Confusion] = [:]
        for o in outcomes where !o.intentCorrect {
            let actual = o.result.intent?.name ?? "(none)"
            let key = o.expectation.intent + "\u{0}" + actual
            counts[key, default: Confusion(expected: o.expectation.intent, actual: actual, count: 0)].count += 1
        }
        return counts.values.sorted { ($0.count, $1.expected, $1.actual) > ($1.count, $0.expected, $0.actual) }
    }
}
