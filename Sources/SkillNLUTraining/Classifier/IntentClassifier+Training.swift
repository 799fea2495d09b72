import Foundation

extension IntentClassifier {
    /// What a training epoch reports: its number (from 1) and the mean weighted cross-entropy.
    public typealias TrainingProgress = (_ epoch: Int, _ loss: Float) -> Void

    /// Trains a classifier on `examples` with labels in `0..<labelCount`.
    ///
    /// Single-threaded and deterministic: the same examples, options and seed give a
    /// bit-identical model. Examples with weight 0 are ignored; weights are rescaled so their
    /// mean is 1, so they only set the examples' relative importance.
    public static func train(examples: [ClassifierExample], labelCount: Int,
                             options: IntentClassifierOptions = .init(),
                             progress: TrainingProgress? = nil) throws(IntentClassifierError) -> IntentClassifier {
        try trainReporting(examples: examples, labelCount: labelCount, options: options, progress: progress).classifier
    }

    /// Trains as ``train(examples:labelCount:options:progress:)`` does and says how the feature
    /// rows were chosen (``FeatureSelection``): what ``IntentClassifierOptions/minCount`` and
    /// ``IntentClassifierOptions/rowBudget`` left out, for a tool to tell its user. The
    /// classifier is the one `train` returns.
    package static func trainReporting(examples: [ClassifierExample], labelCount: Int,
                                       options: IntentClassifierOptions = .init(), progress: TrainingProgress? = nil)
        throws(IntentClassifierError) -> (classifier: IntentClassifier, selection: FeatureSelection) {
        try options.validate()
        guard labelCount >= 1 else { throw .invalidOptions("labelCount must be ≥ 1, not \(labelCount)") }
        for (i, e) in examples.enumerated() {
            guard (0..<labelCount).contains(e.label) else {
                throw .labelOutOfRange(example: i, label: e.label, labelCount: labelCount)
            }
            guard e.weight >= 0, e.weight.isFinite else { throw .invalidWeight(example: i, weight: e.weight) }
        }
        let used = examples.filter { $0.weight > 0 }
        guard !used.isEmpty else { throw .noExamples }
        var trainer = ClassifierTrainer(examples: used, labelCount: labelCount, options: options)
        trainer.run(progress: progress)
        return (trainer.finish(), trainer.selection)
    }
}
