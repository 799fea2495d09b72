import BuiltInValues
import Foundation
import InteractionModel

/// A trained language-understanding model for one interaction model: immutable, `Sendable`,
/// safe to share between threads.
///
/// ```swift
/// let model = try NLUModel.train(from: interactionModel)
/// let result = model.classify("book a table for two in paris tomorrow")
/// result.intent?.name        // "BookTable"
/// result.slot(named: "city")?.value  // "paris"
/// ```
///
/// Classification runs three layers: an exact match against the model's own samples
/// (confidence 1, as on the speaker), the statistical intent classifier with joint slot
/// decoding over the best few intents, and AMAZON.FallbackIntent when nothing is close enough.
/// While a dialog elicits a slot (``ClassificationContext/elicitingSlot``), an answer that is
/// only a value fills that slot unless another intent has evidence of its own.
public struct NLUModel: Sendable {
    /// Longest input classified, in Unicode scalars; longer input is cut there and the result
    /// says `truncated`. Spoken requests are far shorter; the limit keeps time and memory
    /// bounded for hostile input.
    public static let maximumUtteranceLength = 2_000

    /// The interaction model this model was trained from (with its dialog model and prompts).
    public let interactionModel: InteractionModel
    /// The options it was trained with.
    public let trainingOptions: TrainingOptions

    let schema: SkillSchema
    let finder: SpanFinder
    let matcher: ExactMatcher
    let elicitation: ElicitationMatcher
    let classifier: IntentClassifier
    /// The intent classifier of carrier phrases (``CarrierPhrase``), when the model has one
    /// (``TrainingOptions/carrierClassifier``).
    let carrierClassifier: IntentClassifier?
    /// Per slot, whether its words stay in carrier phrases (``TrainingOptions/carrierKeptListLimit``).
    let carrierKept: [Bool]
    /// How the model's language says a list of values (`multipleValues` slots).
    let valueList: ValueList
    let tagger: SlotTagger
    let allowedLabels: [[Int32]]
    /// Per intent, which of its labels may follow which.
    let graphs: [TransitionGraph]
    let intentKeys: [UInt64]
    let fallback: FallbackPolicy
    /// Entity resolvers of the custom slot types, built the first time a type is resolved so
    /// that loading a model with tens of thousands of values stays fast.
    let resolvers: ResolverCache
    /// The carrier phrases of each intent's samples, which are not slot values.
    let sampleCarriers: SampleCarriers
    /// Per intent, the role phrases that choose between its slots of one type.
    let slotRoles: [SlotRoles]
    /// How many utterances the model was trained on (generated and annotated).
    public let trainingUtteranceCount: Int
    /// The language pack the model reads utterances through, with the scorer trained on it
    /// (``TrainingOptions/languagePack``); nil for a model without one.
    let pack: (pack: LanguagePack, scorer: PackIntentScorer)?

    init(interactionModel: InteractionModel, trainingOptions: TrainingOptions, schema: SkillSchema,
         classifier: IntentClassifier, tagger: SlotTagger, fallback: FallbackPolicy, trainingUtteranceCount: Int,
         matcher: ExactMatcher? = nil, carrierClassifier: IntentClassifier? = nil,
         pack: (pack: LanguagePack, scorer: PackIntentScorer)? = nil) {
        self.carrierClassifier = carrierClassifier
        self.pack = pack
        self.carrierKept = CarrierPhrase.keptSlots(schema, limit: trainingOptions.carrierKeptListLimit ?? 0)
        self.valueList = ValueList.forLocale(schema.tokenizer.localeIdentifier)
        self.trainingUtteranceCount = trainingUtteranceCount
        self.interactionModel = interactionModel
        self.trainingOptions = trainingOptions
        self.schema = schema
        self.finder = SpanFinder(schema: schema)
        self.matcher = matcher ?? ExactMatcher(schema: schema)
        self.elicitation = ElicitationMatcher(schema: schema, model: interactionModel)
        self.classifier = classifier
        self.tagger = tagger
        self.allowedLabels = Self.allowedLabels(schema)
        var slotTypes = Self.slotTypeKeys(schema, typeKeys: finder.typeKeys)
        UnlistedValuePrior.apply(to: &slotTypes, schema: schema, typeKeys: finder.typeKeys)
        self.graphs = zip(allowedLabels, slotTypes).map { tagger.graph(for: $0, slotTypes: $1) }
        self.intentKeys = schema.intents.map { StableHash.hash($0.name) }
        self.fallback = fallback
        self.resolvers = ResolverCache(schema: schema)
        self.sampleCarriers = SampleCarriers(schema: schema)
        self.slotRoles = schema.intents.map { SlotRoles(intent: $0, tokenizer: schema.tokenizer) }
    }

