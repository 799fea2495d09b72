import BuiltInValues
import Dispatch
import Foundation
import InteractionModel

/// Why a model could not be trained.
public enum TrainingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No intent has a sample utterance to learn from.
    case noSamples
    /// The intent classifier rejected its settings or data.
    case classifier(String)
    /// ``TrainingOptions/languagePack`` names a pack SkillNLU does not ship.
    case noLanguagePack(String)
    /// ``TrainingOptions/languagePack`` names a pack of another language than the model's locale.
    case languagePackForAnotherLanguage(String, locale: String)
    /// ``TrainingOptions/contextualHead`` names a sentence encoder SkillNLU does not ship.
    case noEncoder(String)
    /// ``TrainingOptions/contextualHead`` names an encoder of another language than the model's locale.
    case encoderForAnotherLanguage(String, locale: String)
    /// ``SlotTaggerOptions/wordClusters`` names clusters SkillNLU does not ship.
    case noWordClusters(String)

    public var description: String {
        switch self {
        case .noSamples:
            return "the interaction model has no sample utterances to learn from; add samples to its intents"
        case .classifier(let why): return "the intent classifier could not be trained: \(why)"
        case .languagePackForAnotherLanguage(let name, let locale):
            return "the language pack '\(name)' is not for the model's locale \(locale); use \"auto\" (the locale's pack, if one is shipped) or \"none\""
        case .noEncoder(let name): return "no sentence encoder named '\(name)' is shipped with SkillNLU; use \"none\" or a shipped encoder"
        case .encoderForAnotherLanguage(let name, let locale):
            return "the sentence encoder '\(name)' is not for the model's locale \(locale); use \"auto\" (the locale's encoder, if one is shipped) or \"none\""
        case .noLanguagePack(let name): return "no language pack named '\(name)' is shipped with SkillNLU; use \"none\" or a shipped pack"
        case .noWordClusters(let name): return "no word clusters named '\(name)' are shipped with SkillNLU; use \"none\", \"auto\" or \"en\""
        }
    }
}

extension NLUModel {
    /// Trains a model from an interaction model alone (plus ``TrainingOptions/annotated``).
    ///
    /// Stages: generate utterances from the samples and slot values; train the intent
    /// classifier on most of them and calibrate its confidences (and the fallback threshold) on
    /// the rest; train the slot tagger. Deterministic for `options.seed`. The model returned is
    /// the one its file gives (``NLUModel/fileBytes()`` read back by ``NLUModel/init(fileBytes:)``):
    /// its weights in the precision and layout classifying reads.
    ///
    /// The tagger and the classifier's parts (each member of the ensemble, the carrier
    /// classifier, the pack's scorer, the contextual head) train as independent jobs on as many
    /// threads as there are cores; each is single-threaded and deterministic, so the model does
    /// not depend on scheduling or the number of cores. `progress` may be called from any thread.
    public static func train(from model: InteractionModel, options: TrainingOptions = .init(),
                             progress: (@Sendable (TrainingProgress) -> Void)? = nil) throws -> NLUModel {
        try trainReporting(from: model, options: options, progress: progress).model
    }

    /// Trains as ``train(from:options:progress:)`` does and reports what the model's
    /// classifiers left out (``TrainingReport``), for a tool to tell its user why a rare word
    /// does not count. The model is the one `train` gives, byte for byte.
    package static func trainReporting(from model: InteractionModel, options: TrainingOptions = .init(),
                                       progress: (@Sendable (TrainingProgress) -> Void)? = nil)
        throws -> (model: NLUModel, report: TrainingReport) {
        let (trained, report) = try trainInMemory(from: model, options: options, progress: progress)
        // The model is returned as its file gives it: weights in the precision and layout
        // classification reads (the trainer's are floats), so that a model trained in this
        // process answers as fast, and holds as little, as one loaded, and is by construction
        // the model its file gives.
        return (try NLUModel(fileBytes: trained.fileBytes()), report)
    }

