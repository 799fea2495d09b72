import BuiltInValues
import Foundation

/// The statistical layer's choice: the tagger reads the utterance as each of the classifier's
/// few best intents, and the reading of the highest joint score wins (``NLUModel/jointReadings(tokens:spans:probabilities:ranking:alsoReading:scoringAlone:skippingLosers:tokenKeys:)``).
/// When the caller asks for no slots (``ClassificationContext/fillSlots``), the classifier's
/// best intent, without the tagger.
struct JointDecodingStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil, let probabilities = trace.probabilities, let top = trace.ranking.first else { return }
        let intents = model.schema.intents
        guard context.fillSlots else {
            trace.decision = TraceDecision(intent: top, confidence: trace.probability(top), layer: .model, rules: [
                DecisionRule(kind: .classifierBest, intent: intents[top].name, value: trace.probability(top))])
            return
        }
        // After the contextual head, the intents the fast tier would have read are read too:
        // the head may have moved them below a tenth of its best, and where the head's intent
        // cannot hold a slot the utterance says, the tagger's evidence for the fast tier's
        // reading should still be heard.
        var fastCandidates: [Int] = []
        if let fast = trace.contextual?.fastProbabilities {
            fastCandidates = NLUModel.jointCandidates(fast, ranking: IntentRanking.leading(fast, count: IntentRanking.jointCandidateLimit))
        }
        let readings = model.jointReadings(tokens: trace.tokens, spans: trace.typedSpans(model), probabilities: probabilities,
                                           ranking: trace.ranking, alsoReading: fastCandidates,
                                           scoringAlone: trace.recordsScores, skippingLosers: !trace.recordsScores,
                                           tokenKeys: trace.keys)
        // The first of the best scores: on a tie the classifier's order decides. Found by
        // index: a reduction over the readings copied each one it passed.
        var at = 0
        for k in readings.indices.dropFirst() where readings[k].score > readings[at].score { at = k }
        // The winner named by its place: a reading's copy retains each array of its decoding.
        let intent = readings[at].intent, score = readings[at].score
        trace.readings = readings
        trace.best = at
        trace.decision = TraceDecision(intent: intent, confidence: trace.probability(intent), layer: .model, rules: [
            DecisionRule(kind: .jointBest, intent: intents[intent].name, value: score)])
    }
}

/// One intent's reading of an utterance in joint decoding (``NLUModel/jointReadings(tokens:spans:probabilities:ranking:alsoReading:scoringAlone:skippingLosers:tokenKeys:)``).
package struct JointReading {
    package var intent: Int
    /// The tagger's labels for the intent's slots, with log P(labels | intent).
    package var decoding: TaggerDecoding
    /// Q(intent | the reading's carrier phrase), when the model has a carrier classifier.
    package var carrierProbability: Double?
    /// The joint score (natural logarithm).
    package var score: Double
}

extension NLUModel {
    /// The exponent of the carrier classifier's probability in joint decoding, chosen on dev
    /// splits and folds (the figures are in Benchmarks/tools/SWEEPS.md): at 1 the carrier,
    /// which has seen each sample once rather than filled with many values, overruled the main
    /// classifier too often; at 0.5 it decides only where the main classifier hesitates.
    static let carrierWeight = 0.5

    /// The share of the best intent's probability another intent needs to be read in joint
    /// decoding (Benchmarks/tools/SWEEPS.md): where AMAZON.FallbackIntent is the classifier's
    /// best, the reading of an intent with a tenth of its probability is what finds a request
    /// whose value the classifier has never seen, so a larger share loses such answers.
    static let readingShare = 0.1

    /// Joint decoding: the intents close to the classifier's best (``jointCandidates(_:ranking:)``),
    /// then those of `alsoReading` not among them, each with the tagger's reading of the
    /// utterance as that intent and its score log P(intent) + log P(labels | intent) +
    /// ``carrierWeight`` · log Q(intent | carrier), in that order. The highest score wins: the
    /// intent whose slots explain the utterance best.
    ///
    /// A lone reading wins whatever its score, so it is scored only when `scoringAlone` asks
    /// (an explanation shows the score): without it the score is log P(intent) alone, the
    /// tagger's forward pass waits for a caller that wants the slots' confidence, and
    /// ``JointReading/carrierProbability`` is nil.
    ///
    /// With `skippingLosers`, an intent that cannot change the answer is not read: a reading's
    /// score is at most log P(intent) (the tagger's and the carrier's terms are logarithms of
    /// probabilities), so an intent whose log P(intent) is below the best score read so far
    /// cannot win — nor, unless it is the fallback intent, below the best score of the other
    /// intents read, which the fallback policy turns to when the fallback intent wins
    /// (``FallbackStage``). The carrier classifier's term tightens the bound before the
    /// tagger's forward pass, the costliest part of a long reading, is run
    /// (``reading(_:intent:probability:carriers:skippingBelow:)``). The answer is the same; the
    /// readings listed are fewer.
    func jointReadings(tokens: [Token], spans: [TypedSpan], probabilities: [Float], ranking: [Int],
                       alsoReading extra: [Int] = [], scoringAlone: Bool = true, skippingLosers: Bool = false,
                       tokenKeys: [UInt64]? = nil) -> [JointReading] {
        var intents = Self.jointCandidates(probabilities, ranking: ranking)
        for i in extra where !intents.contains(i) { intents.append(i) }
        // The utterance's attributes are looked up once; each intent re-keys its own few.
        var input = tagger.input(tokens: tokens, spans: spans, intentKey: intentKeys[intents[0]], tokenKeys: tokenKeys)
        var carriers: CarrierScores? = intents.count > 1 || scoringAlone ? CarrierScores() : nil
        var readings: [JointReading] = []
        readings.reserveCapacity(intents.count)
        var best = -Double.infinity, bestOther = -Double.infinity
        for i in intents {
            let ceiling = log(max(Double(probabilities[i]), 1e-12)) + Self.scoreSlack
            let floor = i == fallback.intent ? best : bestOther
            if skippingLosers, ceiling < floor { continue }
            guard let r = reading(&input, intent: i, probability: probabilities[i], carriers: &carriers,
                                  skippingBelow: skippingLosers && floor > -.infinity ? floor : nil) else { continue }
            best = max(best, r.score)
            if i != fallback.intent { bestOther = max(bestOther, r.score) }
            readings.append(r)
        }
        return readings
    }