    static func allowedLabels(_ schema: SkillSchema) -> [[Int32]] {
        let index = Dictionary(uniqueKeysWithValues: schema.slotNames.enumerated().map { ($1, $0) })
        return schema.intents.map { intent in
            var labels: [Int32] = [0]
            for s in intent.slots {
                let g = index[s.name]!
                labels += [SlotLabels.begin(g), SlotLabels.inside(g)]
            }
            return labels
        }
    }

    /// The width of the classifier's utterance vectors (for benchmarks and diagnostics).
    public var classifierDimension: Int { classifier.options.dimension }

    /// The names of the intents the model knows, in model order.
    public var intentNames: [String] { schema.intents.map(\.name) }

    // MARK: Classification

    /// Understands one utterance.
    public func classify(_ text: String, context: ClassificationContext = .init()) -> NLUResult {
        var input = text
        var truncated = false
        if text.unicodeScalars.count > Self.maximumUtteranceLength {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text.unicodeScalars.prefix(Self.maximumUtteranceLength))
            input = String(view)
            truncated = true
        }
        let tokens = schema.tokenizer.tokenize(input)
        guard !tokens.isEmpty else { return NLUResult(text: input, intent: nil, truncated: truncated) }
        let scalars = Array(input.unicodeScalars)
        let keys = tokens.map(PhraseTrie.key)
        let gazetteer = schema.gazetteer.allMatches(keys)
        var valueSpans = [[(end: Int, types: [Int32])]](repeating: [], count: tokens.count)
        for m in gazetteer { valueSpans[m.start].append((m.end, m.entries.map(\.type))) }
        let builtIns = finder.builtInSpans(tokens, context: context.builtIn)
        for b in builtIns {
            if let kind = b.kind, let types = schema.typesOfKind[kind] { valueSpans[b.tokens.lowerBound].append((b.tokens.upperBound, types)) }
        }
        let dynamicSpans = dynamicMatches(tokens, context.dynamicEntities)
        for d in dynamicSpans { valueSpans[d.start].append((d.end, [d.type])) }

        // While a dialog asks for a slot, its own samples with listed values come first (step 1
        // of ClassificationContext.elicitingSlot).
        if let eliciting = context.elicitingSlot,
           let answer = elicitation.matchListed(eliciting, keys: keys, valueSpans: valueSpans) {
            let slots = makeSlots(intent: answer.intent, assignments: answer.slots.map { ($0.slot, $0.start, $0.end, 1) },
                                  tokens: tokens, scalars: scalars, source: .sample, context: context)
            return NLUResult(text: input, intent: IntentHypothesis(name: schema.intents[answer.intent].name, confidence: 1),
                             slots: slots.slots, repeatedSlots: slots.repeated, decidedBy: .exact, truncated: truncated)
        }

        let probabilities = intentProbabilities(tokens)
        let ranking = probabilities.indices.sorted { probabilities[$0] > probabilities[$1] }

        if context.exactMatching, let m = matcher.matches(keys: keys, valueSpans: valueSpans, limit: 1).first,
           !isOnlyAValueOfAnotherIntent(m, tokenCount: tokens.count, eliciting: context.elicitingSlot) {
            let slots = makeSlots(intent: m.intent, assignments: m.slots.map { ($0.slot, $0.start, $0.end, 1) },
                                  tokens: tokens, scalars: scalars, source: .sample, context: context)
            let alternatives = ranking.lazy.filter { $0 != m.intent }.prefix(context.topK)
                .map { IntentHypothesis(name: self.schema.intents[$0].name, confidence: Double(probabilities[$0])) }
            let sample = schema.intents[m.intent].sample(at: m.sample)
            return NLUResult(text: input, intent: IntentHypothesis(name: schema.intents[m.intent].name, confidence: 1),
                             alternatives: Array(alternatives), slots: slots.slots, repeatedSlots: slots.repeated,
                             decidedBy: .exact, matchedSample: sample.canonicalText, truncated: truncated)
        }

