import CommandLineSupport
import SkillNLU

extension Accuracy {
    /// A result's (slot, raw span) pairs: `request` as Alexa's request carries them (the first
    /// value of a single-value slot, every item of a list), `all` with the repeated spans too, as
    /// the data sets' metric counts them.
    static func slotPairs(_ result: NLUResult) -> (request: [(String, String)], all: [(String, String)]) {
        let request = result.slots.flatMap { s in (s.values ?? [s]).map { (s.name, $0.rawValue) } }
        return (request, request + result.repeatedSlots.map { ($0.name, $0.rawValue) })
    }

    /// One scored utterance for the evaluation report, in the data set's labels and with its
    /// slots counted per name as ``SlotScore`` counts them (normalised values, multisets);
    /// `label` maps a model intent to the data set's label.
    static func answer(_ u: LabeledUtterance, _ result: NLUResult, predicted: String, expected: [(String, String)],
                       found: [(String, String)], label: (String?) -> String? = { $0 }) -> EvaluationFigures.Answer {
        var counts: [String: EvaluationFigures.SlotCount] = [:]
        var allRight = predicted == u.intent
        for name in Set(expected.map(\.0) + found.map(\.0)) {
            var score = SlotScore()
            let same = score.add(expected: expected.filter { $0.0 == name }, predicted: found.filter { $0.0 == name })
            if !same { allRight = false }
            counts[name] = .init(expected: score.expected, found: score.predicted, correct: score.truePositives)
        }
        let alternatives = result.alternatives.map { IntentHypothesis(name: label($0.name) ?? $0.name, confidence: $0.confidence) }
        return EvaluationFigures.Answer(
            utterance: u.text, expectedIntent: u.intent, actualIntent: predicted, confidence: result.intent?.confidence ?? 0,
            alternatives: alternatives, decidedBy: result.decidedBy,
            expectedSlots: expected.map { .init(name: $0.0, value: $0.1) }, foundSlots: found.map { .init(name: $0.0, value: $0.1) },
            slotCounts: counts, passed: allRight)
    }
}
