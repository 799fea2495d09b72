import BuiltInValues
import Foundation

/// The statistical intent classifier: hashed n-gram features, an embedding table, an optional
/// hidden layer and a softmax over intents, plus a sparse linear model over the word features.
///
/// It follows fastText's supervised model: an utterance is the average of the embeddings of
/// its word unigrams, word bigrams and character n-grams (which carry unseen words and
/// inflections), and a linear layer (or a small MLP) maps that average to intent scores. A
/// logistic regression over the word unigrams and bigrams, normalised by the square root of
/// their count, is added to the scores and trained jointly: a full-rank model of carrier
/// phrases, which the low-rank embedding cannot be when there are many intents, while the
/// embedding's n-grams generalise across spellings.
///
/// Only the hash buckets that training saw are stored (an index maps a bucket to its row);
/// a feature whose bucket is unknown is left out of the average rather than adding noise.
///
/// The value is immutable and `Sendable`: every call works in its own stack scratch space, so
/// many threads may classify with one model at once. Classifying one utterance allocates only
/// the returned array (and nothing with ``probabilities(_:into:)``).
public struct IntentClassifier: Sendable, Equatable {
    /// Number of intents the softmax ranges over.
    public let labelCount: Int
    /// The options the model was trained with (feature settings are needed to classify).
    public let options: IntentClassifierOptions
    /// Softmax temperature fitted by ``calibrated(heldOut:)``; 1 until then.
    public package(set) var temperature: Float

    let hasher: FeatureHasher
    /// Row of each hash bucket in the tables below, or -1 when training never saw it.
    let rowOfBucket: BucketIndex
    /// Bucket of each row (what the model file stores): first the rows that have a linear row
    /// (ascending), then the others (ascending).
    let bucketOfRow: [Int32]
    /// Number of leading rows that also have a row in `linear`.
    let linearRows: Int
    /// rows × dimension, row-major, kept as the model file stores it (``WeightRows``), its
    /// levels in `records` when there are records.
    let embeddingRows: WeightRows
    /// linearRows × labelCount, row-major, kept as the model file stores it, its levels in
    /// `records` when there are records.
    let linearTable: WeightRows
    /// Both tables' rows side by side, a feature's weights together, when both are kept as
    /// levels: what classifying reads.
    let records: FeatureRecords?
    /// hidden × dimension and hidden, or empty without a hidden layer.
    let hiddenWeights: [Float]
    let hiddenBias: [Float]
    /// labelCount × (hidden or dimension) and labelCount.
    let outputWeights: [Float]
    let outputBias: [Float]

    var dimension: Int { options.dimension }
    var hiddenWidth: Int { options.hiddenLayer ?? 0 }
    /// Width of the input of the output layer.
    var outputInputs: Int { options.hiddenLayer ?? options.dimension }
    /// The embedding as floats (built anew on each use when it is kept as levels).
    var embedding: [Float] { embeddingRows.array }
    /// The linear table as floats (built anew on each use when it is kept as levels).
    var linear: [Float] { linearTable.array }
    /// Number of feature rows the model stores.
    public var featureRows: Int { bucketOfRow.count }

    package init(labelCount: Int, options: IntentClassifierOptions, temperature: Float,
         bucketOfRow: [Int32], linearRows: Int, embedding: [Float], linear: [Float],
         hiddenWeights: [Float], hiddenBias: [Float], outputWeights: [Float], outputBias: [Float]) {
        self.init(labelCount: labelCount, options: options, temperature: temperature, bucketOfRow: bucketOfRow,
                  linearRows: linearRows, embedding: WeightRows(floats: embedding, width: options.dimension),
                  linear: WeightRows(floats: linear, width: labelCount), hiddenWeights: hiddenWeights,
                  hiddenBias: hiddenBias, outputWeights: outputWeights, outputBias: outputBias)
    }

    /// A classifier whose embedding and linear table are kept in the form given (a model file
    /// read keeps them as levels and row scales).
    init(labelCount: Int, options: IntentClassifierOptions, temperature: Float,
         bucketOfRow: [Int32], linearRows: Int, embedding: WeightRows, linear: WeightRows,
         hiddenWeights: [Float], hiddenBias: [Float], outputWeights: [Float], outputBias: [Float]) {
        self.labelCount = labelCount
        self.options = options
        self.temperature = temperature
        self.hasher = FeatureHasher(options)
        self.bucketOfRow = bucketOfRow
        self.linearRows = linearRows
        self.rowOfBucket = BucketIndex(bucketOfRow: bucketOfRow, buckets: options.buckets)
        // With records, both tables read their levels there: the levels are held once.
        let records = FeatureRecords(embedding: embedding, linear: linear)
        self.records = records
        self.embeddingRows = records?.embeddingRows(scales: embedding.scales) ?? embedding
        self.linearTable = records?.linearRows(scales: linear.scales) ?? linear
        self.hiddenWeights = hiddenWeights
        self.hiddenBias = hiddenBias
        self.outputWeights = outputWeights
        self.outputBias = outputBias
    }

