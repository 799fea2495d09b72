/// Settings of the ``IntentClassifier``: its features, its size and how it is trained.
///
/// The defaults suit a skill with a few dozen intents: a model of a few megabytes that
/// classifies in microseconds. Use ``recommended(labelCount:exampleCount:)`` to scale the
/// model and the training length to the data (`Benchmarks/classifier-lab` tries settings).
public struct IntentClassifierOptions: Sendable, Codable, Equatable {
    /// How the stored embedding and linear weights are rounded, which sets the model's size.
    public enum Precision: String, Sendable, Codable, CaseIterable {
        /// 4 bytes a weight.
        case float32
        /// 2 bytes a weight (IEEE half precision).
        case float16
        /// 1 byte a weight, with a power-of-two scale per row (``RowQuantization``); weights
        /// far below their row's largest become zero.
        case int8
        /// Half a byte a weight, with a scale per row a sixteenth of an octave fine
        /// (``PackedRows``); the linear table's rows are centred first, which changes logits by
        /// a constant and probabilities not at all.
        case int4
        /// Three bits a weight (seven levels), otherwise as `int4`, except that each row's scale
        /// is the one of least squared error rather than the one that fits its largest weight
        /// (``PackedRows``). A loaded model keeps the tables packed (three eighths of a byte a
        /// weight, nothing unpacked at load) and unpacks a row where it is scored, which makes
        /// classifying slower than at `int8` or `int4` (a byte a weight in memory).
        case int3
        /// The embedding as at `int3`; the linear table's rows rounded as at `int4` (centred,
        /// levels -7…7) and stored as two bits a weight around each row's most crowded level,
        /// with the few weights further from it listed at four bits each (``BulkRows``): about
        /// 2.3 bits a linear weight with the precision of four. A loaded model keeps both tables
        /// as stored and decodes a row where it is scored.
        case compact

        /// Bits a weight takes in a model file (at `compact`, the embedding's; its linear table
        /// takes about 2.3).
        public var bits: Int {
            switch self {
            case .float32: return 32
            case .float16: return 16
            case .int8: return 8
            case .int4: return 4
            case .int3, .compact: return 3
            }
        }

        /// Whether an ensemble's members are trained unrounded and only their merge is rounded
        /// (``IntentClassifier/merging(_:precision:)``). Seven levels are too few for a weight
        /// rounded twice — once in its member, again in the merged row at that row's scale:
        /// on a 151-intent benchmark's development split that found five out-of-scope
        /// utterances in a hundred fewer than `int8`, rounded once one. The wider codings round
        /// each member as well, as they did when they were chosen.
        package var roundsMergedMembersOnce: Bool { self == .int3 || self == .compact }
    }

    /// The optimiser of the training loop.
    public enum Optimizer: String, Sendable, Codable, CaseIterable {
        /// Plain SGD with a learning rate that falls linearly to zero (fastText's schedule).
        case sgd
        /// Adam for the dense layers, lazy Adam (moments updated only on rows a batch touches)
        /// for the embedding and linear rows.
        case adam
    }

    /// Which features the sparse linear model (a logistic regression beside the embedding)
    /// uses.
    public enum LinearFeatures: String, Sendable, Codable, CaseIterable {
        /// No linear model: the embedding alone.
        case none
        /// Word unigrams and bigrams: carrier phrases, at a fraction of the size of `all`.
        case words
        /// Every feature, character n-grams included.
        case all
        /// Every feature, with the word features and the character n-grams each normalised by
        /// the square root of their own count (as two L2-normalised vectors side by side), so
        /// the many n-grams of an utterance do not drown its few word features.
        case allPerKind
    }

    /// How the utterance vector averages its features' embeddings.
    public enum Averaging: String, Sendable, Codable, CaseIterable {
        /// One mean over all features (fastText).
        case all
        /// The mean of the word features plus the mean of the character n-grams, so the many
        /// n-grams of long words do not drown the few word features.
        case perKind
    }