    /// How far above log P(intent) a reading's score may come from rounding (the tagger's
    /// log P(labels) is a difference of two float sums, a hair above 0 when one path holds
    /// all the mass): a reading is skipped only when even this much more could not win.
    static let scoreSlack = 1e-3

    /// The intents joint decoding reads for `probabilities` (ranked as `ranking`): the best and
    /// the next two that have at least ``readingShare`` of its probability, in order.
    static func jointCandidates(_ probabilities: [Float], ranking: [Int]) -> [Int] {
        let top = Double(probabilities[ranking[0]])
        var intents: [Int] = []
        for (rank, i) in ranking.prefix(IntentRanking.jointCandidateLimit).enumerated() {
            if rank > 0 && Double(probabilities[i]) < top * Self.readingShare { break }
            intents.append(i)
        }
        return intents
    }

    /// Intent `i`'s joint reading: its tagging, and its score from the classifier's
    /// `probability`, the tagger and the carrier classifier. Spans that name no value
    /// (``withoutValuelessSpans(_:intent:keys:)``) are read as carrier words: the tagger's term
    /// stays that of its best path, the carrier classifier reads the words as the request's. The tagging's confidence is left
    /// for the reading whose slots the answer takes (SlotValueStage completes it).
    func reading(tokens: [Token], spans: [TypedSpan], intent i: Int, probability: Float) -> JointReading {
        var input = tagger.input(tokens: tokens, spans: spans, intentKey: intentKeys[i])
        var carriers: CarrierScores? = CarrierScores()
        return reading(&input, intent: i, probability: probability, carriers: &carriers)!
    }

    /// ``reading(tokens:spans:intent:probability:)`` of a tagger input made for any intent,
    /// with the carrier classifier's scores of the carrier phrases earlier readings had; with
    /// no `carriers`, the reading is not scored: neither the carrier classifier nor the
    /// tagger's probability of the labels is computed (their terms left out of the score).
    ///
    /// With `skippingBelow`, a reading whose score could not exceed it — log P(intent) plus the
    /// carrier classifier's term, the tagger's term being at most 0 — is nil, and the tagger's
    /// forward pass is not run for it.
    func reading(_ input: inout TaggerInput, intent i: Int, probability: Float, carriers: inout CarrierScores?,
                 skippingBelow floor: Double? = nil) -> JointReading? {
        let tokens = input.tokens
        let scored = carriers != nil
        // The graph read in place (a copy of it would retain each of its arrays), for the whole
        // reading. The decoding is made inside the reading that is returned, and the reading is
        // made as the optional it is returned as: made apart and then wrapped, each was copied.
        return graphs.withGraph(i) { graph -> JointReading? in
            let mode: TaggerDecodingMode = scored && floor == nil ? .deferredConfidence : .deferredConfidenceWithoutProbability
            var r: JointReading? = JointReading(intent: i,
                                                decoding: tagger.decode(&input, intentKey: intentKeys[i], graph: graph, mode: mode),
                                                carrierProbability: nil, score: 0)
            // A span that names no value is the request's own words: the reading says them as
            // carrier words, and the carrier classifier judges the intent from them.
            let keys = input.tokenKeys
            if let plain = withoutValuelessSpans(r!.decoding.labels, intent: i, keys: { keys }) { r!.decoding.labels = plain }
            if let carrierClassifier, carriers != nil {
                let phrase = CarrierPhrase.pattern(tokenCount: tokens.count, labels: r!.decoding.labels, keeping: carrierKept)
                let probabilities = carriers!.probabilities(of: phrase) {
                    carrierClassifier.probabilities(CarrierPhrase.tokens(tokens, pattern: phrase))
                }
                r!.carrierProbability = Double(probabilities[i])
            }
            let logPrior = log(max(Double(probability), 1e-12))
            let carrierTerm = r!.carrierProbability.map { Self.carrierWeight * log(max($0, 1e-12)) }
            if let floor, scored {
                if logPrior + (carrierTerm ?? 0) + Self.scoreSlack < floor { return nil }
                tagger.completeProbability(&r!.decoding, graph: graph)
            }
            r!.score = logPrior + r!.decoding.logProbability
            if let carrierTerm { r!.score += carrierTerm }
            return r
        }
    }
}

/// The carrier classifier's probabilities of the carrier phrases joint decoding met in one
/// utterance: readings of several intents often mark the same spans, and so say the same
/// carrier phrase, whose probabilities need computing once.
struct CarrierScores {
    private var known: [(phrase: [Int], probabilities: [Float])] = []

    /// The probabilities of `phrase` (a ``CarrierPhrase/pattern(tokenCount:labels:keeping:)``),
    /// from `compute` the first time.
    mutating func probabilities(of phrase: [Int], _ compute: () -> [Float]) -> [Float] {
        if let hit = known.first(where: { $0.phrase == phrase }) { return hit.probabilities }
        let made = compute()
        known.append((phrase, made))
        return made
    }
}