    public static func == (a: IntentClassifier, b: IntentClassifier) -> Bool {
        a.labelCount == b.labelCount && a.options == b.options
            && a.temperature.bitPattern == b.temperature.bitPattern
            && a.bucketOfRow == b.bucketOfRow && a.linearRows == b.linearRows
            && a.embeddingRows == b.embeddingRows && a.linearTable == b.linearTable
            && bitsEqual(a.hiddenWeights, b.hiddenWeights) && bitsEqual(a.hiddenBias, b.hiddenBias)
            && bitsEqual(a.outputWeights, b.outputWeights) && bitsEqual(a.outputBias, b.outputBias)
    }

    private static func bitsEqual(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
    }

    // MARK: Inference

    /// The probability of each intent for one utterance (softmax of the scores divided by
    /// ``temperature``), indexed like the training labels.
    public func probabilities(_ tokens: [Token]) -> [Float] {
        var output = [Float](filled: 0, count: labelCount)
        output.withUnsafeMutableBufferPointer { probabilities(tokens, into: $0) }
        return output
    }

    /// Writes the probability of each intent into `output` (at least ``labelCount`` long)
    /// without allocating.
    public func probabilities(_ tokens: [Token], into output: UnsafeMutableBufferPointer<Float>) {
        precondition(output.count >= labelCount, "the output buffer needs \(labelCount) floats")
        scores(tokens, into: output.baseAddress!)
        Self.softmax(output.baseAddress!, labelCount, inverseTemperature: 1 / temperature)
    }

    /// The unnormalised scores (logits, before the temperature) for one utterance.
    public func logits(_ tokens: [Token]) -> [Float] {
        [Float](unsafeUninitializedCapacity: labelCount) { buffer, count in
            scores(tokens, into: buffer.baseAddress!)
            count = labelCount
        }
    }

    /// Probabilities for many utterances at once: the dense layers run as matrix–matrix
    /// products (`sgemm`), which is faster per utterance than one call each. Results equal
    /// ``probabilities(_:)`` up to floating-point rounding.
    public func probabilities(batch: [[Token]]) -> [[Float]] {
        let logits = logits(batch: batch)
        let inverse = 1 / temperature
        return (0..<batch.count).map { i in
            var row = Array(logits[i * labelCount..<(i + 1) * labelCount])
            row.withUnsafeMutableBufferPointer { Self.softmax($0.baseAddress!, labelCount, inverseTemperature: inverse) }
            return row
        }
    }

    /// Logits of many utterances, row-major `batch.count × labelCount`.
    package func logits(batch: [[Token]]) -> [Float] {
        let n = batch.count
        guard n > 0 else { return [] }
        let d = dimension, l = labelCount, h = hiddenWidth
        let x = UnsafeMutablePointer<Float>.allocate(capacity: n * (d + h) + d + l)
        defer { x.deallocate() }
        x.initialize(repeating: 0, count: n * (d + h) + d + l)
        let chars = x + n * (d + h)
        var out = [Float](repeating: 0, count: n * l)
        out.withUnsafeMutableBufferPointer { os in
            let o = os.baseAddress!
            for (i, tokens) in batch.enumerated() {
                chars.update(repeating: 0, count: d + l)
                accumulate(tokens, x: x + i * d, chars: chars, linear: o + i * l)
                for j in 0..<l { o[i * l + j] += outputBias[j] }
            }
            var inputs = x
            if h > 0 {
                let hidden = x + n * d
                for i in 0..<n { (hidden + i * h).update(from: hiddenBias, count: h) }
                hiddenWeights.withUnsafeBufferPointer { w in
                    BLAS.gemm(transB: true, m: n, n: h, k: d, a: x, lda: d,
                              b: w.baseAddress!, ldb: d, beta: 1, c: hidden, ldc: h)
                }
                activate(hidden, n * h)
                inputs = hidden
            }
            let k = outputInputs
            outputWeights.withUnsafeBufferPointer { w in
                BLAS.gemm(transB: true, m: n, n: l, k: k, a: inputs, lda: k,
                          b: w.baseAddress!, ldb: k, beta: 1, c: o, ldc: l)
            }
        }
        return out
    }