    /// The hidden layer's non-linearity.
    public enum Activation: String, Sendable, Codable, CaseIterable {
        case relu
        case tanh
    }

    // MARK: Features

    /// Size of the feature hash space. Only rows that training touched are stored, so a larger
    /// space costs little memory (4 bytes a bucket at run time for the row index) and fewer
    /// collisions.
    public var buckets: Int = 1 << 15
    /// 1 = word unigrams; 2 = unigrams and bigrams; 3 = unigrams, bigrams and trigrams (with
    /// sentence-start and -end markers).
    public var wordNgrams: Int = 2
    /// Character n-gram lengths over `<word>`; `nil` for none.
    public var charNgrams: ClosedRange<Int>? = 3...5
    /// Features seen in fewer training examples than this are dropped (smaller model).
    public var minCount: Int = 1
    /// A cap on the feature rows stored, or nil for none: when training touches more buckets
    /// than this, the rarest features are dropped a count at a time — those of one training
    /// example, then of two … — as the smallest ``minCount`` whose rows fit would. A large
    /// corpus's rows are mostly the n-grams of its rarest words, each a few examples' memory,
    /// so the cap keeps its file within a device's budget while a skill of ordinary size stores
    /// every feature (and trains as without a cap).
    public var rowBudget: Int?

    // MARK: Model

    /// Width of the embedding (the utterance vector).
    public var dimension: Int = 16
    public var averaging: Averaging = .all
    /// Width of an optional hidden layer between the utterance vector and the softmax.
    public var hiddenLayer: Int? = nil
    public var activation: Activation = .relu
    /// Adds a sparse linear model (logistic regression over these hashed features, normalised
    /// by the square root of their count) to the logits, trained jointly with the embedding.
    public var linearFeatures: LinearFeatures = .words
    /// How weights are rounded when the model is finished (and so stored in the file).
    /// ``recommended(labelCount:exampleCount:)``, which training uses unless options are given,
    /// chooses `int4` up to 32 intents.
    public var precision: Precision = .int8

    // MARK: Training

    public var epochs: Int = 3
    public var learningRate: Float = 0.02
    public var optimizer: Optimizer = .adam
    public var batchSize: Int = 256
    /// L2 penalty on all weights (applied to the rows an update touches).
    public var l2: Float = 0
    /// Probability of leaving out each feature of a training example in each epoch
    /// (at least one feature always stays); makes the model rely on many features.
    public var featureDropout: Float = 0
    /// Share of the target probability spread evenly over all labels.
    public var labelSmoothing: Float = 0
    /// Probability of leaving out, in each epoch, every feature that touches one of an
    /// example's slot values (``ClassifierExample/slotValueTokens``) — its words' n-grams and
    /// the word n-grams that join them to the carrier — so that the carrier phrase alone must name
    /// the intent. nil or 0: never. Examples without marked values are not affected.
    ///
    /// Generated utterances fill each intent's samples from its own slot types, and a model
    /// that can tell intents apart by the listed values learns those instead of the words
    /// around them; the values people say are mostly ones nobody listed.
    public var valueDropout: Float? = nil
    public var seed: UInt64 = 42

    public init() {}

