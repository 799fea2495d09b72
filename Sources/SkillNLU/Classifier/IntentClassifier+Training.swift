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

/// A float array owned by one training run, used through its pointer so the inner loops are
/// free of bounds and exclusivity checks. Never shared between threads.
final class TrainingBuffer {
    let pointer: UnsafeMutablePointer<Float>
    let count: Int

    init(count: Int) {
        self.count = count
        pointer = .allocate(capacity: max(count, 1))
        pointer.initialize(repeating: 0, count: max(count, 1))
    }

    convenience init(_ values: [Float]) {
        self.init(count: values.count)
        pointer.update(from: values, count: values.count)
    }

    deinit { pointer.deallocate() }

    var array: [Float] { Array(UnsafeBufferPointer(start: pointer, count: count)) }
}

/// One parameter table (`rows` × `width`) with its gradient and optimiser state, interleaved
/// row by row — values, gradient, Adam's first and second moments — so that updating a
/// scattered row touches one contiguous block of memory instead of four far-apart ones.
/// Dense layers are one row.
struct TrainedParameter {
    let storage: TrainingBuffer
    let rows: Int
    let width: Int
    /// Floats from one row's values to the next row's.
    let stride: Int
    let hasGradient: Bool
    let hasMoments: Bool
    /// Whether the L2 penalty applies (not to biases).
    let decays: Bool

    init(rows: Int, width: Int, adam: Bool, gradient: Bool = true, decays: Bool = true,
         initial: (Int) -> Float = { _ in 0 }) {
        self.rows = rows
        self.width = width
        hasGradient = gradient || adam
        hasMoments = adam
        stride = width * (1 + (hasGradient ? 1 : 0) + (adam ? 2 : 0))
        self.decays = decays
        storage = TrainingBuffer(count: rows * stride)
        for r in 0..<rows {
            let row = storage.pointer + r * stride
            for c in 0..<width { row[c] = initial(r * width + c) }
        }
    }

    @inline(__always) func values(_ row: Int) -> UnsafeMutablePointer<Float> { storage.pointer + row * stride }
    @inline(__always) func gradient(_ row: Int) -> UnsafeMutablePointer<Float> { storage.pointer + row * stride + width }

