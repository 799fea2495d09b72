import Foundation

/// The mutable state of one training run; ``IntentClassifier/train(examples:labelCount:options:progress:)``
/// owns it, so nothing mutable escapes.
///
/// Each batch: average the embedding rows of each example's features (and sum its linear
/// rows), run the dense layers as matrix products through BLAS, take the softmax
/// cross-entropy gradient, back-propagate through BLAS again and scatter the gradient to the
/// rows the batch used. With SGD the sparse rows are updated in the scatter itself; with Adam
/// their gradients are gathered first and only the touched rows' moments move (lazy Adam).
struct ClassifierTrainer {
    let options: IntentClassifierOptions
    let labelCount: Int
    let dimension: Int
    let hidden: Int
    let outputInputs: Int
    var random: SeededGenerator

    // Examples as row lists.
    var bucketOfRow: [Int32] = []
    var linearRows = 0
    var featureRows: [UInt32] = []
    var featureStart: [Int] = [0]
    var labels: [Int] = []
    var weights: [Float] = []
    /// How the rows were chosen, for the report beside the trained classifier.
    let selection: FeatureSelection

    // Parameters.
    let embedding: TrainedParameter
    let linear: TrainedParameter
    let hiddenWeights: TrainedParameter
    let hiddenBias: TrainedParameter
    let outputWeights: TrainedParameter
    let outputBias: TrainedParameter
    var step = 0

    init(examples: [ClassifierExample], labelCount: Int, options: IntentClassifierOptions) {
        self.options = options
        self.labelCount = labelCount
        let d = options.dimension, h = options.hiddenLayer ?? 0
        self.dimension = d
        self.hidden = h
        self.outputInputs = options.hiddenLayer ?? d
        var random = SeededGenerator(seed: options.seed)
        let (rows, linearRows, featureRows, featureStart, selection) = Self.extractFeatures(examples, options)
        self.selection = selection
        self.bucketOfRow = rows
        self.linearRows = linearRows
        self.featureRows = featureRows
        self.featureStart = featureStart
        self.labels = examples.map(\.label)
        let meanWeight = examples.reduce(0) { $0 + Double($1.weight) } / Double(examples.count)
        self.weights = examples.map { Float(Double($0.weight) / meanWeight) }

        let adam = options.optimizer == .adam
        let bound = 1 / Float(d)
        embedding = TrainedParameter(rows: rows.count, width: d, adam: adam, gradient: false,
                                     initial: { _ in random.nextSymmetric(bound) })
        linear = TrainedParameter(rows: linearRows, width: labelCount, adam: adam, gradient: false)
        if h > 0 {
            let b1 = (6 / Float(d + h)).squareRoot()
            hiddenWeights = TrainedParameter(rows: 1, width: h * d, adam: adam, initial: { _ in random.nextSymmetric(b1) })
            let b2 = (6 / Float(h + labelCount)).squareRoot()
            outputWeights = TrainedParameter(rows: 1, width: labelCount * h, adam: adam,
                                             initial: { _ in random.nextSymmetric(b2) })
        } else {
            hiddenWeights = TrainedParameter(rows: 1, width: 0, adam: adam)
            outputWeights = TrainedParameter(rows: 1, width: labelCount * d, adam: adam)
        }
        hiddenBias = TrainedParameter(rows: 1, width: h, adam: adam, decays: false)
        outputBias = TrainedParameter(rows: 1, width: labelCount, adam: adam, decays: false)
        self.random = random
    }

    /// Marks a feature occurrence that also feeds the linear model.
    static let linearFlag: UInt32 = 0x8000_0000
    /// Marks a word-level feature (unigram or bigram) occurrence.
    static let wordFlag: UInt32 = 0x4000_0000
    /// Marks a feature occurrence made of a slot value's token, alone or with its neighbour
    /// (``IntentClassifierOptions/valueDropout``).
    static let valueFlag: UInt32 = 0x2000_0000
    static let flags = linearFlag | wordFlag | valueFlag

