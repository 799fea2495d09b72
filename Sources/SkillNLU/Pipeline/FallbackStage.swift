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
///
/// Before all that, a head sure of one of the skill's intents keeps the answer in the skill when
/// the fallback intent learnt from our negatives only (``FallbackPolicy/headKeepsInDomain(_:chosen:)``):
/// the chosen intent stays, or when the fallback was the choice, the head's intent answers (the
/// head's reading is why the answer stays in the skill; the best other intent of the fast tier
/// is often a built-in such as AMAZON.HelpIntent that shares the request's function words).
struct FallbackStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        let policy = model.fallback
        guard var decision = trace.decision, decision.layer == .model, let probabilities = trace.probabilities,
              let f = policy.intent else { return }
        let names = model.schema.intents.map(\.name)
        if let reading = trace.contextual, policy.headKeepsInDomain(reading, chosen: decision.intent) {
            decision.rules.append(DecisionRule(kind: .headInDomain, intent: names[reading.intent], value: Double(reading.probability),
                                               threshold: Double(FallbackPolicy.headInDomainProbability)))
            if decision.intent == f {
                take(reading.intent, &trace, model: model, fillSlots: context.fillSlots)
                decision.intent = reading.intent
            }
            decision.confidence = trace.probability(decision.intent)
            trace.decision = decision
            return
        }
        if let fast = trace.contextual?.fastProbabilities {
            let checks = policy.checks(probabilities: fast, model: model.interactionModel)
            if policy.fallsBack(checks), checks.first?.kind != .fallbackSure, let last = checks.last {
                decision.rules += checks.map { $0.rule(names) }
                decision.confidence = last.intent == f ? Double(fast[f]) : max(Double(fast[f]), 1 - Double(last.value))
                decision.intent = f
                decision.layer = .fallback
                trace.decision = decision
                return
            }
        }
        guard var review = policy.review(chosen: decision.intent, probabilities: probabilities, model: model.interactionModel)
        else { return }
        decision.rules.append(review.rule(names))
        if review.decision == .bestOther {
            if let other = bestOther(&trace, model: model, fallback: f, fillSlots: context.fillSlots) {
                decision.intent = other.intent
                decision.rules.append(DecisionRule(kind: .bestOther, intent: names[other.intent], value: other.value))
                if let next = policy.review(chosen: other.intent, probabilities: probabilities, model: model.interactionModel) {
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
                let inDomain = policy.inDomainConfidence(probabilities[decision.intent], probabilities: probabilities)
                decision.confidence = max(trace.probability(f), 1 - Double(inDomain))
                decision.intent = f
            }
            decision.layer = .fallback
        }
        trace.decision = decision
    }

    /// Makes intent `i` the answer's reading: its joint reading (read now when joint decoding did
    /// not read it), so that its slots are filled.
    private func take(_ i: Int, _ trace: inout UtteranceTrace, model: NLUModel, fillSlots: Bool) {
        guard fillSlots, let probabilities = trace.probabilities else { return }
        if let read = trace.readings.first(where: { $0.intent == i }) {
            trace.best = read
            return
        }
        let read = model.reading(tokens: trace.tokens, spans: trace.typedSpans(model), intent: i, probability: probabilities[i])
        trace.readings.append(read)
        trace.best = read
    }

    /// The best intent other than the fallback `f`: the best joint reading of another intent
    /// (read now for the classifier's best other intent when joint decoding did not read one),
    /// or without slots the classifier's best other intent; with its joint score or probability.
    private func bestOther(_ trace: inout UtteranceTrace, model: NLUModel, fallback f: Int,
                           fillSlots: Bool) -> (intent: Int, value: Double)? {
        guard fillSlots, let probabilities = trace.probabilities else {
            return trace.ranking.first { $0 != f }.map { ($0, trace.probability($0)) }
        }
        var other = trace.readings.filter { $0.intent != f }.max { $0.score < $1.score }
        if other == nil, let i = trace.ranking.first(where: { $0 != f }) {
            let read = model.reading(tokens: trace.tokens, spans: trace.typedSpans(model), intent: i, probability: probabilities[i])
            trace.readings.append(read)
            other = read
        }
        guard let other else { return nil }
        trace.best = other
        return (other.intent, other.score)
    }
}
