import BuiltInValues
import Foundation
import InteractionModel

/// The stages of ``NLUModel/train(from:options:progress:)``: the classifier's examples (with the
/// fallback's negatives and the calibration share), the classifier's training and the tagger's.
/// The last two run at the same time, as jobs handed to whichever thread is free.
extension NLUModel {
    /// The classifier's training and held-out examples drawn from `source` (a share held out
    /// with the seed, for calibration), with the fallback intent's negatives and its policy.
    static func classifierData(schema: SkillSchema, options: TrainingOptions, source classifierSource: ArraySlice<TrainingExample>)
        -> (trainSet: [ClassifierExample], heldOut: [ClassifierExample], policy: FallbackPolicy) {
        // Held-out share for calibration, drawn with the seed.
        var rng = SeededGenerator(seed: options.seed &+ 11)
        var trainSet: [ClassifierExample] = []
        var heldOut: [ClassifierExample] = []
        var perIntent = [Int](repeating: 0, count: schema.intents.count)
        var classifierExamples: [TrainingExample] = []
        for ex in classifierSource where perIntent[ex.intent] < options.classifierUtterancesPerIntent {
            perIntent[ex.intent] += 1
            classifierExamples.append(ex)
        }
        let fallbackIndex = schema.intentIndex(named: "AMAZON.FallbackIntent")
        // A fallback intent the skill gave no examples of learns from our negatives only: then it
        // must be sure to take an answer (FallbackPolicy.requiredProbabilities).
        let taughtByUs = fallbackIndex.map { f in
            options.everydayNegatives == true && schema.intents[f].sampleCount == 0
                && !options.annotated.contains { $0.intent == schema.intents[f].name }
        } ?? false
        let policy = FallbackPolicy(intent: fallbackIndex, thresholds: [],
                                    requiredProbabilities: taughtByUs ? FallbackPolicy.defaultRequiredProbabilities : nil)
        var negatives: [[Token]] = []
        var keywordRequests: [(tokens: [Token], intent: Int)] = []
        if let fallbackIndex {
            // Counted in samples, not generated utterances: an intent of plain samples (no slots)
            // has few utterances, and negatives counted from the slotted intents' fillings
            // would outweigh it.
            let sampleCounts = schema.intents.enumerated().filter { $0.offset != fallbackIndex && !$0.element.samples.isEmpty }
                .map(\.element.samples.count)
            let average = sampleCounts.isEmpty ? 0 : Float(sampleCounts.reduce(0, +)) / Float(sampleCounts.count)
            let share = max(0, options.fallbackNegatives ?? TrainingOptions.defaultFallbackNegatives)
            negatives = NegativeUtterances(schema: schema).generate(count: Int(average * share), seed: options.seed &+ 31)
            let everyday = options.everydayNegatives == true ? EverydayRequests.outside(schema) : []
            negatives += everyday
            perIntent[fallbackIndex] += negatives.count
            // Keyword intents hear their keywords inside requests, as the fallback hears the
            // everyday requests' openings (KeywordRequests).
            if options.everydayNegatives == true {
                let intents = KeywordRequests.keywordIntents(schema, excluding: fallbackIndex)
                keywordRequests = KeywordRequests(schema: schema, everydayRequests: everyday)
                    .requests(for: intents, schema: schema, seed: options.seed &+ 37)
                for r in keywordRequests { perIntent[r.intent] += 1 }
            }
        }
        let present = perIntent.filter { $0 > 0 }
        let mean = present.isEmpty ? 1 : Float(present.reduce(0, +)) / Float(present.count)
        let labeled = classifierExamples.map { ($0.tokens, $0.intent, $0.labels.map { $0 != 0 }) } + negatives.map { ($0, fallbackIndex ?? 0, [Bool]()) }
        for (tokens, intent, values) in labeled {
            let c = ClassifierExample(tokens: tokens, label: intent, weight: (mean / Float(perIntent[intent])).squareRoot(),
                                      slotValueTokens: values)
            if rng.unit() < options.heldOutShare { heldOut.append(c) } else { trainSet.append(c) }
        }
        // Drawn apart, so that the other examples are held out as they were without them.
        var keywordRng = SeededGenerator(seed: options.seed &+ 13)
        for (tokens, intent) in keywordRequests {
            let c = ClassifierExample(tokens: tokens, label: intent, weight: (mean / Float(perIntent[intent])).squareRoot(),
                                      slotValueTokens: [])
            if keywordRng.unit() < options.heldOutShare { heldOut.append(c) } else { trainSet.append(c) }
        }
        if trainSet.isEmpty { trainSet = heldOut }
        return (trainSet, heldOut, policy)
    }