    /// Hashes every example once, counts in how many examples each bucket occurs and keeps
    /// the buckets seen at least `minCount` times (more, until at most `rowBudget` are left) as
    /// rows: first those a linear feature uses
    /// (ascending by bucket), then the rest. Rewrites the examples as row lists, each entry
    /// flagged with ``linearFlag`` when it feeds the linear model. Says how the rows were
    /// chosen (``FeatureSelection``) for the tools that report on training.
    static func extractFeatures(_ examples: [ClassifierExample], _ options: IntentClassifierOptions)
        -> (bucketOfRow: [Int32], linearRows: Int, featureRows: [UInt32], featureStart: [Int], selection: FeatureSelection) {
        let hasher = FeatureHasher(options)
        let linearWords = options.linearFeatures != .none
        let linearAll = options.linearFeatures == .all || options.linearFeatures == .allPerKind
        var features: [UInt32] = []      // bucket, with linearFlag when the occurrence feeds the linear model
        var starts: [Int] = [0]
        features.reserveCapacity(examples.count * 64)
        var exampleCount = [Int32](repeating: 0, count: options.buckets)
        var lastSeen = [Int32](repeating: -1, count: options.buckets)
        var linearBucket = [Bool](repeating: false, count: options.buckets)
        for (i, example) in examples.enumerated() {
            let values = example.slotValueTokens.count == example.tokens.count ? example.slotValueTokens : []
            hasher.forEachFeature(example.tokens) { b, wordLevel, span in
                let feedsLinear = linearAll || (linearWords && wordLevel)
                let isValue = !values.isEmpty && values[span].contains(true)
                features.append(UInt32(b) | (feedsLinear ? linearFlag : 0) | (wordLevel ? wordFlag : 0) | (isValue ? valueFlag : 0))
                if feedsLinear { linearBucket[b] = true }
                if lastSeen[b] != Int32(i) { lastSeen[b] = Int32(i); exampleCount[b] += 1 }
            }
            starts.append(features.count)
        }
        var threshold = Int32(options.minCount)
        var touchedRows = 0, rowsAtMinCount = 0
        for c in exampleCount where c > 0 {
            touchedRows += 1
            if c >= threshold { rowsAtMinCount += 1 }
        }
        if let budget = options.rowBudget {
            // How many buckets occur in exactly n examples, n below the first count that fits.
            var rowsAtLeast = rowsAtMinCount
            var exactly: [Int32: Int] = [:]
            if rowsAtLeast > budget { for c in exampleCount where c >= threshold { exactly[c, default: 0] += 1 } }
            while rowsAtLeast > budget {
                rowsAtLeast -= exactly[threshold] ?? 0
                threshold += 1
            }
        }
        var linearCount = 0
        var rowOfBucket = [Int32](repeating: -1, count: options.buckets)
        var bucketOfRow: [Int32] = []
        for pass in [true, false] {
            for b in 0..<options.buckets where linearBucket[b] == pass && exampleCount[b] >= threshold {
                rowOfBucket[b] = Int32(bucketOfRow.count)
                bucketOfRow.append(Int32(b))
            }
            if pass { linearCount = bucketOfRow.count }
        }
        var featureRows: [UInt32] = []
        var featureStart: [Int] = [0]
        featureRows.reserveCapacity(features.count)
        for i in examples.indices {
            for f in features[starts[i]..<starts[i + 1]] {
                let row = rowOfBucket[Int(f & ~flags)]
                if row >= 0 { featureRows.append(UInt32(row) | (f & flags)) }
            }
            featureStart.append(featureRows.count)
        }
        let selection = FeatureSelection(minCount: options.minCount, rowBudget: options.rowBudget, threshold: Int(threshold),
                                         touchedRows: touchedRows, rowsAtMinCount: rowsAtMinCount, keptRows: bucketOfRow.count)
        return (bucketOfRow, linearCount, featureRows, featureStart, selection)
    }

    static func columnSums(_ m: UnsafePointer<Float>, rows: Int, cols: Int, into out: UnsafeMutablePointer<Float>) {
        out.update(repeating: 0, count: cols)
        for i in 0..<rows {
            let r = m + i * cols
            for j in 0..<cols { out[j] += r[j] }
        }
    }

    // MARK: Result

    /// Rounds the stored tables to the chosen precision and builds the immutable model, so
    /// the trained model equals the one read back from its file.
    func finish() -> IntentClassifier {
        IntentClassifier(labelCount: labelCount, options: options, temperature: 1,
                         bucketOfRow: bucketOfRow, linearRows: linearRows,
                         embedding: WeightCoding.rounded(embedding.array, precision: options.precision, width: options.dimension),
                         linear: WeightCoding.rounded(linear.array, precision: options.precision, width: labelCount, centred: true),
                         hiddenWeights: hiddenWeights.array, hiddenBias: hiddenBias.array,
                         outputWeights: outputWeights.array, outputBias: outputBias.array)
    }
}