        var typedSpans: [TypedSpan]?
        func allSpans() -> [TypedSpan] {
            if let typedSpans { return typedSpans }
            let found = finder.spans(from: gazetteer, keys: keys, builtIns: builtIns)
                + dynamicSpans.map { TypedSpan(start: $0.start, end: $0.end, typeKey: finder.typeKeys[Int($0.type)]) }
            typedSpans = found
            return found
        }
        if let eliciting = context.elicitingSlot,
           let answer = readElicitedAnswer(eliciting, input: input, truncated: truncated,
                                           utterance: .init(tokens: tokens, scalars: scalars, keys: keys, valueSpans: valueSpans,
                                                            gazetteer: gazetteer, spans: allSpans()),
                                           probabilities: probabilities, ranking: ranking, context: context) {
            return answer
        }

        if !context.fillSlots {
            var chosen = ranking[0]
            var decision = fallback.decide(chosen: chosen, probabilities: probabilities, model: interactionModel)
            if decision == .bestOther, let other = ranking.first(where: { $0 != fallback.intent }) {
                chosen = other
                decision = fallback.decide(chosen: other, probabilities: probabilities, model: interactionModel)
            }
            var result = NLUResult(text: input, intent: IntentHypothesis(name: schema.intents[chosen].name,
                                                                        confidence: Double(probabilities[chosen])),
                                   alternatives: ranking.filter { $0 != chosen }.prefix(context.topK).map {
                                       IntentHypothesis(name: schema.intents[$0].name, confidence: Double(probabilities[$0]))
                                   }, truncated: truncated)
            if decision != .keep, let f = fallback.intent {
                result.intent = IntentHypothesis(name: schema.intents[f].name, confidence: chosen == f ? Double(probabilities[f])
                                                     : 1 - Double(fallback.inDomainConfidence(probabilities[chosen], probabilities: probabilities)))
                result.decidedBy = .fallback
            }
            return result
        }
        let readings = jointReadings(tokens: tokens, spans: allSpans(), probabilities: probabilities, ranking: ranking)
        // The first of the best scores: on a tie the classifier's order decides.
        var best = readings.dropFirst().reduce(readings[0]) { $1.score > $0.score ? $1 : $0 }
        var decision = fallback.decide(chosen: best.intent, probabilities: probabilities, model: interactionModel)
        if decision == .bestOther {
            // The best reading of another intent, read for the first one when joint decoding did not.
            let read = readings.filter { $0.intent != fallback.intent }.max { $0.score < $1.score }
            if let other = read ?? ranking.first(where: { $0 != fallback.intent }).map({
                reading(tokens: tokens, spans: allSpans(), intent: $0, probability: probabilities[$0])
            }) {
                best = other
                decision = fallback.decide(chosen: other.intent, probabilities: probabilities, model: interactionModel)
            } else {
                decision = .fallBack
            }
        }
        var chosen = best.intent
        var confidence = Double(probabilities[chosen])
        var decidedBy = DecisionLayer.model
        if decision == .fallBack, let f = fallback.intent {
            if chosen != f {
                confidence = max(Double(probabilities[f]), 1 - Double(fallback.inDomainConfidence(Float(confidence), probabilities: probabilities)))
                chosen = f
            }
            decidedBy = .fallback
        }
        var slots = FilledSlots()
        if chosen == best.intent {
            let found = withRoles(withoutCarrierWords(assignments(best.decoding, intent: chosen), intent: chosen, tokens: tokens,
                                                      keys: keys, gazetteer: gazetteer, builtIns: builtIns, context: context),
                                  intent: chosen, tokens: tokens, keys: keys, gazetteer: gazetteer, context: context)
            slots = makeSlots(intent: chosen, assignments: found, tokens: tokens,
                              scalars: scalars, source: .tagger, context: context, gazetteer: gazetteer)
        }
        let alternatives = ranking.lazy.filter { $0 != chosen }.prefix(context.topK)
            .map { IntentHypothesis(name: self.schema.intents[$0].name, confidence: Double(probabilities[$0])) }
        return NLUResult(text: input, intent: IntentHypothesis(name: schema.intents[chosen].name, confidence: confidence),
                         alternatives: Array(alternatives), slots: slots.slots, repeatedSlots: slots.repeated,
                         decidedBy: decidedBy, truncated: truncated)
    }

    /// The exponent of the carrier classifier's probability in joint decoding. Chosen on dev
    /// splits and folds (Benchmarks/tools/SWEEPS.md): at 1 the carrier, which has seen each
    /// sample once rather than filled with many values, overruled the main classifier too
    /// often (ATIS dev 97.40 → 96.40 % intent accuracy, snips-fold70 96.95 → 96.29 with
    /// balanced carriers); at 0.5 it decides only where the main classifier hesitates.
    static let carrierWeight = 0.5

    /// Joint decoding: the intents close to the classifier's best (at most 3, each with at
    /// least a tenth of the best probability), each with the tagger's reading of the utterance
    /// as that intent and its score log P(intent) + log P(labels | intent) +
    /// ``carrierWeight`` · log Q(intent | carrier), in the classifier's order. The highest
    /// score wins: the intent whose slots explain the utterance best.
    func jointReadings(tokens: [Token], spans: [TypedSpan], probabilities: [Float], ranking: [Int]) -> [JointReading] {
        var readings: [JointReading] = []
        let top = Double(probabilities[ranking[0]])
        for (rank, i) in ranking.prefix(3).enumerated() {
            let p = Double(probabilities[i])
            if rank > 0 && p < top * 0.1 { break }
            readings.append(reading(tokens: tokens, spans: spans, intent: i, probability: probabilities[i]))
        }
        return readings
    }

    /// Intent `i`'s joint reading: its tagging, and its score from the classifier's
    /// `probability`, the tagger and the carrier classifier.
    func reading(tokens: [Token], spans: [TypedSpan], intent i: Int, probability: Float) -> JointReading {
        let d = tagger.decode(tokens: tokens, spans: spans, intentKey: intentKeys[i], graph: graphs[i])
        var reading = JointReading(intent: i, decoding: d, carrierProbability: nil,
                                   score: log(max(Double(probability), 1e-12)) + d.logProbability)
        if let carrierClassifier {
            let q = Double(carrierClassifier.probabilities(CarrierPhrase.tokens(tokens, labels: d.labels, keeping: carrierKept))[i])
            reading.carrierProbability = q
            reading.score += Self.carrierWeight * log(max(q, 1e-12))
        }
        return reading
    }

    /// Classifies many utterances, in order.
    public func classify(batch texts: [String], context: ClassificationContext = .init()) -> [NLUResult] {
        texts.map { classify($0, context: context) }
    }

    /// The slot spans of a decoding, as (slot index within `intent`, start, end, mean marginal).
    func assignments(_ decoding: TaggerDecoding, intent: Int) -> [(slot: Int, start: Int, end: Int, confidence: Float)] {
        SlotLabels.spans(decoding.labels).compactMap { s in
            guard let local = schema.intents[intent].slots.firstIndex(where: { $0.name == schema.slotNames[s.slot] }) else { return nil }
            let c = decoding.confidence.isEmpty ? 1 : decoding.confidence[s.start..<s.end].reduce(0, +) / Float(s.end - s.start)
            return (local, s.start, s.end, c)
        }
    }

    /// Turns token spans into Alexa-style slot values; several spans of a `multipleValues`
    /// slot become one slot with `values`, further spans of a single-value slot go to
    /// ``FilledSlots/repeated``.
    func makeSlots(intent: Int, assignments: [(slot: Int, start: Int, end: Int, confidence: Float)], tokens: [Token],
                   scalars: [Unicode.Scalar], source: SlotSource, context: ClassificationContext,
                   gazetteer: [PhraseTrie.Match] = []) -> FilledSlots {
        let info = schema.intents[intent]
        var out: [SlotValue] = []
        var repeated: [SlotValue] = []
        var indexOfSlot: [Int: Int] = [:]
        let items = withListItems(assignments, intent: intent, tokens: tokens, scalars: scalars, context: context).map {
            schema.types[info.slots[$0.slot].type].name == "AMAZON.SearchQuery" ? withoutRequestWords($0, intent: intent, tokens: tokens) : $0
        }
        for a in items.sorted(by: { $0.start < $1.start }) {
            let slot = info.slots[a.slot]
            let type = schema.types[slot.type]
            let start = tokens[a.start].range.lowerBound, end = tokens[a.end - 1].range.upperBound
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            let raw = String(view)
            let span = tokens[a.start..<a.end]
            var found = source
            var spoken = raw
            var resolutions: Resolutions?
            if let kind = type.builtInKind {
                if let parsed = finder.parser.parse(kind: kind, tokens: span, context: context.builtIn) {
                    spoken = parsed
                    if source == .tagger { found = .builtIn }
                }
            } else {
                let listed = gazetteer.contains { $0.start == a.start && $0.end == a.end && $0.entries.contains { $0.type == Int32(slot.type) } }
                if source == .tagger && listed { found = .gazetteer }
                resolutions = resolvers.resolve(type: slot.type, tokens: span, dynamic: context.dynamicEntities)
            }
            let value = SlotValue(name: slot.name, type: type.name, value: spoken, rawValue: raw, start: start, end: end,
                                  resolutions: resolutions, confidence: Double(a.confidence), source: found)
            if let existing = indexOfSlot[a.slot] {
                if slot.multipleValues {
                    var merged = out[existing]
                    merged.values = (merged.values ?? [merged]) + [value]
                    out[existing] = merged
                } else {
                    // A single-value slot reports its first value, as Alexa does.
                    repeated.append(value)
                }
            } else {
                indexOfSlot[a.slot] = out.count
                out.append(value)
            }
        }
        return FilledSlots(slots: out, repeated: repeated)
    }
}

