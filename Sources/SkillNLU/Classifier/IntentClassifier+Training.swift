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
        return trainer.finish()
    }
}

/// The mutable state of one training run; ``IntentClassifier/train(examples:labelCount:options:progress:)``
/// owns it, so nothing mutable escapes.
struct ClassifierTrainer {
    let options: IntentClassifierOptions
    let labelCount: Int
    let dimension: Int
    let hidden: Int
    let outputInputs: Int
    var random: ClassifierRandom

    // Examples as row lists.
    var bucketOfRow: [Int32] = []
    var featureRows: [Int32] = []
    var featureStart: [Int] = [0]
    var labels: [Int] = []
    var weights: [Float] = []

    // Parameters.
    var embedding: [Float] = []
    var linear: [Float] = []
    var hiddenWeights: [Float] = []
    var hiddenBias: [Float] = []
    var outputWeights: [Float] = []
    var outputBias: [Float] = []

    // Adam's first and second moments (empty with SGD), indexed by `Slot`.
    var firstMoments: [[Float]] = []
    var secondMoments: [[Float]] = []
    var step = 0

    init(examples: [ClassifierExample], labelCount: Int, options: IntentClassifierOptions) {
        self.options = options
        self.labelCount = labelCount
        self.dimension = options.dimension
        self.hidden = options.hiddenLayer ?? 0
        self.outputInputs = options.hiddenLayer ?? options.dimension
        self.random = ClassifierRandom(seed: options.seed)
        extractFeatures(examples)
        initialiseParameters()
    }

    /// Hashes every example once, counts in how many examples each bucket occurs, keeps the
    /// buckets seen at least `minCount` times as rows (ascending by bucket) and rewrites the
    /// examples as row lists.
    private mutating func extractFeatures(_ examples: [ClassifierExample]) {
        let hasher = FeatureHasher(options)
        var buckets: [Int32] = []
        var starts: [Int] = [0]
        buckets.reserveCapacity(examples.count * 64)
        var exampleCount = [Int32](repeating: 0, count: options.buckets)
        var lastSeen = [Int32](repeating: -1, count: options.buckets)
        for (i, example) in examples.enumerated() {
            hasher.forEachFeature(example.tokens) { b in
                buckets.append(Int32(b))
                if lastSeen[b] != Int32(i) { lastSeen[b] = Int32(i); exampleCount[b] += 1 }
            }
            starts.append(buckets.count)
        }
        var rowOfBucket = [Int32](repeating: -1, count: options.buckets)
        for b in 0..<options.buckets where exampleCount[b] >= Int32(options.minCount) {
            rowOfBucket[b] = Int32(bucketOfRow.count)
            bucketOfRow.append(Int32(b))
        }
        let meanWeight = examples.reduce(0) { $0 + Double($1.weight) } / Double(examples.count)
        for (i, example) in examples.enumerated() {
            for b in buckets[starts[i]..<starts[i + 1]] {
                let row = rowOfBucket[Int(b)]
                if row >= 0 { featureRows.append(row) }
            }
            featureStart.append(featureRows.count)
            labels.append(example.label)
            weights.append(Float(Double(example.weight) / meanWeight))
        }
    }

    private mutating func initialiseParameters() {
        let rows = bucketOfRow.count
        let bound = 1 / Float(dimension)
        embedding = (0..<rows * dimension).map { _ in random.nextSymmetric(bound) }
        linear = options.linearHead ? [Float](repeating: 0, count: rows * labelCount) : []
        if hidden > 0 {
            let b1 = (6 / Float(dimension + hidden)).squareRoot()
            hiddenWeights = (0..<hidden * dimension).map { _ in random.nextSymmetric(b1) }
            hiddenBias = [Float](repeating: 0, count: hidden)
            let b2 = (6 / Float(hidden + labelCount)).squareRoot()
            outputWeights = (0..<labelCount * hidden).map { _ in random.nextSymmetric(b2) }
        } else {
            outputWeights = [Float](repeating: 0, count: labelCount * dimension)
        }
        outputBias = [Float](repeating: 0, count: labelCount)
        if options.optimizer == .adam {
            firstMoments = [embedding, linear, hiddenWeights, hiddenBias, outputWeights, outputBias]
                .map { [Float](repeating: 0, count: $0.count) }
            secondMoments = firstMoments
        }
    }

