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
/// only a value fills that slot unless another intent has evidence of its own. The model holds
/// the trained units; ``classify(_:context:)`` runs them as the stages of one pipeline over a
/// record of the utterance, and ``classifyExplained(_:context:)`` renders that record.
public struct NLUModel: Sendable {
    /// Longest input classified, in Unicode scalars; longer input is cut there and the result
    /// says `truncated`. Spoken requests are far shorter; the limit keeps time and memory
    /// bounded for hostile input.
    public static let maximumUtteranceLength = 2_000

    /// The interaction model this model was trained from (with its dialog model and prompts).
    ///
    /// A model loaded from a file decodes it the first time it is asked for (once, whichever
    /// thread asks first): classification reads only what the file's outline stores.
    public var interactionModel: InteractionModel { deferredModel.model }
    /// The interaction model, and the schema with every sample and value, as decoded on first use.
    let deferredModel: DeferredInteractionModel
    /// The index (LOW, MEDIUM, HIGH) of the interaction model's fallback sensitivity
    /// (``FallbackPolicy/level(of:)``).
    package let fallbackLevel: Int
    /// How many slot types the interaction model declares (``SkillSchema/declaredTypeCount(_:)``).
    let declaredTypeCount: Int
    /// The options it was trained with.
    public let trainingOptions: TrainingOptions

    package let schema: SkillSchema
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
    package let allowedLabels: [[Int32]]
    /// Per intent, which of its labels may follow which (built on first use).
    let graphs: IntentGraphs
    let intentKeys: [UInt64]
    package let fallback: FallbackPolicy
    /// Entity resolvers of the custom slot types, built the first time a type is resolved so
    /// that loading a model with tens of thousands of values stays fast.
    let resolvers: ResolverCache
    /// The carrier phrases of each intent's samples, which are not slot values.
    let sampleCarriers: SampleCarriers
    /// Per intent, the role phrases that choose between its slots of one type.
    let slotRoles: [SlotRoles]
    /// The forms of each closed phrase list (``PhraseListType``), as token keys, by type index.
    let phraseListForms: [Int: [[UInt64]]]
    /// How many utterances the model was trained on (generated and annotated).
    public let trainingUtteranceCount: Int
    /// The language pack the model reads utterances through, with the scorer trained on it
    /// (``TrainingOptions/languagePack``); nil for a model without one.
    let pack: (pack: LanguagePack, scorer: PackIntentScorer)?
    /// The contextual tier's head over a sentence encoder (``TrainingOptions/contextualHead``);
    /// nil for a model without one, which classifies in the fast tier only.
    public let contextualHead: EncoderIntentHead?
    /// The app's matchers, in the order they were added (``adding(_:placement:)``); not saved
    /// with the model.
    public internal(set) var matchers: [AttachedMatcher] = []

    package init(interactionModel: InteractionModel, trainingOptions: TrainingOptions, schema: SkillSchema,
         classifier: IntentClassifier, tagger: SlotTagger, fallback: FallbackPolicy, trainingUtteranceCount: Int,
         matcher: ExactMatcher? = nil, carrierClassifier: IntentClassifier? = nil,
         pack: (pack: LanguagePack, scorer: PackIntentScorer)? = nil, contextualHead: EncoderIntentHead? = nil) {
        self.init(source: DeferredInteractionModel(interactionModel, schema: schema), outline: nil,
                  trainingOptions: trainingOptions, schema: schema, classifier: classifier, tagger: tagger,
                  fallback: fallback, trainingUtteranceCount: trainingUtteranceCount, matcher: matcher,
                  carrierClassifier: carrierClassifier, pack: pack, contextualHead: contextualHead)
    }

    /// A model whose interaction model comes from `source`; with a file's `outline`, what
    /// classification needs of it is read from the outline and `source` is not decoded.
    init(source: DeferredInteractionModel, outline: SchemaOutlineSection?, trainingOptions: TrainingOptions,
         schema: SkillSchema, classifier: IntentClassifier, tagger: SlotTagger, fallback: FallbackPolicy,
         trainingUtteranceCount: Int, matcher: ExactMatcher? = nil, carrierClassifier: IntentClassifier? = nil,
         pack: (pack: LanguagePack, scorer: PackIntentScorer)? = nil, contextualHead: EncoderIntentHead? = nil) {
        self.carrierClassifier = carrierClassifier
        self.contextualHead = contextualHead
        self.pack = pack
        self.carrierKept = CarrierPhrase.keptSlots(schema, limit: trainingOptions.carrierKeptListLimit ?? 0)
        self.valueList = ValueList.forLocale(schema.tokenizer.localeIdentifier)
        self.trainingUtteranceCount = trainingUtteranceCount
        self.deferredModel = source
        self.fallbackLevel = outline?.fallbackLevel ?? FallbackPolicy.level(of: source.model)
        self.declaredTypeCount = outline?.declaredTypeCount ?? SkillSchema.declaredTypeCount(source.model)
        self.trainingOptions = trainingOptions
        self.schema = schema
        self.finder = SpanFinder(schema: schema)
        self.matcher = matcher ?? ExactMatcher(schema: schema)
        let edges = outline?.answerEdges ?? AnswerCarriers.SampleEdges(model: source.model)
        self.elicitation = ElicitationMatcher(schema: schema, edges: edges, model: { [source] in source.model })
        self.classifier = classifier
        self.tagger = tagger
        self.allowedLabels = Self.allowedLabels(schema)
        var slotTypes = Self.slotTypeKeys(schema, typeKeys: finder.typeKeys)
        UnlistedValuePrior.apply(to: &slotTypes, schema: schema, typeKeys: finder.typeKeys)
        self.graphs = IntentGraphs(tagger: tagger, labels: allowedLabels, slotTypes: slotTypes)
        self.intentKeys = schema.intents.map { StableHash.hash($0.name) }
        self.fallback = fallback
        self.resolvers = ResolverCache(schema: schema)
        self.sampleCarriers = SampleCarriers(schema: schema, matcher: self.matcher)
        if let outline {
            self.slotRoles = outline.slotRoles.map { SlotRoles(texts: $0.texts, groups: $0.groups, tokenizer: schema.tokenizer) }
        } else {
            self.slotRoles = schema.intents.map { SlotRoles(intent: $0, tokenizer: schema.tokenizer) }
        }
        self.phraseListForms = outline?.phraseListForms ?? Self.phraseListForms(schema)
    }

    /// Whether the interaction model has been decoded (a model loaded from a file decodes it on
    /// first use; for tests of what loading and classifying read).
    package var isInteractionModelDecoded: Bool { deferredModel.isDecoded }

    package static func allowedLabels(_ schema: SkillSchema) -> [[Int32]] {
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

    /// Understands one utterance: runs the stages of ``pipeline`` over its trace and answers
    /// what they decided.
    public func classify(_ text: String, context: ClassificationContext = .init()) -> NLUResult {
        // Moved out of the trace: a copy would retain each of the result's arrays and strings.
        var trace = trace(text, context: context)
        return trace.takeResult() ?? NLUResult(text: text, intent: nil)
    }

    /// Classifies many utterances, in order.
    public func classify(batch texts: [String], context: ClassificationContext = .init()) -> [NLUResult] {
        texts.map { classify($0, context: context) }
    }
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

extension SampleTemplate {
    /// The sample's parts, or the whole sample as text when its braces cannot be read (the
    /// importer reports those; the engine never fails on a sample).
    package static func lenient(_ sample: String) -> SampleTemplate {
        (try? SampleTemplate(parsing: sample)) ?? SampleTemplate(parts: [.text(sample)])
    }
}