/// One intent's reading of an utterance in joint decoding (``NLUModel/jointReadings(tokens:spans:probabilities:ranking:)``).
struct JointReading {
    var intent: Int
    /// The tagger's labels for the intent's slots, with log P(labels | intent).
    var decoding: TaggerDecoding
    /// Q(intent | the reading's carrier phrase), when the model has a carrier classifier.
    var carrierProbability: Double?
    /// The joint score (natural logarithm).
    var score: Double
}

/// The slot values of one reading: what goes in ``NLUResult/slots`` and
/// ``NLUResult/repeatedSlots``.
struct FilledSlots {
    var slots: [SlotValue] = []
    var repeated: [SlotValue] = []
}

extension NLUModel {
    /// Spans of run-time (dynamic) values: up to six tokens matching a dynamic value or synonym
    /// of a type some slot uses.
    func dynamicMatches(_ tokens: [Token], _ dynamic: DynamicEntities?) -> [(start: Int, end: Int, type: Int32)] {
        guard let dynamic, !dynamic.isEmpty else { return [] }
        var out: [(start: Int, end: Int, type: Int32)] = []
        for t in dynamic.types {
            guard let ti = schema.typeIndex(named: t.name) else { continue }
            for start in 0..<tokens.count {
                for end in (start + 1)...min(tokens.count, start + 6) {
                    if let m = dynamic.match(tokens: tokens[start..<end], typeName: t.name), m.kind != .fuzzy {
                        out.append((start, end, Int32(ti)))
                    }
                }
            }
        }
        return out
    }
}

