import SkillNLU
import SkillNLUTraining

/// The figures of an evaluation report (``EvaluationReportHTML``, ``EvaluationReportJSON``):
/// overall scores, per-intent and per-slot precision, recall and F1, the intent confusion
/// matrix, the confidence of right and wrong answers, and the utterances that went wrong.
///
/// They are computed from ``Answer``s, one per scored utterance, so that any tool that scores
/// utterances its own way (data-set labels, its own slot matching) gets the same report:
/// `nlu-classify --evaluate` builds them from an ``EvaluationReport`` (``init(_:source:)``),
/// `nlu-bench` from its data sets.
public struct EvaluationFigures: Sendable, Equatable {
    /// One scored utterance: what was expected, what the model answered, and how its slots scored.
    public struct Answer: Sendable, Equatable {
        public var utterance: String
        /// Where the utterance is in its file (`line 3`, `data[2]`), or empty.
        public var place: String
        public var expectedIntent: String
        /// The intent answered, or ``EvaluationFigures/noIntent`` when there was none.
        public var actualIntent: String
        /// The answer's confidence, 0…1.
        public var confidence: Double
        /// The runners-up, best first.
        public var alternatives: [IntentHypothesis]
        /// The layer of the engine that decided the intent.
        public var decidedBy: DecisionLayer
        /// Slot values as (slot name, value) pairs, expected and found.
        public var expectedSlots: [SlotPair]
        public var foundSlots: [SlotPair]
        /// Per slot name: values expected, found, and found as expected.
        public var slotCounts: [String: SlotCount]
        /// Whether intent and slots were all as expected.
        public var passed: Bool

        public init(utterance: String, place: String = "", expectedIntent: String, actualIntent: String, confidence: Double,
                    alternatives: [IntentHypothesis] = [], decidedBy: DecisionLayer, expectedSlots: [SlotPair] = [],
                    foundSlots: [SlotPair] = [], slotCounts: [String: SlotCount] = [:], passed: Bool) {
            self.utterance = utterance
            self.place = place
            self.expectedIntent = expectedIntent
            self.actualIntent = actualIntent
            self.confidence = confidence
            self.alternatives = alternatives
            self.decidedBy = decidedBy
            self.expectedSlots = expectedSlots
            self.foundSlots = foundSlots
            self.slotCounts = slotCounts
            self.passed = passed
        }

        public var intentCorrect: Bool { expectedIntent == actualIntent }
    }

    /// A slot name and a value.
    public struct SlotPair: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Slot values counted for precision and recall.
    public struct SlotCount: Sendable, Equatable {
        public var expected = 0
        public var found = 0
        public var correct = 0

        public init(expected: Int = 0, found: Int = 0, correct: Int = 0) {
            self.expected = expected
            self.found = found
            self.correct = correct
        }

        /// 0 when nothing was found (and 1 when nothing was expected either): nothing to get wrong.
        public var precision: Double { found == 0 ? (expected == 0 ? 1 : 0) : Double(correct) / Double(found) }
        public var recall: Double { expected == 0 ? (found == 0 ? 1 : 0) : Double(correct) / Double(expected) }
        public var f1: Double { EvaluationFigures.f1(precision, recall) }

        static func + (a: SlotCount, b: SlotCount) -> SlotCount {
            SlotCount(expected: a.expected + b.expected, found: a.found + b.found, correct: a.correct + b.correct)
        }
    }

    /// Precision, recall and F1 of one intent, over the utterances that expect it (support)
    /// and those answered with it (predicted).
    public struct IntentScore: Sendable, Equatable {
        public var intent: String
        public var support: Int
        public var predicted: Int
        public var correct: Int

        public var precision: Double { predicted == 0 ? (support == 0 ? 1 : 0) : Double(correct) / Double(predicted) }
        public var recall: Double { support == 0 ? (predicted == 0 ? 1 : 0) : Double(correct) / Double(support) }
        public var f1: Double { EvaluationFigures.f1(precision, recall) }
    }

    /// The scores of one slot name.
    public struct SlotScore: Sendable, Equatable {
        public var slot: String
        public var count: SlotCount
    }

    /// A confidence interval of the calibration figures: how many answers fell in it, how many
    /// were right, and their mean confidence.
    public struct ConfidenceBin: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var right: Int
        public var wrong: Int
        public var meanConfidence: Double