    /// The classifier's training: its members, merged and calibrated, the fallback thresholds,
    /// the carrier classifier, the language pack's scorer and the contextual head, as jobs
    /// that may run on any thread and a step that joins them.
    static func classifierTraining(schema: SkillSchema, options: TrainingOptions, trainSet: [ClassifierExample],
                                   heldOut: [ClassifierExample], carrierSource classifierSource: ArraySlice<TrainingExample>,
                                   policy: FallbackPolicy, pack: LanguagePack?, encoder: SentenceEncoder?,
                                   progress: (@Sendable (TrainingProgress) -> Void)?) -> ClassifierTraining {
        var classifierOptions = options.classifier
            ?? .recommended(labelCount: schema.intents.count, exampleCount: trainSet.count)
        classifierOptions.seed = options.seed &+ classifierOptions.seed
        if let precision = options.classifierPrecision { classifierOptions.precision = precision }
        let labelCount = schema.intents.count
        let firstKind = max(1, options.classifierMembers
            ?? TrainingOptions.recommendedClassifierMembers(intentCount: labelCount))
        let memberCount = firstKind + max(0, options.linearClassifierMembers
            ?? TrainingOptions.recommendedLinearClassifierMembers(intentCount: labelCount))
        let ownSampleCounts = schema.intents.filter { !$0.isBuiltIn }.map(\.sampleCount).sorted()
        let hidingValues = TrainingOptions.recommendedValueDropout(
            medianIntentSamples: ownSampleCounts.isEmpty ? 0 : ownSampleCounts[ownSampleCounts.count / 2])
        let memberOptions = (0..<memberCount).map { m in
            var memberOptions = m < firstKind ? classifierOptions
                : TrainingOptions.linearMemberOptions(from: classifierOptions, hidingValues: hidingValues)
            memberOptions.seed = classifierOptions.seed &+ UInt64(m) &* 1_000
            if classifierOptions.precision.roundsMergedMembersOnce { memberOptions.precision = .float32 }
            return memberOptions
        }
        let carrierKept = CarrierPhrase.keptSlots(schema, limit: options.carrierKeptListLimit ?? 0)
        let carrierExamples = options.carrierClassifier == true
            ? CarrierPhrase.examples(from: classifierSource, keeping: carrierKept) : []
        var carrierOptions = IntentClassifierOptions.recommended(labelCount: labelCount, exampleCount: carrierExamples.count)
        carrierOptions.seed = options.seed &+ 77
        // Beyond 32 intents (where the classifier's rows have a budget) the carrier classifier
        // keeps only the features two carrier phrases share: it only weighs joint readings, and
        // the features of a single phrase are nearly half its file.
        if carrierOptions.rowBudget != nil { carrierOptions.minCount = 2 }
        let plan = ClassifierTraining.Plan(labelCount: labelCount, trainSet: trainSet, heldOut: heldOut, memberOptions: memberOptions,
                                           precision: classifierOptions.precision, carrierExamples: carrierExamples, carrierOptions: carrierOptions, policy: policy,
                                           pack: pack, encoder: encoder, options: options)
        return ClassifierTraining(plan: plan, progress: progress)
    }

    /// The slot tagger's training, as a closure for a thread of its own (a job beside the classifier's).
    static func taggerTraining(schema: SkillSchema, options: TrainingOptions, examples: [TrainingExample],
                               wordClusters: WordClusters? = nil,
                               progress: (@Sendable (TrainingProgress) -> Void)?) -> @Sendable () -> SlotTagger {
        var taggerOptions = options.tagger
        taggerOptions.seed = options.seed &+ taggerOptions.seed
        let taggerEpochs = taggerOptions.epochs
        let intentKeys = schema.intents.map { StableHash.hash($0.name) }
        let labels = allowedLabels(schema)
        let labelTotal = SlotLabels.count(slots: schema.slotNames.count)
        return { [schema, taggerOptions] in
            let finder = SpanFinder(schema: schema)
            let spans = finder.trainingSpans(examples, rate: options.gazetteerDropout, seed: options.seed &+ 23)
            return SlotTagger.train(examples: examples, spans: spans, allowedLabels: labels, intentKeys: intentKeys,
                                    labelCount: labelTotal, options: taggerOptions,
                                    slotTypes: slotTypeKeys(schema, typeKeys: finder.typeKeys),
                                    labelParts: taggerOptions.nameGrid == false ? [] : SlotNameGrid.labelParts(schema: schema),
                                    wordClusters: wordClusters) { epoch, loss in
                progress?(TrainingProgress(stage: .tagger, epoch: epoch, epochs: taggerEpochs, loss: loss))
            }
        }
    }
}