    /// Logits of one utterance into `out` (labelCount floats), with stack scratch space.
    @inline(__always)
    func scores(_ tokens: [Token], into out: UnsafeMutablePointer<Float>) {
        let d = dimension, l = labelCount, h = hiddenWidth
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * d + l + h) { scratch in
            let x = scratch.baseAddress!
            x.initialize(repeating: 0, count: 2 * d + l + h)
            out.initialize(repeating: 0, count: l)
            accumulate(tokens, x: x, chars: x + d, linear: out)
            for j in 0..<l { out[j] += outputBias[j] }
            var inputs = x
            if h > 0 {
                let hidden = x + 2 * d + l
                hidden.update(from: hiddenBias, count: h)
                hiddenWeights.withUnsafeBufferPointer { w in
                    BLAS.gemv(rows: h, cols: d, a: w.baseAddress!, lda: d, x: x, beta: 1, y: hidden)
                }
                activate(hidden, h)
                inputs = hidden
            }
            outputWeights.withUnsafeBufferPointer { w in
                Self.outputProduct(rows: l, cols: outputInputs, weights: w.baseAddress!, x: inputs, into: out)
            }
        }
    }

    /// The largest matrix (rows × columns) OpenBLAS multiplies by a vector on one thread: from
    /// 2304 × its `GEMM_MULTITHREAD_THRESHOLD` (4, as distributions build it) it wakes its
    /// worker threads.
    static let singleThreadedProductLimit = 9_216

    /// `y += weights · x` for the output layer (`rows` × `cols`, row-major). A product of one
    /// vector takes microseconds, and handing half of it to another thread and waiting for it
    /// costs more than that (far more on a busy machine, where the worker waits for a core). So
    /// a layer beyond ``singleThreadedProductLimit`` is multiplied as two halves, each on this
    /// thread: the very split OpenBLAS makes for two threads (the first `(rows + 1) / 2` rows,
    /// then the rest), each half through the same kernel, so the sums are the same, bit for
    /// bit, as a two-core machine's were — and no longer depend on how many cores there are.
    @inline(__always)
    static func outputProduct(rows: Int, cols: Int, weights: UnsafePointer<Float>, x: UnsafePointer<Float>,
                              into y: UnsafeMutablePointer<Float>) {
        guard rows * cols >= singleThreadedProductLimit, rows > 1 else {
            BLAS.gemv(rows: rows, cols: cols, a: weights, lda: cols, x: x, beta: 1, y: y)
            return
        }
        let first = (rows + 1) / 2
        BLAS.gemv(rows: first, cols: cols, a: weights, lda: cols, x: x, beta: 1, y: y)
        BLAS.gemv(rows: rows - first, cols: cols, a: weights + first * cols, lda: cols, x: x, beta: 1, y: y + first)
    }

    @inline(__always)
    func activate(_ v: UnsafeMutablePointer<Float>, _ n: Int) {
        switch options.activation {
        case .relu: for i in 0..<n where v[i] < 0 { v[i] = 0 }
        case .tanh: for i in 0..<n { v[i] = Self.tanh(v[i]) }
        }
    }

    @inlinable @inline(__always)
    package static func tanh(_ x: Float) -> Float {
        // tanh(x) = 1 - 2 / (exp(2x) + 1), clamped where it saturates in Float.
        if x > 9 { return 1 }
        if x < -9 { return -1 }
        let e = exp(2 * x)
        return (e - 1) / (e + 1)
    }

    /// In-place softmax of `v[0..<n] * inverseTemperature`, stable for large scores.
    @inlinable @inline(__always)
    package static func softmax(_ v: UnsafeMutablePointer<Float>, _ n: Int, inverseTemperature: Float) {
        guard n > 0 else { return }
        var maximum = -Float.infinity
        for i in 0..<n { v[i] *= inverseTemperature; maximum = max(maximum, v[i]) }
        var sum: Float = 0
        for i in 0..<n { let e = exp(v[i] - maximum); v[i] = e; sum += e }
        let inverse = 1 / sum
        for i in 0..<n { v[i] *= inverse }
    }
}

extension FeatureHasher {
    package init(_ options: IntentClassifierOptions) {
        self.init(buckets: options.buckets, wordNgrams: options.wordNgrams,
                  minChar: options.charNgrams?.lowerBound ?? 0, maxChar: options.charNgrams?.upperBound ?? 0)
    }
}