    /// The values alone, row-major.
    var array: [Float] {
        var out: [Float] = []
        out.reserveCapacity(rows * width)
        for r in 0..<rows { out.append(contentsOf: UnsafeBufferPointer(start: values(r), count: width)) }
        return out
    }
}

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
        let (rows, linearRows, featureRows, featureStart) = Self.extractFeatures(examples, options)
        self.bucketOfRow = rows
        self.linearRows = linearRows
        self.featureRows = featureRows
        self.featureStart = featureStart
        self.labels = examples.map(\.label)
        let meanWeight = examples.reduce(0) { $0 + Double($1.weight) } / Double(examples.count)
        self.weights = examples.map { Float(Double($0.weight) / meanWeight) }

        let adam = options.optimizer == .adam
        let bound = 1 / Float(d)
        embedding = TrainedParameter(rows: rows.count, width: d, adam: adam, gradient: adam,
                                     initial: { _ in random.nextSymmetric(bound) })
        linear = TrainedParameter(rows: linearRows, width: labelCount, adam: adam, gradient: adam)
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
    /// the buckets seen at least `minCount` times as rows: first those a linear feature uses
    /// (ascending by bucket), then the rest. Rewrites the examples as row lists, each entry
    /// flagged with ``linearFlag`` when it feeds the linear model.
    private static func extractFeatures(_ examples: [ClassifierExample], _ options: IntentClassifierOptions)
        -> (bucketOfRow: [Int32], linearRows: Int, featureRows: [UInt32], featureStart: [Int]) {
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
        var linearCount = 0
        var rowOfBucket = [Int32](repeating: -1, count: options.buckets)
        var bucketOfRow: [Int32] = []
        for pass in [true, false] {
            for b in 0..<options.buckets where linearBucket[b] == pass && exampleCount[b] >= Int32(options.minCount) {
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
        return (bucketOfRow, linearCount, featureRows, featureStart)
    }

    // MARK: The loop

    /// Each example appears ⌈weight⌉ times an epoch with a gradient weight of
    /// weight / ⌈weight⌉, so heavy examples never take outsized steps and every example is
    /// seen every epoch.
    private func schedule() -> (example: [Int32], weight: [Float]) {
        var example: [Int32] = [], weight: [Float] = []
        for (i, w) in weights.enumerated() {
            let copies = max(1, Int(w.rounded(.up)))
            for _ in 0..<copies {
                example.append(Int32(i))
                weight.append(w / Float(copies))
            }
        }
        return (example, weight)
    }

    mutating func run(progress: IntentClassifier.TrainingProgress?) {
        guard options.epochs > 0 else { return }
        let (entryExample, entryWeight) = schedule()
        let n = entryExample.count
        let b = options.batchSize
        let d = dimension, l = labelCount, h = hidden, k = outputInputs
        let totalSteps = max(1, options.epochs * ((n + b - 1) / b))
        let adam = options.optimizer == .adam
        let flag = Self.linearFlag, wordFlag = Self.wordFlag, flags = Self.flags
        let perKind = options.averaging == .perKind
        let relu = options.activation == .relu
        var order = Array(0..<n)
        // Batch workspace, kept alive until the loop ends.
        let buffers = (0..<6).map { i in TrainingBuffer(count: b * [d, h, h, l, k, d][i]) }
        let x = buffers[0].pointer          // utterance vectors
        let pre = buffers[1].pointer        // hidden pre-activations
        let act = buffers[2].pointer        // hidden activations
        let out = buffers[3].pointer        // logits, then their gradient
        let dInputs = buffers[4].pointer    // gradient of the output layer's input
        let dx = buffers[5].pointer         // gradient of the utterance vectors
        var stamp = [Int32](repeating: -1, count: bucketOfRow.count)
        var touched: [Int32] = []
        var kept: [UInt32] = []
        var keptStart = [Int](repeating: 0, count: b + 1)
        var linearCounts = [Int](repeating: 0, count: b)
        var wordScale = [Float](repeating: 0, count: b)     // weight of a word feature in the mean
        var charScale = [Float](repeating: 0, count: b)     // weight of a character n-gram
        var linearWordScale = [Float](repeating: 1, count: b)   // weight of a word feature's linear row
        var linearCharScale = [Float](repeating: 1, count: b)   // weight of a character n-gram's linear row
        let linearPerKind = options.linearFeatures == .allPerKind
        let keep = 1 - options.featureDropout
        let valueDrop = options.valueDropout ?? 0
        // Whether an example has both value features and others: only those can lose their
        // values (an utterance that is all value keeps it), and only they draw from the
        // generator, so models of skills without slots come out as before the option existed.
        let dropsValues: [Bool] = valueDrop > 0 ? (0..<labels.count).map { ex -> Bool in
            let features = featureRows[featureStart[ex]..<featureStart[ex + 1]]
            return features.contains { $0 & Self.valueFlag != 0 } && features.contains { $0 & Self.valueFlag == 0 }
        } : []
        let smooth = options.labelSmoothing
        var batchIndex: Int32 = 0
        let e = embedding.values(0), lin = linear.values(0)
        let es = embedding.stride, ls = linear.stride
        let w1 = hiddenWeights.values(0), b1 = hiddenBias.values(0)
        let w2 = outputWeights.values(0), b2 = outputBias.values(0)
        let dense = h > 0 ? [outputWeights, outputBias, hiddenWeights, hiddenBias] : [outputWeights, outputBias]

        for epoch in 1...options.epochs {
            random.shuffle(&order)
            var lossSum: Double = 0, weightSum: Double = 0
            var start = 0
            while start < n {
                let size = min(b, n - start)
                let rate = options.learningRate * max(0, 1 - Float(step) / Float(totalSteps))
                step += 1
                // Choose the features each example keeps this time.
                kept.removeAll(keepingCapacity: true)
                for i in 0..<size {
                    let ex = Int(entryExample[order[start + i]])
                    keptStart[i] = kept.count
                    let lo = featureStart[ex], hi = featureStart[ex + 1]
                    // Without its values this time: the features that touch none.
                    let mask: UInt32 = valueDrop > 0 && dropsValues[ex] && random.nextUnit() < valueDrop ? Self.valueFlag : 0
                    if keep < 1 {
                        for f in lo..<hi where featureRows[f] & mask == 0 && random.nextUnit() < keep { kept.append(featureRows[f]) }
                        if kept.count == keptStart[i], hi > lo { kept.append(featureRows[lo + random.nextIndex(hi - lo)]) }
                    } else if mask != 0 {
                        for f in lo..<hi where featureRows[f] & mask == 0 { kept.append(featureRows[f]) }
                    } else {
                        kept.append(contentsOf: featureRows[lo..<hi])
                    }
                }
                keptStart[size] = kept.count

                // Forward: sparse averages (embedding) and normalised sums (linear head).
                x.update(repeating: 0, count: size * d)
                for i in 0..<size {
                    let xi = x + i * d, oi = out + i * l
                    oi.update(from: b2, count: l)
                    let count = keptStart[i + 1] - keptStart[i]
                    guard count > 0 else { continue }
                    var linearCount = 0, wordCount = 0
                    for f in keptStart[i]..<keptStart[i + 1] where kept[f] & wordFlag != 0 { wordCount += 1 }
                    let (ws, cs) = Self.scales(words: wordCount, all: count, perKind: perKind)
                    wordScale[i] = ws
                    charScale[i] = cs
                    for f in keptStart[i]..<keptStart[i + 1] {
                        let entry = kept[f]
                        let row = Int(entry & ~flags)
                        let src = e + row * es
                        let scale = entry & wordFlag != 0 ? ws : cs
                        for c in 0..<d { xi[c] += scale * src[c] }
                        if entry & flag != 0 {
                            linearCount += 1
                            let src = lin + row * ls
                            for j in 0..<l { oi[j] += src[j] }
                        }
                    }
                    if linearPerKind {
                        // The word and character parts summed apart, each scaled by its own count.
                        oi.update(from: b2, count: l)
                        var linearWords = 0
                        for f in keptStart[i]..<keptStart[i + 1] where kept[f] & flag != 0 && kept[f] & wordFlag != 0 { linearWords += 1 }
                        let (rw, rc) = Self.linearScales(words: linearWords, all: linearCount, perKind: true)
                        linearWordScale[i] = rw
                        linearCharScale[i] = rc
                        for f in keptStart[i]..<keptStart[i + 1] where kept[f] & flag != 0 {
                            let entry = kept[f]
                            let src = lin + Int(entry & ~flags) * ls
                            let scale = entry & wordFlag != 0 ? rw : rc
                            for j in 0..<l { oi[j] += scale * src[j] }
                        }
                    } else if linearCount > 0 {
                        let root = 1 / Float(linearCount).squareRoot()
                        for j in 0..<l { oi[j] = b2[j] + (oi[j] - b2[j]) * root }
                        linearWordScale[i] = root
                        linearCharScale[i] = root
                    }
                    linearCounts[i] = linearCount
                }
                // Forward: dense layers.
                let inputs: UnsafeMutablePointer<Float>
                if h > 0 {
                    for i in 0..<size { (pre + i * h).update(from: b1, count: h) }
                    BLAS.gemm(transB: true, m: size, n: h, k: d, a: x, lda: d, b: w1, ldb: d, beta: 1, c: pre, ldc: h)
                    for i in 0..<size * h { act[i] = relu ? max(0, pre[i]) : IntentClassifier.tanh(pre[i]) }
                    inputs = act
                } else {
                    inputs = x
                }
                BLAS.gemm(transB: true, m: size, n: l, k: k, a: inputs, lda: k, b: w2, ldb: k, beta: 1, c: out, ldc: l)
                // Softmax, loss and the gradient of the logits (weighted, summed over the batch).
                let off = smooth / Float(l)
                for i in 0..<size {
                    let entry = order[start + i]
                    let o = out + i * l
                    IntentClassifier.softmax(o, l, inverseTemperature: 1)
                    let w = entryWeight[entry]
                    let target = labels[Int(entryExample[entry])]
                    lossSum += Double(w) * Double(-Foundation.log(max(o[target], 1e-12)))
                    weightSum += Double(w)
                    for j in 0..<l { o[j] = w * (o[j] - (j == target ? 1 - smooth + off : off)) }
                }
                // Backward: dense layers.
                BLAS.gemm(transA: true, m: l, n: k, k: size, a: out, lda: l, b: inputs, ldb: k,
                          beta: 0, c: outputWeights.gradient(0), ldc: k)
                Self.columnSums(out, rows: size, cols: l, into: outputBias.gradient(0))
                BLAS.gemm(m: size, n: k, k: l, a: out, lda: l, b: w2, ldb: k, beta: 0, c: dInputs, ldc: k)
                if h > 0 {
                    for i in 0..<size * h { dInputs[i] *= relu ? (pre[i] > 0 ? 1 : 0) : 1 - act[i] * act[i] }
                    BLAS.gemm(transA: true, m: h, n: d, k: size, a: dInputs, lda: h, b: x, ldb: d,
                              beta: 0, c: hiddenWeights.gradient(0), ldc: d)
                    Self.columnSums(dInputs, rows: size, cols: h, into: hiddenBias.gradient(0))
                    BLAS.gemm(m: size, n: d, k: h, a: dInputs, lda: h, b: w1, ldb: d, beta: 0, c: dx, ldc: d)
                } else {
                    dx.update(from: dInputs, count: size * d)
                }
                // Backward and update: the sparse rows.
                if adam {
                    touched.removeAll(keepingCapacity: true)
                    let ge = embedding.gradient(0), gl = linear.gradient(0)
                    for i in 0..<size {
                        let count = keptStart[i + 1] - keptStart[i]
                        guard count > 0 else { continue }
                        let dxi = dx + i * d, oi = out + i * l
                        for f in keptStart[i]..<keptStart[i + 1] {
                            let entry = kept[f]
                            let row = Int(entry & ~flags)
                            let inverse = entry & wordFlag != 0 ? wordScale[i] : charScale[i]
                            if stamp[row] != batchIndex {
                                stamp[row] = batchIndex
                                touched.append(Int32(row))
                                (ge + row * es).update(repeating: 0, count: d)
                                if row < linearRows { (gl + row * ls).update(repeating: 0, count: l) }
                            }
                            let g = ge + row * es
                            for c in 0..<d { g[c] += dxi[c] * inverse }
                            if entry & flag != 0 {
                                let g = gl + row * ls
                                let root = entry & wordFlag != 0 ? linearWordScale[i] : linearCharScale[i]
                                for j in 0..<l { g[j] += oi[j] * root }
                            }
                        }
                    }
                    batchIndex &+= 1
                    let (c1, c2) = adamCorrections()
                    for row in touched {
                        let r = Int(row)
                        Self.adam(embedding, row: r, rate: rate, l2: options.l2, c1: c1, c2: c2)
                        if r < linearRows {
                            Self.adam(linear, row: r, rate: rate, l2: options.l2, c1: c1, c2: c2)
                        }
                    }
                } else {
                    // SGD: apply each example's share in place (rows shared by examples of a
                    // batch add up, as with one gradient for the batch).
                    let decay = 1 - rate * options.l2
                    for i in 0..<size {
                        let count = keptStart[i + 1] - keptStart[i]
                        guard count > 0 else { continue }
                        let dxi = dx + i * d, oi = out + i * l
                        for f in keptStart[i]..<keptStart[i + 1] {
                            let entry = kept[f]
                            let row = Int(entry & ~flags)
                            let scaleE = -rate * (entry & wordFlag != 0 ? wordScale[i] : charScale[i])
                            let p = e + row * es
                            for c in 0..<d { p[c] = p[c] * decay + scaleE * dxi[c] }
                            if entry & flag != 0 {
                                let scaleL = -rate * (entry & wordFlag != 0 ? linearWordScale[i] : linearCharScale[i])
                                let q = lin + row * ls
                                for j in 0..<l { q[j] = q[j] * decay + scaleL * oi[j] }
                            }
                        }
                    }
                }
                // Dense updates.
                let (c1, c2) = adam ? adamCorrections() : (1, 1)
                for parameter in dense {
                    let l2 = parameter.decays ? options.l2 : 0
                    if adam {
                        Self.adam(parameter, row: 0, rate: rate, l2: l2, c1: c1, c2: c2)
                    } else {
                        let p = parameter.values(0), g = parameter.gradient(0)
                        for c in 0..<parameter.width { p[c] -= rate * (g[c] + l2 * p[c]) }
                    }
                }
                start += size
            }
            progress?(epoch, Float(lossSum / max(weightSum, 1e-12)))
        }
        withExtendedLifetime(buffers) {}
    }

    /// Weights of one word feature and one character n-gram in an utterance vector with
    /// `words` word features among `all`.
    @inline(__always)
    static func scales(words: Int, all: Int, perKind: Bool) -> (word: Float, char: Float) {
        guard all > 0 else { return (0, 0) }
        guard perKind else { return (1 / Float(all), 1 / Float(all)) }
        let chars = all - words
        return (words > 0 ? 1 / Float(words) : 0, chars > 0 ? 1 / Float(chars) : 0)
    }

    /// Scales of one word feature's and one character n-gram's linear row among `all` linear
    /// features of which `words` are word features: 1/√all for both, or with `perKind` 1/√words
    /// and 1/√(all − words).
    @inline(__always)
    static func linearScales(words: Int, all: Int, perKind: Bool) -> (word: Float, char: Float) {
        guard all > 0 else { return (0, 0) }
        guard perKind else { let r = 1 / Float(all).squareRoot(); return (r, r) }
        let chars = all - words
        return (words > 0 ? 1 / Float(words).squareRoot() : 0, chars > 0 ? 1 / Float(chars).squareRoot() : 0)
    }

    private static func columnSums(_ m: UnsafePointer<Float>, rows: Int, cols: Int, into out: UnsafeMutablePointer<Float>) {
        out.update(repeating: 0, count: cols)
        for i in 0..<rows {
            let r = m + i * cols
            for j in 0..<cols { out[j] += r[j] }
        }
    }

    // MARK: Adam

    private func adamCorrections() -> (Float, Float) {
        let t = Float(step)
        return (1 / (1 - Foundation.pow(Float(0.9), t)), 1 / (1 - Foundation.pow(Float(0.999), t)))
    }

    /// One Adam step on one row of a parameter, eight lanes at a time.
    @inline(__always)
    private static func adam(_ parameter: TrainedParameter, row: Int, rate: Float, l2: Float, c1: Float, c2: Float) {
        typealias V8 = SIMD8<Float>
        let count = parameter.width
        let p = parameter.values(row), g = p + count, m = p + 2 * count, v = p + 3 * count
        let step1 = rate * c1
        var c = 0
        while c + 8 <= count {
            let pv = UnsafeRawPointer(p + c).loadUnaligned(as: V8.self)
            let gi = UnsafeRawPointer(g + c).loadUnaligned(as: V8.self) + l2 * pv
            let mv = 0.9 * UnsafeRawPointer(m + c).loadUnaligned(as: V8.self) + 0.1 * gi
            let vv = 0.999 * UnsafeRawPointer(v + c).loadUnaligned(as: V8.self) + 0.001 * gi * gi
            UnsafeMutableRawPointer(m + c).storeBytes(of: mv, as: V8.self)
            UnsafeMutableRawPointer(v + c).storeBytes(of: vv, as: V8.self)
            UnsafeMutableRawPointer(p + c).storeBytes(of: pv - step1 * mv / ((vv * c2).squareRoot() + 1e-8), as: V8.self)
            c += 8
        }
        while c < count {
            let gi = g[c] + l2 * p[c]
            m[c] = 0.9 * m[c] + 0.1 * gi
            v[c] = 0.999 * v[c] + 0.001 * gi * gi
            p[c] -= step1 * m[c] / ((v[c] * c2).squareRoot() + 1e-8)
            c += 1
        }
    }

    // MARK: Result

    /// Rounds the stored tables to the chosen precision and builds the immutable model, so
    /// the trained model equals the one read back from its file.
    func finish() -> IntentClassifier {
        IntentClassifier(labelCount: labelCount, options: options, temperature: 1,
                         bucketOfRow: bucketOfRow, linearRows: linearRows,
                         embedding: WeightCoding.rounded(embedding.array, precision: options.precision),
                         linear: WeightCoding.rounded(linear.array, precision: options.precision),
                         hiddenWeights: hiddenWeights.array, hiddenBias: hiddenBias.array,
                         outputWeights: outputWeights.array, outputBias: outputBias.array)
    }
}