    /// Settings scaled to a training set.
    ///
    /// Many intents need a wider embedding, more buckets and longer training to keep their
    /// features apart, while a few intents do as well with a small, fast model (a few epochs
    /// over tens of thousands of examples are as good as more). The
    /// training length aims at about 100,000 example presentations (150,000 beyond 32
    /// intents), at least 2 and at most 20 epochs, with batches small enough that a small
    /// training set still gets a few hundred optimiser steps.
    ///
    /// Up to 32 intents the tables are stored in 4 bits a weight (`int4`), which on the public
    /// benchmarks' development splits of that size answers as `int8` does. Beyond 32 they are
    /// `compact` (the ensemble's members rounded once, after their merge:
    /// ``Precision/roundsMergedMembersOnce``): a 151-intent model fits in under 5 MB, about
    /// 40 % of `int8`'s file, and on development splits of that size it answers within a few
    /// utterances in ten thousand of `int8`, either way; `int3` is smaller still but loses
    /// out-of-scope utterances, and `int8` is there when a few percent of classifying time
    /// matter more than the file.
    ///
    /// Beyond 32 intents the rows are also capped at 65,536 (``rowBudget``), about 2.5 MB of
    /// compact tables: a corpus that touches more buckets — tens of thousands of samples with
    /// many rare words — stores only its more common features; a smaller one (CLINC150's 151
    /// intents touch about 60,000) keeps every feature, since on its development split
    /// dropping the rare ones cost out-of-scope recall.
    public static func recommended(labelCount: Int, exampleCount: Int) -> IntentClassifierOptions {
        var o = IntentClassifierOptions()
        o.precision = .int4
        if labelCount > 32 {
            o.dimension = 32
            o.buckets = 1 << 20
            o.precision = .compact
            o.rowBudget = 1 << 16
        }
        let n = max(1, exampleCount)
        let presentations: Double = labelCount > 32 ? 150_000 : 100_000
        o.epochs = min(20, max(2, Int((presentations / Double(n)).rounded())))
        o.batchSize = min(256, max(8, n / 64))
        return o
    }

    /// Checks that the options describe a model that can be built.
    public func validate() throws(IntentClassifierError) {
        func fail(_ what: String) throws(IntentClassifierError) { throw .invalidOptions(what) }
        if buckets < 1 || buckets > 1 << 24 { try fail("buckets must be in 1...2^24, not \(buckets)") }
        if !(1...3).contains(wordNgrams) { try fail("wordNgrams must be 1, 2 or 3, not \(wordNgrams)") }
        if let c = charNgrams, c.lowerBound < 1 || c.upperBound > 8 {
            try fail("charNgrams must lie within 1...8, not \(c)")
        }
        if dimension < 1 || dimension > 4096 { try fail("dimension must be in 1...4096, not \(dimension)") }
        if let h = hiddenLayer, h < 1 || h > 4096 { try fail("hiddenLayer must be in 1...4096, not \(h)") }
        if epochs < 0 { try fail("epochs must be ≥ 0, not \(epochs)") }
        if !(learningRate > 0) || !learningRate.isFinite { try fail("learningRate must be > 0, not \(learningRate)") }
        if batchSize < 1 { try fail("batchSize must be ≥ 1, not \(batchSize)") }
        if !(l2 >= 0) || !l2.isFinite { try fail("l2 must be ≥ 0, not \(l2)") }
        if !(0..<1).contains(featureDropout) { try fail("featureDropout must be in 0..<1, not \(featureDropout)") }
        if let v = valueDropout, !(0...1).contains(v) { try fail("valueDropout must be in 0...1, not \(v)") }
        if !(0..<1).contains(labelSmoothing) { try fail("labelSmoothing must be in 0..<1, not \(labelSmoothing)") }
        if minCount < 1 { try fail("minCount must be ≥ 1, not \(minCount)") }
        if let r = rowBudget, r < 1 { try fail("rowBudget must be ≥ 1 (or nil for no cap), not \(r)") }
    }
}

/// Why an ``IntentClassifier`` could not be trained.
public enum IntentClassifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option is out of range; the message names it and its legal values.
    case invalidOptions(String)
    /// An example's label is not in `0..<labelCount`.
    case labelOutOfRange(example: Int, label: Int, labelCount: Int)
    /// An example has a negative or non-finite weight.
    case invalidWeight(example: Int, weight: Float)
    /// There is nothing to learn from.
    case noExamples

    public var description: String {
        switch self {
        case .invalidOptions(let what): return "invalid classifier options: \(what)"
        case .labelOutOfRange(let i, let label, let count):
            return "training example \(i) has label \(label), outside 0..<\(count); give labels as indices into the intent list"
        case .invalidWeight(let i, let w):
            return "training example \(i) has weight \(w); weights must be finite and ≥ 0"
        case .noExamples:
            return "no training examples (or all have weight 0); give at least one example with a positive weight"
        }
    }
}