/// Entity resolvers built on first use, shared by every thread that classifies with a model.
final class ResolverCache: @unchecked Sendable {
    private let schema: SkillSchema
    private let lock = NSLock()
    private var resolvers: [Int: EntityResolver] = [:]

    init(schema: SkillSchema) { self.schema = schema }

    /// Alexa's resolutions of a span of a custom type: dynamic values first, then the type's
    /// own values; nil for a type with neither.
    func resolve(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Resolutions? {
        let info = schema.types[type]
        let hasDynamic = dynamic.map { !$0.values(for: info.name).isEmpty } ?? false
        guard !info.values.isEmpty || hasDynamic else { return nil }
        return resolver(type).resolve(tokens: tokens, dynamic: dynamic)
    }

    /// How a spoken phrase matches a custom type's own values, or nil.
    func match(type: Int, spoken: String) -> EntityMatch? {
        let info = schema.types[type]
        guard !info.values.isEmpty else { return nil }
        return resolver(type).match(spoken)
    }

    /// Whether `tokens` say one of a custom type's values or synonyms (exactly, or after
    /// normalisation — not a fuzzy match), among its own values or the session's dynamic ones.
    func isListed(type: Int, tokens: ArraySlice<Token>, dynamic: DynamicEntities?) -> Bool {
        let info = schema.types[type]
        if let dynamic, let m = dynamic.match(tokens: tokens, typeName: info.name), m.kind != .fuzzy { return true }
        guard !info.values.isEmpty, let m = resolver(type).match(tokens: tokens) else { return false }
        return m.kind != .fuzzy
    }

    private func resolver(_ type: Int) -> EntityResolver {
        lock.withLock {
            if let r = resolvers[type] { return r }
            let info = schema.types[type]
            let r = EntityResolver(typeName: info.name, values: info.values, locale: schema.tokenizer.localeIdentifier)
            resolvers[type] = r
            return r
        }
    }
}

/// When the model answers AMAZON.FallbackIntent instead of its best guess.
struct FallbackPolicy: Sendable, Equatable {
    /// The index of AMAZON.FallbackIntent, when the interaction model declares it.
    var intent: Int?
    /// Confidence below which the best guess is replaced, per sensitivity (LOW, MEDIUM, HIGH),
    /// calibrated on held-out generated data.
    var thresholds: [Float]
    /// For a fallback intent that learnt only from negatives we generate (the skill gave it
    /// no samples): the probability it must have, per sensitivity, for the answer to fall
    /// back. Our negatives are a guess at what lies outside the skill — everyday requests
    /// and mixtures of its words — and the in-domain paraphrases they resemble are many, so
    /// LOW asks for a sure classifier and HIGH takes it whenever it ranks first. In-domain
    /// confidences are then read without the fallback's share (``inDomainConfidence``). nil:
    /// it falls back whenever it ranks first, as a fallback intent with the skill's own
    /// samples does.
    var requiredProbabilities: [Float]?

