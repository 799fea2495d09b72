import BuiltInValues
import Foundation

extension NLUModel {
    /// How many intents an ``Explanation`` lists as considered.
    public static let explainedCandidates = 5
    /// How many words an ``Explanation`` lists as features.
    public static let explainedFeatures = 5
    /// Words beyond this many are not weighed (each costs one more pass of the classifier).
    static let explainedTokenLimit = 48

    /// Classifies `text` and explains the answer: the result is exactly what
    /// ``classify(_:context:)`` answers, and the explanation is read from the trace of that same
    /// run — the rules that decided with the values they compared (``Explanation/rules``), the
    /// intents the classifier weighed (with the terms of the joint score for those joint
    /// decoding read), how each slot was found, and the words that weigh most for the intent.
    ///
    /// Beyond the classification it runs the classifier once more per word (up to
    /// ``explainedTokenLimit`` words) to weigh each word by leaving it out, so it costs a few
    /// classifications: cheap enough to leave on while developing.
    public func classifyExplained(_ text: String, context: ClassificationContext = .init())
        -> (result: NLUResult, explanation: Explanation) {
        let trace = trace(text, context: context, recordingScores: true)
        let result = trace.result ?? NLUResult(text: text, intent: nil)
        return (result, explanation(of: trace, result: result))
    }

    /// The explanation of one classification's trace.
    func explanation(of trace: UtteranceTrace, result: NLUResult) -> Explanation {
        let threshold = fallback.intent.map { _ in Double(fallback.threshold(level: fallbackLevel)) }
        let required = fallback.requiredProbabilities.map { Double($0[fallbackLevel]) }
        let rules = trace.matcherRules + (trace.decision?.rules ?? [])
        guard let answer = result.intent, let probabilities = trace.probabilities, let top = trace.ranking.first else {
            return Explanation(decidedBy: result.decidedBy, matchedSample: result.matchedSample, considered: [],
                               fallbackThreshold: threshold, fallbackRequiredProbability: required, slots: [], features: [],
                               rules: rules, matcher: result.matcher)
        }
        func rounded(_ x: Double?) -> Double? { x.map { ($0 * 1000).rounded() / 1000 } }
        let considered = trace.ranking.prefix(Self.explainedCandidates).map { i in
            let r = trace.readings.first { $0.intent == i }
            return Explanation.Candidate(intent: schema.intents[i].name, score: Double(probabilities[i]),
                                         slotLogProbability: rounded(r?.decoding.logProbability),
                                         carrierProbability: rounded(r?.carrierProbability), jointScore: rounded(r?.score))
        }
        let slots = result.slots.flatMap { $0.values ?? [$0] }.map(explainSlot)
        // The words behind the answer; when the fallback overruled a weak guess, the words
        // behind that guess say more.
        var subject = schema.intentIndex(named: answer.name) ?? top
        if result.decidedBy == .fallback, top != subject { subject = top }
        let features = weighWords(trace.tokens, intent: subject, baseline: probabilities[subject])
        var explanation = Explanation(decidedBy: result.decidedBy, matchedSample: result.matchedSample, considered: considered,
                                      fallbackThreshold: threshold, fallbackRequiredProbability: required, slots: slots,
                                      features: features, featuresFor: schema.intents[subject].name, rules: rules,
                                      matcher: result.matcher)
        explanation.contextual = trace.contextual.map {
            Explanation.Contextual(intent: schema.intents[$0.intent].name, probability: Double($0.probability),
                                   fastIntent: schema.intents[$0.fastTop].name, unseenWordShare: Double($0.unseenWordShare))
        }
        return explanation
    }

    /// Each word's pull toward `intent`: the log-odds of the intent with the utterance minus
    /// those without the word, strongest (by size) first. Log-odds rather than probabilities,
    /// so that words still count when the model is nearly sure.
    func weighWords(_ tokens: [Token], intent: Int, baseline: Float) -> [Explanation.Feature] {
        func logOdds(_ p: Float) -> Double {
            let q = min(max(Double(p), 1e-9), 1 - 1e-9)
            return log(q / (1 - q))
        }
        let full = logOdds(baseline)
        var weighed: [Explanation.Feature] = []
        var seen: Set<String> = []
        for i in tokens.indices.prefix(Self.explainedTokenLimit) {
            var without = tokens
            without.remove(at: i)
            let p = intentProbabilities(without)[intent]
            let weight = full - logOdds(p)
            // A word said twice is listed once, with its first weight.
            guard seen.insert(tokens[i].normalized).inserted else { continue }
            weighed.append(Explanation.Feature(feature: tokens[i].text, weight: (weight * 1000).rounded() / 1000))
        }
        return Array(weighed.sorted { abs($0.weight) > abs($1.weight) }.prefix(Self.explainedFeatures))
    }

    func explainSlot(_ v: SlotValue) -> Explanation.Slot {
        var foundBy: Explanation.FoundBy
        switch v.source {
        case .builtIn: foundBy = .builtIn
        case .tagger: foundBy = .tagger
        case .matcher: foundBy = .matcher
        case .gazetteer, .sample:
            let typeIndex = schema.typeIndex(named: v.type)
            if v.source == .sample, v.type == "AMAZON.SearchQuery" {
                foundBy = .freeText
            } else if let t = typeIndex, let listed = listedForm(v.rawValue, type: t) {
                foundBy = listed
            } else if v.type.hasPrefix("AMAZON.") {
                foundBy = .builtIn
            } else {
                foundBy = v.source == .gazetteer ? .value : .tagger
            }
        }
        let authority = v.resolutions?.resolutionsPerAuthority.first { $0.status.code == .successMatch }
            ?? v.resolutions?.resolutionsPerAuthority.first
        let resolved = authority?.status.code == .successMatch ? authority?.values.first?.value : nil
        return Explanation.Slot(name: v.name, type: v.type, rawValue: v.rawValue, value: v.value, foundBy: foundBy,
                                fromSample: v.source == .sample, resolution: authority?.status.code.rawValue,
                                resolvedName: resolved?.name, resolvedId: resolved?.id)
    }

    /// Whether `text` is a listed value (or a synonym of one) of schema type `type`.
    func listedForm(_ text: String, type: Int) -> Explanation.FoundBy? {
        let keys = schema.tokenizer.tokenize(text).map(PhraseTrie.key)
        guard let entries = schema.gazetteer.lookup(keys)?.filter({ $0.type == Int32(type) }), !entries.isEmpty else {
            return nil
        }
        let values = schema.types[type].values
        for entry in entries where Int(entry.value) < values.count {
            let name = schema.tokenizer.tokenize(values[Int(entry.value)].name.value).map(PhraseTrie.key)
            if name == keys { return .value }
        }
        return values.isEmpty ? .value : .synonym
    }
}
