import BuiltInValues

/// The app's matchers of one placement (``MatcherPlacement``): each is asked for its reading of
/// the utterance, and the most confident answer (on a tie, of the matcher added first) decides
/// — after the model, only when the model fell back or was less sure. A matcher that throws, or
/// answers an intent or slot the model does not have, is passed over and the explanation says
/// why. The answer's slot spans become values in ``SlotValueStage``, as the model's own do.
struct MatcherStage: UtteranceStage {
    let placement: MatcherPlacement

    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        let attached = model.matchers.filter { $0.placement == placement }
        guard !attached.isEmpty else { return }
        if placement == .afterModel {
            guard let decided = trace.decision, decided.layer != .exact, decided.layer != .matcher else { return }
        } else {
            guard trace.decision == nil else { return }
        }
        var (best, notes) = model.bestMatcherAnswer(attached, trace: trace, context: context)
        guard var current = trace.decision else {
            // Before the model: the best answer decides; what did not goes to the explanation.
            guard let best else { return trace.matcherRules += notes }
            notes.append(best.rule(.matcherAnswer))
            take(best, rules: notes, on: &trace)
            return
        }
        guard let best else {
            current.rules += notes
            trace.decision = current
            return
        }
        if current.layer == .fallback || best.confidence > current.confidence {
            notes.append(best.rule(.matcherAnswer, threshold: current.confidence))
            take(best, rules: current.rules + notes, on: &trace)
        } else {
            current.rules += notes + [best.rule(.matcherOutranked, threshold: current.confidence)]
            trace.decision = current
        }
    }

    /// Makes `answer` the decision, its spans the answer's slots.
    private func take(_ answer: MatcherAnswer, rules: [DecisionRule], on trace: inout UtteranceTrace) {
        trace.decision = TraceDecision(intent: answer.intent, confidence: answer.confidence, layer: .matcher, rules: rules,
                                       matcher: answer.matcher, listsAlternatives: placement != .beforeExactMatch)
        trace.slotSpans = SlotSpans(intent: answer.intent, assignments: answer.assignments, source: .matcher,
                                    givenValues: answer.givenValues)
    }
}

/// One matcher's answer, checked against the model: its intent's index and its slots as token spans.
struct MatcherAnswer {
    var matcher: String
    var intentName: String
    var intent: Int
    var confidence: Double
    var assignments: [NLUModel.Assignment]
    var givenValues: [GivenValue: String]

    func rule(_ kind: DecisionRule.Kind, threshold: Double? = nil) -> DecisionRule {
        DecisionRule(kind: kind, intent: intentName, value: confidence, threshold: threshold, matcher: matcher)
    }
}

extension NLUModel {
    /// Asks each of `attached` in order: the most confident valid answer (the first of equals),
    /// and the rules that record the others (failed, outranked).
    func bestMatcherAnswer(_ attached: [AttachedMatcher], trace: UtteranceTrace, context: ClassificationContext)
        -> (best: MatcherAnswer?, notes: [DecisionRule]) {
        let input = matcherInput(trace, context: context)
        var best: MatcherAnswer?
        var notes: [DecisionRule] = []
        for a in attached {
            let name = a.matcher.name
            let outcome: MatcherOutcome
            do {
                guard let answered = try a.matcher.match(input) else { continue }
                outcome = answered
            } catch {
                notes.append(DecisionRule(kind: .matcherFailed, matcher: name, reason: "it threw: \(error)"))
                continue
            }
            switch checked(outcome, matcher: name, tokens: trace.tokens) {
            case .failure(let problem):
                notes.append(DecisionRule(kind: .matcherFailed, intent: outcome.intent, matcher: name, reason: problem.reason))
            case .success(let answer):
                if let current = best, answer.confidence <= current.confidence {
                    notes.append(answer.rule(.matcherOutranked, threshold: current.confidence))
                } else {
                    if let current = best { notes.append(current.rule(.matcherOutranked, threshold: answer.confidence)) }
                    best = answer
                }
            }
        }
        return (best, notes)
    }

    /// What a matcher sees of the utterance and the context.
    func matcherInput(_ trace: UtteranceTrace, context: ClassificationContext) -> MatcherInput {
        MatcherInput(text: trace.text, tokens: trace.tokens, localeIdentifier: schema.tokenizer.localeIdentifier,
                     referenceDate: context.referenceDate, timeZone: context.timeZone,
                     elicitingIntent: context.elicitingSlot?.intent, elicitingSlot: context.elicitingSlot?.slot)
    }

    /// `outcome` against the model: its intent and slots must be the model's, its confidence a
    /// number (held to 0…1), and each slot's span must cover a word; the slot takes every token
    /// its span touches.
    func checked(_ outcome: MatcherOutcome, matcher: String, tokens: [Token]) -> Result<MatcherAnswer, MatcherProblem> {
        guard !outcome.confidence.isNaN else { return .failure(MatcherProblem(reason: "its confidence is not a number")) }
        guard let i = schema.intentIndex(named: outcome.intent) else {
            return .failure(MatcherProblem(reason: "the model has no intent \(outcome.intent)"))
        }
        let slots = schema.intents[i].slots
        var assignments: [Assignment] = []
        var given: [GivenValue: String] = [:]
        for slot in outcome.slots {
            guard let s = slots.firstIndex(where: { $0.name == slot.name }) else {
                return .failure(MatcherProblem(reason: "intent \(outcome.intent) has no slot \(slot.name)"))
            }
            let covered = tokens.indices.filter { tokens[$0].range.overlaps(slot.start..<max(slot.start, slot.end)) }
            guard let first = covered.first, let last = covered.last else {
                return .failure(MatcherProblem(reason: "slot \(slot.name)'s span \(slot.start)..<\(slot.end) covers no word"))
            }
            assignments.append((s, first, last + 1, Float(min(max(outcome.confidence, 0), 1))))
            if let value = slot.value { given[GivenValue(slot: slot.name, start: tokens[first].range.lowerBound)] = value }
        }
        return .success(MatcherAnswer(matcher: matcher, intentName: outcome.intent, intent: i,
                                      confidence: min(max(outcome.confidence, 0), 1), assignments: assignments,
                                      givenValues: given))
    }
}

/// Why a matcher's answer was passed over.
struct MatcherProblem: Error {
    var reason: String
}
