import Foundation

extension NLUModel {
    /// Understands a speech recogniser's n-best list: reads every hypothesis and returns the
    /// reading with the best joint score, with the others ranked below it.
    ///
    /// A recogniser's top transcription is often a near-miss of what was said, and the right one
    /// is further down its list. The recogniser heard the audio but knows nothing of the skill;
    /// the model knows the skill but not the audio. So each hypothesis is scored by both, as a
    /// sum of logarithms (see ``HypothesisScoring`` for the weights and why):
    ///
    /// - the recogniser's confidence (derived from list order when it gives none);
    /// - the probability of the intent the model reads (1 for an exact sample match), less a
    ///   penalty when nothing but AMAZON.FallbackIntent fits;
    /// - a bonus when the hypothesis spells one of the skill's samples exactly;
    /// - for each slot value, the tagger's confidence in the span and whether the value is one
    ///   the skill knows: a custom value that resolves to a listed value or synonym (exactly, or
    ///   less so by a close spelling) and a number, date or time the built-in parsers read are
    ///   signs of a correct transcription; a value that resolves to nothing or a built-in slot
    ///   whose words no parser reads are signs of a misrecognition.
    ///
    /// Equal scores keep the recogniser's order. The slots' confidence is part of the score, so
    /// each hypothesis is read with ``ClassificationContext/slotConfidence`` on, whatever
    /// `context` says.
    ///
    /// ```swift
    /// let nbest = try model.classify(hypotheses: [
    ///     RecognitionHypothesis(text: "order a pepper only pizza", confidence: 0.55),
    ///     RecognitionHypothesis(text: "order a pepperoni pizza", confidence: 0.45),
    /// ])
    /// nbest.chosenIndex                       // 1
    /// nbest.result.slot(named: "pizza")?.value  // "pepperoni"
    /// ```
    ///
    /// - Throws: ``HypothesisListError/empty`` for an empty list,
    ///   ``HypothesisListError/invalidConfidence(index:value:)`` for a confidence outside 0…1.
    public func classify(hypotheses: [RecognitionHypothesis], context: ClassificationContext = .init(),
                         scoring: HypothesisScoring = .init()) throws(HypothesisListError) -> NBestResult {
        guard !hypotheses.isEmpty else { throw .empty }
        for (i, h) in hypotheses.enumerated() {
            if let c = h.confidence, !(c >= 0 && c <= 1) { throw .invalidConfidence(index: i, value: c) }
        }
        let confidences = Self.recogniserConfidences(hypotheses, decay: scoring.missingConfidenceDecay)
        var context = context
        context.slotConfidence = true
        var readings: [HypothesisReading] = []
        readings.reserveCapacity(hypotheses.count)
        for (i, h) in hypotheses.enumerated() {
            let result = classify(h.text, context: context)
            let score = HypothesisScore(recogniser: scoring.recogniserWeight * Self.logProbability(confidences[i]),
                                        intent: intentScore(result, scoring),
                                        exactMatch: result.decidedBy == .exact && result.intent != nil ? scoring.exactMatchBonus : 0,
                                        slots: slotScore(result, context: context, scoring: scoring))
            readings.append(HypothesisReading(index: i, hypothesis: h, recogniserConfidence: confidences[i],
                                              result: result, score: score))
        }
        readings.sort { a, b in
            let x = a.score.total, y = b.score.total
            return x != y ? x > y : a.index < b.index
        }
        return NBestResult(readings: readings)
    }

    /// Each hypothesis's confidence; one without gets that of the nearest hypothesis above it
    /// with one (1 above the top), times `decay` per place between them.
    static func recogniserConfidences(_ hypotheses: [RecognitionHypothesis], decay: Double) -> [Double] {
        var known = (value: 1.0, index: 0)
        return hypotheses.enumerated().map { i, h in
            if let c = h.confidence {
                known = (c, i)
                return c
            }
            return known.value * pow(max(0, decay), Double(i - known.index))
        }
    }

    /// log p, with p kept above 10⁻⁶ so that a zero confidence is a large penalty, not −∞.
    static func logProbability(_ p: Double) -> Double { log(max(p, 1e-6)) }

    func intentScore(_ r: NLUResult, _ scoring: HypothesisScoring) -> Double {
        guard let intent = r.intent else { return Self.logProbability(0) }
        switch r.decidedBy {
        case .exact: return 0
        case .model, .elicitation, .matcher: return Self.logProbability(intent.confidence)
        case .fallback: return Self.logProbability(intent.confidence) + scoring.fallbackPenalty
        }
    }

    func slotScore(_ r: NLUResult, context: ClassificationContext, scoring: HypothesisScoring) -> Double {
        var total = 0.0
        for slot in r.slots {
            for value in slot.values ?? [slot] {
                total += Self.logProbability(value.confidence) + valueFit(value, context: context, scoring: scoring)
            }
        }
        return total
    }

    /// How well one slot value fits its type, as a log-score term (0 for a perfect fit).
    func valueFit(_ value: SlotValue, context: ClassificationContext, scoring: HypothesisScoring) -> Double {
        guard let t = schema.typeIndex(named: value.type) else { return 0 }
        let type = schema.types[t]
        if type.builtInKind != nil {
            // The tagger's own spans of a built-in type say `.tagger` only when no parser read them.
            return value.source == .tagger ? scoring.unparsedBuiltInPenalty : 0
        }
        guard let resolutions = value.resolutions else { return 0 }
        guard resolutions.resolutionsPerAuthority.contains(where: { $0.status.code == .successMatch }) else {
            return scoring.unresolvedSlotPenalty
        }
        var best = 0.0
        if let m = context.dynamicEntities?.match(value.rawValue, typeName: type.name) { best = max(best, m.score) }
        if best < 1, let m = resolvers.match(type: t, spoken: value.rawValue) { best = max(best, m.score) }
        return best > 0 ? log(best) : 0
    }
}
