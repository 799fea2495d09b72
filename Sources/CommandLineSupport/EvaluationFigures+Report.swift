import SkillNLU
import SkillNLUTraining

extension EvaluationFigures {
    /// The figures of an annotation set's run (`nlu-classify --evaluate`): each outcome as
    /// ``NLUModel/evaluate(_:context:)`` judged it, its slots counted per name from the slot
    /// problems it found.
    public init(_ report: EvaluationReport, source: EvaluationSource) {
        self.init(answers: report.outcomes.map(Self.answer), source: source)
    }

    static func answer(_ o: AnnotationOutcome) -> Answer {
        var counts: [String: SlotCount] = [:]
        for s in o.expectation.slots { counts[s.name, default: SlotCount()].expected += 1 }
        var missing: [String: Int] = [:], wrongValue: [String: Int] = [:], unexpected: [String: Int] = [:]
        for p in o.problems {
            switch p.kind {
            case .missing: missing[p.slot, default: 0] += 1
            case .wrongValue: wrongValue[p.slot, default: 0] += 1
            case .unexpected: unexpected[p.slot, default: 0] += 1
            }
        }
        for name in Set(counts.keys).union(unexpected.keys) {
            let correct = counts[name, default: SlotCount()].expected - missing[name, default: 0] - wrongValue[name, default: 0]
            counts[name, default: SlotCount()].correct = correct
            counts[name, default: SlotCount()].found = correct + wrongValue[name, default: 0] + unexpected[name, default: 0]
        }
        let spans = o.annotation.valuesAreSpans
        var found = o.result.slots.flatMap { $0.values ?? [$0] }
        if spans { found += o.result.repeatedSlots }
        return Answer(utterance: o.annotation.utterance, place: o.annotation.place, expectedIntent: o.expectation.intent,
                      actualIntent: o.result.intent?.name ?? noIntent, confidence: o.result.intent?.confidence ?? 0,
                      alternatives: o.result.alternatives, decidedBy: o.result.decidedBy,
                      expectedSlots: o.expectation.slots.map { SlotPair(name: $0.name, value: $0.value) },
                      foundSlots: found.map { SlotPair(name: $0.name, value: spans ? $0.rawValue : $0.value) },
                      slotCounts: counts, passed: o.passed)
    }
}