    /// The model as training leaves it, before it is laid out as its file gives it
    /// (``trainReporting(from:options:progress:)``): the same answers, its weights as the
    /// trainer made them. For tests of what a model built from its schema holds.
    package static func trainInMemory(from model: InteractionModel, options: TrainingOptions = .init(),
                                      progress: (@Sendable (TrainingProgress) -> Void)? = nil)
        throws -> (model: NLUModel, report: TrainingReport) {
        let tokenizer = Tokenizer(locale: model.locale)
        let schema = SkillSchema(model: model, tokenizer: tokenizer)
        // The model file keeps the options as trained, so a choice left to the model is made here.
        var options = resolved(options, schema: schema, locale: model.locale)
        progress?(TrainingProgress(stage: .generating))
        let generator = Self.generator(schema: schema, options: options)
        var utterances = generator.generate() + generator.roleUtterances() + generator.slotSampleUtterances(of: model)
        utterances += options.annotated.filter { schema.intentIndex(named: $0.intent) != nil }
        guard !utterances.isEmpty else { throw TrainingError.noSamples }
        // The supplement for rare slots comes last and trains the tagger only.
        let supplement = generator.slotSupplement(for: utterances)
        // So do the carriers around all-slot samples, weighed among themselves: the classifier's
        // examples keep the weights they have without them.
        let carriers = generator.examples(from: generator.carrierUtterances())
        let examples = generator.examples(from: utterances + supplement) + carriers
        let classifierSource = examples.dropLast(supplement.count + carriers.count)
        options.tagger = recommendedTaggerSchedule(options.tagger, exampleCount: examples.count)
        progress?(TrainingProgress(stage: .generating, detail: "\(examples.count) utterances"))

        let data = classifierData(schema: schema, options: options, source: classifierSource)
        var policy = data.policy
        let pack = try languagePack(for: options, locale: model.locale)
        let encoder = try contextualEncoder(for: options, locale: model.locale)
        let classifierTraining = classifierTraining(schema: schema, options: options, trainSet: data.trainSet, heldOut: data.heldOut,
                                                 carrierSource: classifierSource, policy: policy, pack: pack, encoder: encoder,
                                                 progress: progress)
        let clusters = try wordClusters(for: options, locale: model.locale)
        // The choice as made: the clusters' name, or nil where none were found (a locale
        // without clusters keeps the options, and the file, of a model trained without).
        options.tagger.wordClusters = clusters?.name
        let trainTagger = taggerTraining(schema: schema, options: options, examples: examples, wordClusters: clusters,
                                         progress: progress)
        // The tagger, the longest job, first; then the classifier's, taken by whichever thread
        // is free, in order.
        let taggerResult = TaggerResult()
        let jobs: [@Sendable () -> Void] = [{ taggerResult.set(trainTagger()) }] + classifierTraining.jobs
        DispatchQueue.concurrentPerform(iterations: jobs.count) { jobs[$0]() }
        let (classifier, thresholds, carrierClassifier, packed, head, report) = try classifierTraining.finish()
        policy.thresholds = thresholds
        let tagger = taggerResult.tagger!
        progress?(TrainingProgress(stage: .done))
        let trained = NLUModel(interactionModel: model, trainingOptions: options, schema: schema, classifier: classifier,
                               tagger: tagger, fallback: policy,
                               trainingUtteranceCount: examples.count, carrierClassifier: carrierClassifier, pack: packed,
                               contextualHead: head)
        return (trained, report)
    }

    /// The pack ``TrainingOptions/languagePack`` names for a model of `locale`, or nil for none.
    static func languagePack(for options: TrainingOptions, locale: String) throws(TrainingError) -> LanguagePack? {
        guard let name = requestedName(options.languagePack, shipped: LanguagePack.bundledName(forLocale: locale)) else { return nil }
        guard let pack = LanguagePack.bundled(named: name) else { throw TrainingError.noLanguagePack(name) }
        guard LanguagePack.bundledName(forLocale: locale) == name else { throw TrainingError.languagePackForAnotherLanguage(name, locale: locale) }
        return pack
    }

    /// The bundled resource an option names: nil for "none" or no option, the locale's shipped
    /// one for "auto" (nil when the locale has none), else the name as given.
    static func requestedName(_ option: String?, shipped: String?) -> String? {
        guard let option, option != "none" else { return nil }
        return option == "auto" ? shipped : option
    }