    // MARK: The loop

    mutating func run(progress: IntentClassifier.TrainingProgress?) {
        let n = labels.count
        let b = options.batchSize
        let d = dimension, l = labelCount, h = hidden, k = outputInputs
        let totalSteps = max(1, options.epochs * ((n + b - 1) / b))
        var order = Array(0..<n)
        // Batch buffers.
        var x = [Float](repeating: 0, count: b * d)
        var pre = [Float](repeating: 0, count: b * h)        // hidden pre-activation
        var act = [Float](repeating: 0, count: b * h)        // hidden activation
        var out = [Float](repeating: 0, count: b * l)        // logits, then gradient
        var dInputs = [Float](repeating: 0, count: b * k)
        var dx = [Float](repeating: 0, count: b * d)
        var gOutW = [Float](repeating: 0, count: l * k)
        var gOutB = [Float](repeating: 0, count: l)
        var gHidW = [Float](repeating: 0, count: h * d)
        var gHidB = [Float](repeating: 0, count: h)
        // Sparse gradients: accumulated per touched row.
        let rows = bucketOfRow.count
        var gEmb = [Float](repeating: 0, count: rows * d)
        var gLin = [Float](repeating: 0, count: options.linearHead ? rows * l : 0)
        var stamp = [Int32](repeating: -1, count: rows)
        var touched: [Int32] = []
        var kept: [Int32] = []
        var keptStart = [Int](repeating: 0, count: b + 1)
        let keep = 1 - options.featureDropout
        let smooth = options.labelSmoothing
        var batchIndex: Int32 = 0

        for epoch in 1...max(1, options.epochs) where options.epochs > 0 {
            random.shuffle(&order)
            var lossSum: Double = 0, weightSum: Double = 0
            var start = 0
            while start < n {
                let size = min(b, n - start)
                let progressShare = Float(step) / Float(totalSteps)
                let rate = options.learningRate * max(0, 1 - progressShare)
                // Choose the features each example keeps this time.
                kept.removeAll(keepingCapacity: true)
                for i in 0..<size {
                    let e = order[start + i]
                    keptStart[i] = kept.count
                    let lo = featureStart[e], hi = featureStart[e + 1]
                    if keep < 1 {
                        for f in lo..<hi where random.nextUnit() < keep { kept.append(featureRows[f]) }
                        if kept.count == keptStart[i], hi > lo { kept.append(featureRows[lo + random.nextIndex(hi - lo)]) }
                    } else {
                        kept.append(contentsOf: featureRows[lo..<hi])
                    }
                }
                keptStart[size] = kept.count

                // Forward: sparse averages.
                x.withUnsafeMutableBufferPointer { xs in
                    out.withUnsafeMutableBufferPointer { os in
                        embedding.withUnsafeBufferPointer { e in
                            linear.withUnsafeBufferPointer { lin in
                                let xp = xs.baseAddress!, op = os.baseAddress!
                                xp.update(repeating: 0, count: size * d)
                                for i in 0..<size {
                                    let xi = xp + i * d, oi = op + i * l
                                    for j in 0..<l { oi[j] = outputBias[j] }
                                    let count = keptStart[i + 1] - keptStart[i]
                                    guard count > 0 else { continue }
                                    for f in keptStart[i]..<keptStart[i + 1] {
                                        let src = e.baseAddress! + Int(kept[f]) * d
                                        for c in 0..<d { xi[c] += src[c] }
                                    }
                                    let inverse = 1 / Float(count)
                                    for c in 0..<d { xi[c] *= inverse }
                                    if !lin.isEmpty {
                                        let root = 1 / Float(count).squareRoot()
                                        for f in keptStart[i]..<keptStart[i + 1] {
                                            let src = lin.baseAddress! + Int(kept[f]) * l
                                            for j in 0..<l { oi[j] += src[j] * root }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                // Forward: dense layers.
                if h > 0 {
                    for i in 0..<size { for j in 0..<h { pre[i * h + j] = hiddenBias[j] } }
                    BLAS.gemm(transB: true, m: size, n: h, k: d, a: x, lda: d, b: hiddenWeights, ldb: d,
                              beta: 1, c: &pre, ldc: h)
                    for i in 0..<size * h {
                        act[i] = options.activation == .relu ? max(0, pre[i]) : IntentClassifier.tanh(pre[i])
                    }
                    BLAS.gemm(transB: true, m: size, n: l, k: h, a: act, lda: h, b: outputWeights, ldb: h,
                              beta: 1, c: &out, ldc: l)
                } else {
                    BLAS.gemm(transB: true, m: size, n: l, k: d, a: x, lda: d, b: outputWeights, ldb: d,
                              beta: 1, c: &out, ldc: l)
                }
                // Softmax, loss and the gradient of the logits (weighted, summed over the batch).
                out.withUnsafeMutableBufferPointer { os in
                    for i in 0..<size {
                        let e = order[start + i]
                        let o = os.baseAddress! + i * l
                        IntentClassifier.softmax(o, l, inverseTemperature: 1)
                        let w = weights[e]
                        let target = labels[e]
                        lossSum += Double(w) * Double(-Foundation.log(max(o[target], 1e-12)))
                        weightSum += Double(w)
                        let off = smooth / Float(l)
                        for j in 0..<l {
                            let y = (j == target ? 1 - smooth : 0) + off
                            o[j] = w * (o[j] - y)
                        }
                    }
                }
                // Backward: dense layers.
                let inputs = h > 0 ? act : x
                BLAS.gemm(transA: true, m: l, n: k, k: size, a: out, lda: l, b: inputs, ldb: k,
                          beta: 0, c: &gOutW, ldc: k)
                for j in 0..<l { var s: Float = 0; for i in 0..<size { s += out[i * l + j] }; gOutB[j] = s }
                BLAS.gemm(m: size, n: k, k: l, a: out, lda: l, b: outputWeights, ldb: k, beta: 0, c: &dInputs, ldc: k)
                if h > 0 {
                    for i in 0..<size * h {
                        let derivative: Float = options.activation == .relu
                            ? (pre[i] > 0 ? 1 : 0) : 1 - act[i] * act[i]
                        dInputs[i] *= derivative
                    }
                    BLAS.gemm(transA: true, m: h, n: d, k: size, a: dInputs, lda: h, b: x, ldb: d,
                              beta: 0, c: &gHidW, ldc: d)
                    for j in 0..<h { var s: Float = 0; for i in 0..<size { s += dInputs[i * h + j] }; gHidB[j] = s }
                    BLAS.gemm(m: size, n: d, k: h, a: dInputs, lda: h, b: hiddenWeights, ldb: d, beta: 0, c: &dx, ldc: d)
                } else {
                    dx.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: dInputs, count: size * d) }
                }
                // Backward: scatter to the rows the batch used.
                touched.removeAll(keepingCapacity: true)
                for i in 0..<size {
                    let count = keptStart[i + 1] - keptStart[i]
                    guard count > 0 else { continue }
                    let inverse = 1 / Float(count)
                    let root = 1 / Float(count).squareRoot()
                    for f in keptStart[i]..<keptStart[i + 1] {
                        let row = Int(kept[f])
                        if stamp[row] != batchIndex {
                            stamp[row] = batchIndex
                            touched.append(Int32(row))
                            for c in 0..<d { gEmb[row * d + c] = 0 }
                            if options.linearHead { for j in 0..<l { gLin[row * l + j] = 0 } }
                        }
                        for c in 0..<d { gEmb[row * d + c] += dx[i * d + c] * inverse }
                        if options.linearHead { for j in 0..<l { gLin[row * l + j] += out[i * l + j] * root } }
                    }
                }
                batchIndex &+= 1
                // Updates.
                step += 1
                applyDense(rate: rate, gOutW: gOutW, gOutB: gOutB, gHidW: gHidW, gHidB: gHidB)
                applySparse(rate: rate, touched: touched, gEmb: gEmb, gLin: gLin)
                start += size
            }
            progress?(epoch, Float(lossSum / max(weightSum, 1e-12)))
        }
    }

    // MARK: Updates

    /// Index of each parameter array in `firstMoments` and `secondMoments`.
    private enum Slot: Int { case embedding = 0, linear, hiddenWeights, hiddenBias, outputWeights, outputBias }

    private mutating func applyDense(rate: Float, gOutW: [Float], gOutB: [Float], gHidW: [Float], gHidB: [Float]) {
        let l2 = options.l2
        apply(.outputWeights, gOutW, ranges: CollectionOfOne(0..<gOutW.count), rate: rate, l2: l2)
        apply(.outputBias, gOutB, ranges: CollectionOfOne(0..<gOutB.count), rate: rate, l2: 0)
        if hidden > 0 {
            apply(.hiddenWeights, gHidW, ranges: CollectionOfOne(0..<gHidW.count), rate: rate, l2: l2)
            apply(.hiddenBias, gHidB, ranges: CollectionOfOne(0..<gHidB.count), rate: rate, l2: 0)
        }
    }

    private mutating func applySparse(rate: Float, touched: [Int32], gEmb: [Float], gLin: [Float]) {
        let d = dimension, l = labelCount
        apply(.embedding, gEmb, ranges: touched.lazy.map { Int($0) * d..<(Int($0) + 1) * d }, rate: rate, l2: options.l2)
        if options.linearHead {
            apply(.linear, gLin, ranges: touched.lazy.map { Int($0) * l..<(Int($0) + 1) * l }, rate: rate, l2: options.l2)
        }
    }

    /// One optimiser step on the elements of a parameter array in `ranges`.
    private mutating func apply<R: Sequence<Range<Int>>>(_ slot: Slot, _ g: [Float], ranges: R, rate: Float, l2: Float) {
        if options.optimizer == .sgd {
            switch slot {
            case .embedding: Self.sgd(&embedding, g, ranges, rate, l2)
            case .linear: Self.sgd(&linear, g, ranges, rate, l2)
            case .hiddenWeights: Self.sgd(&hiddenWeights, g, ranges, rate, l2)
            case .hiddenBias: Self.sgd(&hiddenBias, g, ranges, rate, l2)
            case .outputWeights: Self.sgd(&outputWeights, g, ranges, rate, l2)
            case .outputBias: Self.sgd(&outputBias, g, ranges, rate, l2)
            }
            return
        }
        let t = Float(step)
        let c1 = 1 / (1 - Foundation.pow(Float(0.9), t)), c2 = 1 / (1 - Foundation.pow(Float(0.999), t))
        let i = slot.rawValue
        switch slot {
        case .embedding: Self.adam(&embedding, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        case .linear: Self.adam(&linear, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        case .hiddenWeights: Self.adam(&hiddenWeights, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        case .hiddenBias: Self.adam(&hiddenBias, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        case .outputWeights: Self.adam(&outputWeights, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        case .outputBias: Self.adam(&outputBias, &firstMoments[i], &secondMoments[i], g, ranges, rate, l2, c1, c2)
        }
    }

    private static func sgd<R: Sequence<Range<Int>>>(_ p: inout [Float], _ g: [Float], _ ranges: R,
                                                      _ rate: Float, _ l2: Float) {
        p.withUnsafeMutableBufferPointer { p in
            g.withUnsafeBufferPointer { g in
                for range in ranges { for c in range { p[c] -= rate * (g[c] + l2 * p[c]) } }
            }
        }
    }

    private static func adam<R: Sequence<Range<Int>>>(_ p: inout [Float], _ m: inout [Float], _ v: inout [Float],
                                                       _ g: [Float], _ ranges: R, _ rate: Float, _ l2: Float,
                                                       _ c1: Float, _ c2: Float) {
        p.withUnsafeMutableBufferPointer { p in
            m.withUnsafeMutableBufferPointer { m in
                v.withUnsafeMutableBufferPointer { v in
                    g.withUnsafeBufferPointer { g in
                        for range in ranges {
                            for c in range {
                                let gi = g[c] + l2 * p[c]
                                m[c] = 0.9 * m[c] + 0.1 * gi
                                v[c] = 0.999 * v[c] + 0.001 * gi * gi
                                p[c] -= rate * (m[c] * c1) / ((v[c] * c2).squareRoot() + 1e-8)
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Result

    /// Rounds the stored tables to the chosen precision and builds the immutable model, so
    /// the trained model equals the one read back from its file.
    func finish() -> IntentClassifier {
        IntentClassifier(labelCount: labelCount, options: options, temperature: 1,
                         bucketOfRow: bucketOfRow,
                         embedding: WeightCoding.rounded(embedding, precision: options.precision),
                         linear: WeightCoding.rounded(linear, precision: options.precision),
                         hiddenWeights: hiddenWeights, hiddenBias: hiddenBias,
                         outputWeights: outputWeights, outputBias: outputBias)
    }
}
