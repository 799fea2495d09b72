import Foundation

/// How one annotation fared.
public struct AnnotationOutcome: Sendable, Equatable {
    /// A slot that did not come out as expected.
    public struct SlotProblem: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// The slot was expected and not found.
            case missing
            /// The slot was found with another value.
            case wrongValue
            /// The slot was found and not expected.
            case unexpected
        }
        public var kind: Kind
        public var slot: String
        public var expected: String?
        public var actual: String?
    }

    public var annotation: Annotation
    public var result: NLUResult
    /// The expectation the result was compared with: the one it meets, else the first with the
    /// same intent, else the first.
    public var expectation: Annotation.Expectation
    public var passed: Bool
    public var intentCorrect: Bool
    public var problems: [SlotProblem]
    /// Slot counts for precision and recall: expected, found, and found as expected.
    public var expectedSlots: Int
    public var foundSlots: Int
    public var correctSlots: Int
}

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

extension NLUModel {
    /// Runs an annotation set: classifies each utterance (relative dates against its
    /// `referenceTimestamp` when it has one) and compares intent and slots with what it expects.
    ///
    /// An annotation passes when the intent is one it expects and the slots are exactly that
    /// expectation's: none missing, none with another value, none extra. Slot values compare
    /// as Alexa compared them, ignoring case and spacing: for a built-in type the resolved
    /// value (`2`, `2026-11-22`); for a custom type the spoken value, or the canonical value
    /// (or its id) the words resolve to. Data-set JSON lines give spans, which compare with the
    /// words of the utterance.
    public func evaluate(_ set: AnnotationSet, context: ClassificationContext = .init()) -> EvaluationReport {
        let outcomes = set.annotations.map { annotation -> AnnotationOutcome in
            var c = context
            if let stamp = annotation.referenceTimestamp { c.referenceDate = stamp }
            return Self.compare(annotation, classify(annotation.utterance, context: c))
        }
        return EvaluationReport(outcomes: outcomes)
    }

    static func compare(_ annotation: Annotation, _ result: NLUResult) -> AnnotationOutcome {
        let candidates = annotation.expected.map { compare(annotation, $0, result) }
        let chosen = candidates.first(where: \.passed) ?? candidates.first(where: \.intentCorrect) ?? candidates[0]
        return chosen
    }

    static func compare(_ annotation: Annotation, _ expectation: Annotation.Expectation,
                        _ result: NLUResult) -> AnnotationOutcome {
        let intentCorrect = result.intent?.name == expectation.intent
        var found: [SlotValue] = result.slots.flatMap { $0.values ?? [$0] }
        var problems: [AnnotationOutcome.SlotProblem] = []
        var correct = 0
        var unmatched: [Annotation.ExpectedSlot] = []
        for e in expectation.slots {
            if let k = found.firstIndex(where: { $0.name == e.name && matches(e, $0, spans: annotation.valuesAreSpans) }) {
                found.remove(at: k)
                correct += 1
            } else {
                unmatched.append(e)
            }
        }
        for e in unmatched {
            if let k = found.firstIndex(where: { $0.name == e.name }) {
                problems.append(.init(kind: .wrongValue, slot: e.name, expected: e.value, actual: found[k].value))
                found.remove(at: k)
            } else {
                problems.append(.init(kind: .missing, slot: e.name, expected: e.value, actual: nil))
            }
        }
        for f in found { problems.append(.init(kind: .unexpected, slot: f.name, expected: nil, actual: f.value)) }
        let foundCount = result.slots.reduce(0) { $0 + ($1.values?.count ?? 1) }
        return AnnotationOutcome(annotation: annotation, result: result, expectation: expectation,
                                 passed: intentCorrect && problems.isEmpty, intentCorrect: intentCorrect,
                                 problems: problems, expectedSlots: expectation.slots.count, foundSlots: foundCount,
                                 correctSlots: correct)
    }

    /// Whether a found slot value is the expected one (see ``evaluate(_:context:)``).
    static func matches(_ expected: Annotation.ExpectedSlot, _ actual: SlotValue, spans: Bool) -> Bool {
        let want = normalized(expected.value)
        if spans { return want == normalized(actual.rawValue) || want == normalized(actual.value) }
        if want == normalized(actual.value) { return true }
        if actual.type.hasPrefix("AMAZON.") && actual.resolutions == nil { return false }
        if want == normalized(actual.rawValue) { return true }
        for authority in actual.resolutions?.resolutionsPerAuthority ?? [] where authority.status.code == .successMatch {
            for v in authority.values {
                if want == normalized(v.value.name) || (v.value.id.map { want == normalized($0) } ?? false) { return true }
            }
        }
        return false
    }

    /// Lower case with runs of white space collapsed, as values are compared.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