    /// The clusters ``SlotTaggerOptions/wordClusters`` names for a model of `locale`, or nil for none.
    static func wordClusters(for options: TrainingOptions, locale: String) throws(TrainingError) -> WordClusters? {
        guard let name = requestedName(options.tagger.wordClusters, shipped: WordClusters.bundledName(forLocale: locale)) else {
            return nil
        }
        guard let clusters = WordClusters.bundled(named: name) else { throw TrainingError.noWordClusters(name) }
        guard WordClusters.bundledName(forLocale: locale) == name else { throw TrainingError.languagePackForAnotherLanguage(name, locale: locale) }
        return clusters
    }

    /// The encoder ``TrainingOptions/contextualHead`` names for a model of `locale`, or nil for
    /// none. Read after ``resolved(_:schema:locale:)``, where nil has become the locale's shipped
    /// encoder (English) or stayed nil (no encoder for the locale: no head, as before there was
    /// one). A named encoder whose file cannot be read is an error, not a silent fast-tier model.
    static func contextualEncoder(for options: TrainingOptions, locale: String) throws(TrainingError) -> SentenceEncoder? {
        guard var name = options.contextualHead, name != "none" else { return nil }
        if name == "auto" {
            guard let shipped = SentenceEncoder.bundledName(forLocale: locale) else { return nil }
            name = shipped
        }
        guard let encoder = SentenceEncoder.bundled(named: name) else { throw TrainingError.noEncoder(name) }
        guard SentenceEncoder.bundledName(forLocale: locale) == name else { throw TrainingError.encoderForAnotherLanguage(name, locale: locale) }
        return encoder
    }

    /// The pack scorer, trained on the classifier's training examples read through `pack`.
    static func trainPackScorer(pack: LanguagePack, examples: [ClassifierExample], labelCount: Int,
                                options: TrainingOptions) -> PackIntentScorer {
        PackIntentScorer.train(vectors: examples.map { pack.sentenceVector($0.tokens) }, labels: examples.map(\.label),
                               exampleWeights: examples.map(\.weight), labelCount: labelCount,
                               influence: options.packInfluence ?? TrainingOptions.defaultPackInfluence,
                               seed: options.seed &+ 53)
    }

    /// Whether a model whose largest intent has `largestIntentSamples` samples learns
    /// ``TypeAgreement`` weights when ``SlotTaggerOptions/typeAgreement`` is nil: yes up to
    /// 300, the size of hand-written skills, where a rare slot gains from the trust the
    /// frequent ones learnt. In models whose largest intents have thousands of samples every
    /// slot has plenty of its own examples, and the shared trust costs a little.
    public static func recommendedTypeAgreement(largestIntentSamples: Int) -> Bool {
        largestIntentSamples <= 300
    }

    /// `options` with the choices left to the model made for `schema` and its `locale` (nil:
    /// the locale's choices stay open).
    static func resolved(_ options: TrainingOptions, schema: SkillSchema, locale: String? = nil) -> TrainingOptions {
        var o = options
        let largest = schema.intents.lazy.filter { !$0.isBuiltIn }.map(\.sampleCount).max() ?? 0
        o.tagger.typeAgreement = o.tagger.typeAgreement ?? recommendedTypeAgreement(largestIntentSamples: largest)
        o.tagger.nameGrid = o.tagger.nameGrid ?? true
        o.carrierClassifier = o.carrierClassifier ?? schema.intents.contains { !$0.slots.isEmpty }
        o.carrierKeptListLimit = o.carrierKeptListLimit
            ?? (o.carrierClassifier == true ? TrainingOptions.defaultCarrierKeptListLimit : 0)
        o.everydayNegatives = o.everydayNegatives ?? true
        // Left to the model, the contextual head is the locale's shipped encoder's; a locale
        // without one keeps nil, so its options (and model file) are as before there was one.
        o.contextualHead = o.contextualHead ?? locale.flatMap(SentenceEncoder.bundledName(forLocale:))
        return o
    }

    static func generator(schema: SkillSchema, options: TrainingOptions) -> TrainingDataGenerator {
        var generation = options.generation
        generation.seed = options.seed &+ generation.seed
        return TrainingDataGenerator(schema: schema, options: generation)
    }