        public var count: Int { right + wrong }
        /// The share of right answers (0 for an empty bin).
        public var accuracy: Double { count == 0 ? 0 : Double(right) / Double(count) }
    }

    /// The label of an answer without an intent (an empty utterance).
    public static let noIntent = "(none)"
    /// How many equal-width confidence bins the histogram and the reliability diagram use.
    public static let binCount = 10

    /// What was evaluated and how: shown at the top of the report.
    public var source: EvaluationSource
    public var answers: [Answer]
    /// Every intent expected or answered, sorted by name: the rows and columns of ``confusion``.
    public var intents: [String]
    /// `confusion[g][p]`: utterances expecting `intents[g]` answered with `intents[p]`.
    public var confusion: [[Int]]
    /// Per intent, worst F1 first (then most support, then name).
    public var intentScores: [IntentScore]
    /// Per slot name, worst F1 first (then most values expected, then name).
    public var slotScores: [SlotScore]
    /// All slot values together (micro-averaged).
    public var slotTotal: SlotCount
    public var confidenceBins: [ConfidenceBin]

    public init(answers: [Answer], source: EvaluationSource) {
        self.source = source
        self.answers = answers
        intents = Set(answers.flatMap { [$0.expectedIntent, $0.actualIntent] }).sorted()
        let index = Dictionary(uniqueKeysWithValues: intents.enumerated().map { ($1, $0) })
        var matrix = Array(repeating: Array(repeating: 0, count: intents.count), count: intents.count)
        for a in answers { matrix[index[a.expectedIntent]!][index[a.actualIntent]!] += 1 }
        confusion = matrix
        intentScores = intents.enumerated().map { i, name in
            IntentScore(intent: name, support: matrix[i].reduce(0, +), predicted: matrix.reduce(0) { $0 + $1[i] },
                        correct: matrix[i][i])
        }.sorted { ($0.f1, -$0.support, $0.intent) < ($1.f1, -$1.support, $1.intent) }
        var slots: [String: SlotCount] = [:]
        for a in answers { slots.merge(a.slotCounts, uniquingKeysWith: +) }
        slotScores = slots.map { SlotScore(slot: $0.key, count: $0.value) }
            .sorted { ($0.count.f1, -$0.count.expected, $0.slot) < ($1.count.f1, -$1.count.expected, $1.slot) }
        slotTotal = slots.values.reduce(SlotCount(), +)
        confidenceBins = Self.bins(answers)
    }

    // MARK: Overall figures

    public var total: Int { answers.count }
    public var passed: Int { answers.filter(\.passed).count }
    public var intentCorrect: Int { answers.filter(\.intentCorrect).count }
    public var intentAccuracy: Double { total == 0 ? 1 : Double(intentCorrect) / Double(total) }
    /// The share of utterances whose intent and slots were all right (sentence exact match).
    public var passRate: Double { total == 0 ? 1 : Double(passed) / Double(total) }
    /// The mean F1 of the intents some utterance expects.
    public var macroIntentF1: Double {
        let expected = intentScores.filter { $0.support > 0 }
        return expected.isEmpty ? 1 : expected.reduce(0) { $0 + $1.f1 } / Double(expected.count)
    }
    /// Expected calibration error: the bins' |accuracy − mean confidence|, weighted by their share of answers.
    public var expectedCalibrationError: Double {
        guard total > 0 else { return 0 }
        return confidenceBins.reduce(0) { $0 + Double($1.count) / Double(total) * abs($1.accuracy - $1.meanConfidence) }
    }
    /// The utterances that did not pass, in input order.
    public var wrongAnswers: [Answer] { answers.filter { !$0.passed } }

    /// Off-diagonal pairs of ``confusion`` (expected, answered, count), most frequent first.
    public var confusedPairs: [(expected: String, actual: String, count: Int)] {
        var pairs: [(expected: String, actual: String, count: Int)] = []
        for (g, row) in confusion.enumerated() {
            for (p, n) in row.enumerated() where g != p && n > 0 { pairs.append((intents[g], intents[p], n)) }
        }
        return pairs.sorted { ($1.count, $0.expected, $0.actual) < ($0.count, $1.expected, $1.actual) }
    }

    /// The indices of the intents to draw in a confusion heat map of at most `limit` rows: every
    /// intent when there are no more; otherwise those with the most confusion (utterances of
    /// theirs answered otherwise plus utterances wrongly answered with them), ties by name.
    /// Returned in ``intents`` order.
    public func heatMapIntents(limit: Int) -> [Int] {
        guard intents.count > limit else { return Array(intents.indices) }
        let mass = intents.indices.map { i in
            (0..<intents.count).reduce(0) { $0 + ($1 == i ? 0 : confusion[i][$1] + confusion[$1][i]) }
        }
        let chosen = intents.indices.filter { mass[$0] > 0 }.sorted { (mass[$1], $0) < (mass[$0], $1) }.prefix(limit)
        return chosen.sorted()
    }

    static func f1(_ p: Double, _ r: Double) -> Double { p + r == 0 ? 0 : 2 * p * r / (p + r) }

    static func bins(_ answers: [Answer]) -> [ConfidenceBin] {
        let n = binCount
        var bins = (0..<n).map { ConfidenceBin(lower: Double($0) / Double(n), upper: Double($0 + 1) / Double(n), right: 0, wrong: 0,
                                               meanConfidence: 0) }
        var sums = Array(repeating: 0.0, count: n)
        for a in answers {
            let c = min(max(a.confidence, 0), 1)
            let b = min(Int(c * Double(n)), n - 1)
            if a.intentCorrect { bins[b].right += 1 } else { bins[b].wrong += 1 }
            sums[b] += c
        }
        for b in 0..<n where bins[b].count > 0 { bins[b].meanConfidence = sums[b] / Double(bins[b].count) }
        return bins
    }
}

/// What an evaluation report was made from: shown at its top so that a report can be traced
/// to the model and the command that produced it.
public struct EvaluationSource: Sendable, Equatable {
    /// A heading: the skill, data set or annotation file evaluated.
    public var title: String
    /// The annotation set or split scored.
    public var annotations: String
    /// The model's digest (``ModelDigest``).
    public var modelDigest: String
    /// The command line that made the report.
    public var command: String

    public init(title: String, annotations: String, modelDigest: String, command: String) {
        self.title = title
        self.annotations = annotations
        self.modelDigest = modelDigest
        self.command = command
    }
}