    /// ``requiredProbabilities`` for LOW, MEDIUM and HIGH. Chosen on small skills cut out of
    /// CLINC150 (Benchmarks/tools/make-small-skill.py, seeds 1–5: 8 intents of at most 30
    /// samples; dev utterances of their intents in scope, every other dev utterance out), mean
    /// in-scope accuracy / out-of-domain recall: 96.50 / 25.0 before everyday requests; with
    /// them, falling back whenever the fallback ranks first, 92.88 / 82.7; with these, LOW
    /// 96.50 / 48.6, MEDIUM 95.25 / 67.4, HIGH 92.13 / 87.3 (Benchmarks/tools/SWEEPS.md). LOW
    /// keeps the in-scope accuracy a skill had: Alexa's LOW sends the fewest answers to the
    /// fallback.
    static let defaultRequiredProbabilities: [Float] = [0.7, 0.5, 0]

    /// The index (LOW, MEDIUM, HIGH) of the model's sensitivity; LOW when it has none, as on Alexa.
    static func level(of model: InteractionModel) -> Int {
        switch model.languageModel.modelConfiguration?.fallbackIntentSensitivity?.level ?? .low {
        case .low: return 0
        case .medium: return 1
        case .high: return 2
        }
    }

    func threshold(for model: InteractionModel) -> Float {
        guard thresholds.count == 3 else { return 0 }
        return thresholds[Self.level(of: model)]
    }

    /// How sure the classifier is of an in-domain intent of probability `p`: without the
    /// fallback intent's share when that intent learnt from our negatives only.
    func inDomainConfidence(_ p: Float, probabilities: [Float]) -> Float {
        guard requiredProbabilities != nil, let f = intent, probabilities[f] < 1 else { return p }
        return min(1, p / (1 - probabilities[f]))
    }

    /// What to answer when joint decoding chose `chosen`.
    enum Decision: Equatable {
        /// The chosen intent.
        case keep
        /// AMAZON.FallbackIntent.
        case fallBack
        /// The fallback intent ranked first but is not sure enough: the best other intent.
        case bestOther
    }

    func decide(chosen: Int, probabilities: [Float], model: InteractionModel) -> Decision {
        guard let f = intent else { return .keep }
        if chosen == f {
            guard let required = requiredProbabilities, required.count == 3 else { return .fallBack }
            return probabilities[f] >= required[Self.level(of: model)] ? .fallBack : .bestOther
        }
        return inDomainConfidence(probabilities[chosen], probabilities: probabilities) < threshold(for: model) ? .fallBack : .keep
    }
}

extension SampleTemplate {
    /// The sample's parts, or the whole sample as text when its braces cannot be read (the
    /// importer reports those; the engine never fails on a sample).
    static func lenient(_ sample: String) -> SampleTemplate {
        (try? SampleTemplate(parsing: sample)) ?? SampleTemplate(parts: [.text(sample)])
    }
}