    /// The utterances ``train(from:options:progress:)`` generates from `model` with `options`
    /// (before annotated ones are added): what peers in a benchmark train on, so that every
    /// engine gets the same information.
    public static func generatedTrainingData(for model: InteractionModel, options: TrainingOptions = .init()) -> [LabeledUtterance] {
        let schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale))
        return generator(schema: schema, options: options).generate()
    }

    /// Confidence thresholds under which the best in-domain guess becomes AMAZON.FallbackIntent:
    /// the 1st, 3rd and 8th percentile of held-out in-domain confidences for LOW, MEDIUM and
    /// HIGH sensitivity (so LOW rejects about one in-domain utterance in a hundred), at most
    /// 0.25, 0.4 and 0.55.
    static func fallbackThresholds(classifier: IntentClassifier, pack: (pack: LanguagePack, scorer: PackIntentScorer)?,
                                   heldOut: [ClassifierExample], policy: FallbackPolicy) -> [Float] {
        let inDomain = heldOut.filter { $0.label != policy.intent }
        guard !inDomain.isEmpty else { return [0, 0, 0] }
        var probabilities = classifier.probabilities(batch: inDomain.map(\.tokens))
        if let pack {
            for i in probabilities.indices { mix(&probabilities[i], inDomain[i].tokens, classifier: classifier, pack: pack) }
        }
        // Read as classification reads them: without the fallback's share when it must be sure.
        let confidences = probabilities.map { p in
            policy.requiredProbabilities == nil ? p.max() ?? 0
                : policy.inDomainConfidence(p.indices.filter { $0 != policy.intent }.map { p[$0] }.max() ?? 0, probabilities: p)
        }.sorted()
        func quantile(_ q: Double) -> Float { confidences[min(confidences.count - 1, Int(Double(confidences.count) * q))] }
        // Held-out utterances come from the same samples as the training data, so on a small
        // skill they are all near-certain and their quantiles say nothing about real traffic:
        // the thresholds are capped by fixed levels of calibrated probability.
        return [min(quantile(0.01), 0.25), min(quantile(0.03), 0.4), min(quantile(0.08), 0.55)]
    }
}

/// What the classifier's jobs train: the intent classifier, the fallback thresholds, the
/// carrier classifier, the language-pack scorer and the contextual head; and the report of how
/// the classifiers chose their feature rows.
typealias TrainedClassifiers = (IntentClassifier, [Float], IntentClassifier?, (pack: LanguagePack, scorer: PackIntentScorer)?,
                                EncoderIntentHead?, TrainingReport)

/// Where the tagger's training job leaves its result.
private final class TaggerResult: @unchecked Sendable {
    private let lock = NSLock()
    private var result: SlotTagger?

    func set(_ t: SlotTagger) { lock.withLock { result = t } }
    var tagger: SlotTagger? { lock.withLock { result } }
}

/// A model's own samples that its statistical layer reads as another intent.
public struct SampleCheck: Sendable {
    public struct Miss: Sendable {
        public var intent: String
        public var sample: String
        public var predicted: String
        public var confidence: Double
    }
    public var total: Int
    public var correct: Int
    public var misses: [Miss]
}

extension NLUModel {
    /// Fills every sample with listed values and classifies it without the exact layer: the
    /// samples it misreads are conflicts the console would show, and the share it reads right
    /// is the model's training-set accuracy on its own samples.
    public func sampleCheck() -> SampleCheck {
        var check = SampleCheck(total: 0, correct: 0, misses: [])
        var context = ClassificationContext(topK: 0)
        context.exactMatching = false
        for intent in schema.intents {
            for sample in intent.samples {
                var text = ""
                for part in sample.parts {
                    switch part {
                    case .text(let t): text += t
                    case .slot(let name, let example):
                        let type = intent.slot(named: name).map { schema.types[$0.type] }
                        text += example ?? type?.surfaceForms.first?.text ?? name
                    }
                }
                let r = classify(text, context: context)
                check.total += 1
                if r.intent?.name == intent.name {
                    check.correct += 1
                } else {
                    check.misses.append(.init(intent: intent.name, sample: sample.canonicalText,
                                              predicted: r.intent?.name ?? "(none)", confidence: r.intent?.confidence ?? 0))
                }
            }
        }
        return check
    }
}
