/// The fallback policy's check of the statistical layer's choice (``FallbackPolicy``): keep it,
/// answer AMAZON.FallbackIntent, or — when that intent was chosen but is not sure enough — take
/// the best other intent and check that one. Each check is recorded with the values it compared.
///
/// When the contextual tier ran (``ContextualIntentStage``), the in-domain confidence is first
/// checked on the fast tier's probabilities, on which the thresholds were calibrated (held-out
/// quantiles), as the fast tier alone would (``FallbackPolicy/checks(probabilities:model:)``;
/// those rules' values are the fast tier's): an utterance the fast tier rejects as unsure goes
/// to AMAZON.FallbackIntent with the head too. The mixture with the head is sharper than
/// either, and on a skill of many intents the head reads a request outside the skill as the
/// intent it resembles, so the mixed confidences alone would keep answers the fast tier
/// rejects. Whether the fallback intent itself is sure enough is read on the mixture: the head
/// learnt the same negatives, and its view of them counts. Otherwise the policy checks the
/// mixed choice as without a head, so the head can add a fallback.
struct FallbackStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        let policy = model.fallback
        guard trace.decision?.layer == .model, let probabilities = trace.probabilities, let f = policy.intent else { return }
        // Taken out of the trace while its rules grow, and put back: a copy would share its
        // rules with the trace's, and the first rule added would copy them.
        var decision = trace.decision.take()!
        // Named as the rules need them, not copied: a skill may have hundreds of intents.
        let names = model.schema.intents.lazy.map(\.name)
        if let fast = trace.contextual?.fastProbabilities {
            let checks = policy.checks(probabilities: fast, level: model.fallbackLevel)
            if policy.fallsBack(checks), checks.first?.kind != .fallbackSure, let last = checks.last {
                decision.rules += checks.map { $0.rule(names) }
                decision.confidence = last.intent == f ? Double(fast[f]) : max(Double(fast[f]), 1 - Double(last.value))
                decision.intent = f
                decision.layer = .fallback
                trace.decision = decision
                return
            }
        }
        // The chosen intent is reviewed on the mixture at the head's own weight (the ranking may
        // have given the head more for unseen words; that says which intent, not whether any).
        let reviewed = trace.contextual?.plainMixture ?? probabilities
        guard var review = policy.review(chosen: decision.intent, probabilities: reviewed, level: model.fallbackLevel) else {
            trace.decision = decision
            return
        }
        decision.rules.append(review.rule(names))
        if review.decision == .bestOther {
            if let other = bestOther(&trace, model: model, fallback: f, fillSlots: context.fillSlots) {
                decision.intent = other.intent
                decision.rules.append(DecisionRule(kind: .bestOther, intent: names[other.intent], value: other.value))
                if let next = policy.review(chosen: other.intent, probabilities: reviewed, level: model.fallbackLevel) {
                    review = next
                    decision.rules.append(next.rule(names))
                }
            } else {
                decision.rules.append(DecisionRule(kind: .noOtherIntent))
                review.decision = .fallBack
            }
        }
        decision.confidence = trace.probability(decision.intent)
        if review.decision == .fallBack {
            if decision.intent != f {
                let inDomain = policy.inDomainConfidence(reviewed[decision.intent], probabilities: reviewed)
                decision.confidence = max(trace.probability(f), 1 - Double(inDomain))
                decision.intent = f
            }
            decision.layer = .fallback
        }
        trace.decision = decision
    }

    /// The best intent other than the fallback `f`: the best joint reading of another intent
    /// (read now for the classifier's best other intent when joint decoding did not read one),
    /// or without slots the classifier's best other intent; with its joint score or probability.
    private func bestOther(_ trace: inout UtteranceTrace, model: NLUModel, fallback f: Int,
                           fillSlots: Bool) -> (intent: Int, value: Double)? {
        guard fillSlots, let probabilities = trace.probabilities else {
            return trace.ranking.first { $0 != f }.map { ($0, trace.probability($0)) }
        }
        // Found by index: filtering the readings copied each one.
        var other: Int?
        for k in trace.readings.indices where trace.readings[k].intent != f {
            if other.map({ trace.readings[k].score > trace.readings[$0].score }) ?? true { other = k }
        }
        if other == nil, let i = trace.ranking.first(where: { $0 != f }) {
            let read = model.reading(tokens: trace.tokens, spans: trace.typedSpans(model), intent: i, probability: probabilities[i])
            trace.readings.append(read)
            other = trace.readings.count - 1
        }
        guard let other else { return nil }
        trace.best = other
        return (trace.readings[other].intent, trace.readings[other].score)
    }
}
