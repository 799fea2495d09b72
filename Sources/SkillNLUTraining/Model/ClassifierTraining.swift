import Foundation

/// The classifier's side of ``NLUModel/train(from:options:progress:)`` as independent jobs —
/// each member of the ensemble, the carrier classifier, the language pack's scorer, the
/// contextual head — and the step that joins them: merging the members, calibrating, the
/// fallback thresholds.
///
/// The jobs may run on any thread in any order, beside the tagger's: each is single-threaded
/// and deterministic and reads nothing another writes, so the model does not depend on the
/// number of cores or on scheduling. On two cores a small skill's classifier members, which
/// would otherwise run one after the other while the tagger trains, share the second core.
final class ClassifierTraining: @unchecked Sendable {
    /// What the jobs read, fixed before any runs.
    struct Plan: Sendable {
        var labelCount: Int
        var trainSet: [ClassifierExample]
        var heldOut: [ClassifierExample]
        /// Per member, its options (seed included).
        var memberOptions: [IntentClassifierOptions]
        /// The precision of the merged classifier's tables (the members may be unrounded:
        /// ``IntentClassifierOptions/Precision/roundsMergedMembersOnce``).
        var precision: IntentClassifierOptions.Precision
        var carrierExamples: [ClassifierExample]
        var carrierOptions: IntentClassifierOptions
        var policy: FallbackPolicy
        var pack: LanguagePack?
        var encoder: SentenceEncoder?
        var options: TrainingOptions
    }

    let plan: Plan
    private let progress: (@Sendable (TrainingProgress) -> Void)?
    private let lock = NSLock()
    private var members: [IntentClassifier?]
    private var memberSelections: [FeatureSelection?]
    private var carrier: IntentClassifier?
    private var carrierSelection: FeatureSelection?
    private var scorer: PackIntentScorer?
    private var head: EncoderIntentHead?
    private var failure: TrainingError?

    init(plan: Plan, progress: (@Sendable (TrainingProgress) -> Void)?) {
        self.plan = plan
        self.progress = progress
        members = Array(repeating: nil, count: plan.memberOptions.count)
        memberSelections = Array(repeating: nil, count: plan.memberOptions.count)
    }

    /// The jobs, members first (the longest), in a fixed order.
    var jobs: [@Sendable () -> Void] {
        var jobs: [@Sendable () -> Void] = plan.memberOptions.indices.map { m in { self.trainMember(m) } }
        if !plan.carrierExamples.isEmpty { jobs.append { self.trainCarrier() } }
        if plan.pack != nil { jobs.append { self.trainPackScorer() } }
        if plan.encoder != nil { jobs.append { self.trainHead() } }
        return jobs
    }

    private func trainMember(_ m: Int) {
        let epochs = plan.memberOptions[m].epochs, total = plan.memberOptions.reduce(0) { $0 + $1.epochs }
        let before = plan.memberOptions[..<m].reduce(0) { $0 + $1.epochs }
        let progress = self.progress
        do {
            let (member, selection) = try IntentClassifier.trainReporting(
                examples: plan.trainSet, labelCount: plan.labelCount, options: plan.memberOptions[m]) { epoch, loss in
                progress?(TrainingProgress(stage: .classifier, epoch: before + min(epoch, epochs), epochs: total, loss: Double(loss)))
            }
            lock.withLock {
                members[m] = member
                memberSelections[m] = selection
            }
        } catch {
            fail(error)
        }
    }

    private func trainCarrier() {
        do {
            let (carrier, selection) = try IntentClassifier.trainReporting(examples: plan.carrierExamples, labelCount: plan.labelCount,
                                                                           options: plan.carrierOptions)
            lock.withLock {
                self.carrier = carrier
                carrierSelection = selection
            }
        } catch {
            fail(error)
        }
    }

    private func trainPackScorer() {
        guard let pack = plan.pack else { return }
        let scorer = NLUModel.trainPackScorer(pack: pack, examples: plan.trainSet, labelCount: plan.labelCount, options: plan.options)
        lock.withLock { self.scorer = scorer }
    }

    private func trainHead() {
        guard let encoder = plan.encoder else { return }
        progress?(TrainingProgress(stage: .calibrating, detail: "contextual head"))
        let o = plan.options
        let head = EncoderIntentHead.train(
            encoder: encoder, examples: plan.trainSet, labelCount: plan.labelCount,
            perIntent: o.contextualHeadUtterancesPerIntent ?? TrainingOptions.defaultContextualHeadUtterancesPerIntent,
            influence: o.contextualInfluence ?? TrainingOptions.defaultContextualInfluence, seed: o.seed &+ 61)
        lock.withLock { self.head = head }
    }

    private func fail(_ error: Error) {
        lock.withLock { if failure == nil { failure = TrainingError.classifier(String(describing: error)) } }
    }

    /// Joins the jobs once all have run: the members merged and rounded to the plan's precision
    /// (a hidden layer cannot be merged; then the first member alone is kept) and calibrated on the held-out share, the fallback
    /// thresholds, and the other jobs' results, with how each classifier chose its feature rows.
    func finish() throws(TrainingError) -> TrainedClassifiers {
        let (members, carrier, scorer, head, failure) = lock.withLock { (self.members, self.carrier, self.scorer, self.head, self.failure) }
        let (memberSelections, carrierSelection) = lock.withLock { (self.memberSelections, self.carrierSelection) }
        if let failure { throw failure }
        let trained = members.compactMap { $0 }
        let selections = memberSelections.compactMap { $0 }
        guard trained.count == members.count, selections.count == members.count, !trained.isEmpty else {
            throw TrainingError.classifier("a member of the ensemble was not trained")
        }
        let merged = IntentClassifier.merging(trained, precision: plan.precision)
        let raw = merged ?? trained[0].rounded(to: plan.precision)
        progress?(TrainingProgress(stage: .calibrating))
        let classifier = raw.calibrated(heldOut: plan.heldOut)
        let packed = plan.pack.flatMap { pack in scorer.map { (pack: pack, scorer: $0) } }
        let thresholds = NLUModel.fallbackThresholds(classifier: classifier, pack: packed, heldOut: plan.heldOut, policy: plan.policy)
        // The report is of the members the model keeps: the first alone when they could not be merged.
        let report = TrainingReport(classifierMembers: merged == nil ? [selections[0]] : selections, carrierClassifier: carrierSelection)
        return (classifier, thresholds, carrier, packed, head, report)
    }
}
