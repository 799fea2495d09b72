import Foundation

extension NLUModel {
    /// Runs an annotation set: classifies each utterance (relative dates against its
    /// `referenceTimestamp` when it has one) and compares intent and slots with what it expects.
    ///
    /// An annotation passes when the intent is one it expects and the slots are exactly that
    /// expectation's: none missing, none with another value, none extra. Slot values compare
    /// as Alexa compared them, ignoring case and spacing: for a built-in type the resolved
    /// value (`2`, `2026-11-22`); for a custom type the spoken value, or the canonical value
    /// (or its id) the words resolve to. Data-set JSON lines give spans, which compare with the
    /// words of the utterance, and count ``NLUResult/repeatedSlots`` too.
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
        // Data-set lines list every span, a single-value slot said twice too, as their metric
        // counts them; Alexa's formats hold one value per slot, as its request does.
        if annotation.valuesAreSpans { found += result.repeatedSlots }
        let foundCount = found.count
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
