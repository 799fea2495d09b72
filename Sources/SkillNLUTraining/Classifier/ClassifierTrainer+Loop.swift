import Foundation

extension ClassifierTrainer {
    // MARK: The loop

    /// Each example appears ⌈weight⌉ times an epoch with a gradient weight of
    /// weight / ⌈weight⌉, so heavy examples never take outsized steps and every example is
    /// seen every epoch.
    func schedule() -> (example: [Int32], weight: [Float]) {
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
        let totalSteps = max(1, options.epochs * ((n + b - 1) / b))
        var order = Array(0..<n)
        var work = BatchWorkspace(batchSize: b, dimension: dimension, hidden: hidden, labels: labelCount,
                                  outputInputs: outputInputs, rows: bucketOfRow.count, linearRows: linearRows,
                                  adam: options.optimizer == .adam)
        let dropsValues = examplesThatCanLoseValues()
        let dense = hidden > 0 ? [outputWeights, outputBias, hiddenWeights, hiddenBias] : [outputWeights, outputBias]

        for epoch in 1...options.epochs {
            random.shuffle(&order)
            var lossSum: Double = 0, weightSum: Double = 0
            var start = 0
            while start < n {
                let size = min(b, n - start)
                let rate = options.learningRate * max(0, 1 - Float(step) / Float(totalSteps))
                step += 1
                let batch = start..<(start + size)
                chooseFeatures(order[batch].map { Int(entryExample[$0]) }, dropsValues: dropsValues, &work)
                forwardSparse(size: size, &work)
                let inputs = forwardDense(size: size, work)
                for i in 0..<size {
                    let entry = order[start + i]
                    let (loss, weight) = lossGradient(work.out + i * labelCount, weight: entryWeight[entry],
                                                      target: labels[Int(entryExample[entry])])
                    lossSum += loss
                    weightSum += weight
                }
                backwardDense(size: size, inputs: inputs, work)
                if options.optimizer == .adam {
                    updateSparseRowsAdam(size: size, rate: rate, &work)
                } else {
                    updateSparseRowsSGD(size: size, rate: rate, work)
                }
                updateDense(dense, rate: rate)
                start += size
            }
            progress?(epoch, Float(lossSum / max(weightSum, 1e-12)))
        }
        withExtendedLifetime(work.buffers) {}
    }

    /// Per example, whether it has both value features and others: only those can lose their
    /// values (an utterance that is all value keeps it), and only they draw from the
    /// generator, so models of skills without slots come out as before the option existed.
    func examplesThatCanLoseValues() -> [Bool] {
        guard (options.valueDropout ?? 0) > 0 else { return [] }
        return (0..<labels.count).map { ex -> Bool in
            let features = featureRows[featureStart[ex]..<featureStart[ex + 1]]
            return features.contains { $0 & Self.valueFlag != 0 } && features.contains { $0 & Self.valueFlag == 0 }
        }
    }

    /// Chooses the features each example of the batch keeps this time (feature dropout, and
    /// with value dropout sometimes none of its values) into `work.kept`.
    mutating func chooseFeatures(_ examples: [Int], dropsValues: [Bool], _ work: inout BatchWorkspace) {
        let keep = 1 - options.featureDropout
        let valueDrop = options.valueDropout ?? 0
        work.kept.removeAll(keepingCapacity: true)
        for (i, ex) in examples.enumerated() {
            work.keptStart[i] = work.kept.count
            let lo = featureStart[ex], hi = featureStart[ex + 1]
            // Without its values this time: the features that touch none.
            let mask: UInt32 = valueDrop > 0 && dropsValues[ex] && random.nextUnit() < valueDrop ? Self.valueFlag : 0
            if keep < 1 {
                for f in lo..<hi where featureRows[f] & mask == 0 && random.nextUnit() < keep { work.kept.append(featureRows[f]) }
                if work.kept.count == work.keptStart[i], hi > lo { work.kept.append(featureRows[lo + random.nextIndex(hi - lo)]) }
            } else if mask != 0 {
                for f in lo..<hi where featureRows[f] & mask == 0 { work.kept.append(featureRows[f]) }
            } else {
                work.kept.append(contentsOf: featureRows[lo..<hi])
            }
        }
        work.keptStart[examples.count] = work.kept.count
    }

    /// Forward, sparse part: each example's utterance vector (the scaled mean of its features'
    /// embedding rows) into `work.x`, and its logits start from the output bias plus its
    /// normalised linear rows in `work.out`.
    func forwardSparse(size: Int, _ work: inout BatchWorkspace) {
        let d = dimension, l = labelCount
        let flag = Self.linearFlag, wordFlag = Self.wordFlag, flags = Self.flags
        let perKind = options.averaging == .perKind
        let e = embedding.values(0), lin = linear.values(0), b2 = outputBias.values(0)
        let es = embedding.stride, ls = linear.stride
        work.x.update(repeating: 0, count: size * d)
        for i in 0..<size {
            let xi = work.x + i * d, oi = work.out + i * l
            // The next example's rows lie scattered over tables larger than the cache.
            if i + 1 < size {
                for f in work.keptStart[i + 1]..<work.keptStart[i + 2] { prefetchValues(work.kept[f]) }
            }
            oi.update(from: b2, count: l)
            let count = work.keptStart[i + 1] - work.keptStart[i]
            guard count > 0 else { continue }
            var linearCount = 0, wordCount = 0
            for f in work.keptStart[i]..<work.keptStart[i + 1] where work.kept[f] & wordFlag != 0 { wordCount += 1 }
            let (ws, cs) = FeatureScales.scales(words: wordCount, all: count, perKind: perKind)
            work.wordScale[i] = ws
            work.charScale[i] = cs
            for f in work.keptStart[i]..<work.keptStart[i + 1] {
                let entry = work.kept[f]
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
            normaliseLinear(example: i, linearCount: linearCount, &work)
            work.linearCounts[i] = linearCount
        }
    }

    /// Scales example `i`'s summed linear rows in `work.out`: by 1/√count, or with
    /// ``IntentClassifierOptions/LinearFeatures/allPerKind`` the word and character parts
    /// summed apart, each scaled by its own count.
    func normaliseLinear(example i: Int, linearCount: Int, _ work: inout BatchWorkspace) {
        let l = labelCount
        let flag = Self.linearFlag, wordFlag = Self.wordFlag, flags = Self.flags
        let lin = linear.values(0), b2 = outputBias.values(0), ls = linear.stride
        let oi = work.out + i * l
        if options.linearFeatures == .allPerKind {
            oi.update(from: b2, count: l)
            var linearWords = 0
            for f in work.keptStart[i]..<work.keptStart[i + 1] where work.kept[f] & flag != 0 && work.kept[f] & wordFlag != 0 {
                linearWords += 1
            }
            let (rw, rc) = FeatureScales.linearScales(words: linearWords, all: linearCount, perKind: true)
            work.linearWordScale[i] = rw
            work.linearCharScale[i] = rc
            for f in work.keptStart[i]..<work.keptStart[i + 1] where work.kept[f] & flag != 0 {
                let entry = work.kept[f]
                let src = lin + Int(entry & ~flags) * ls
                let scale = entry & wordFlag != 0 ? rw : rc
                for j in 0..<l { oi[j] += scale * src[j] }
            }
        } else if linearCount > 0 {
            let root = 1 / Float(linearCount).squareRoot()
            for j in 0..<l { oi[j] = b2[j] + (oi[j] - b2[j]) * root }
            work.linearWordScale[i] = root
            work.linearCharScale[i] = root
        }
    }

    /// Forward, dense part: the optional hidden layer, then the output layer added to the
    /// logits. Returns the output layer's input (the hidden activations or the utterance vectors).
    func forwardDense(size: Int, _ work: BatchWorkspace) -> UnsafeMutablePointer<Float> {
        let d = dimension, l = labelCount, h = hidden, k = outputInputs
        let inputs: UnsafeMutablePointer<Float>
        if h > 0 {
            let relu = options.activation == .relu
            let b1 = hiddenBias.values(0)
            for i in 0..<size { (work.pre + i * h).update(from: b1, count: h) }
            BLAS.gemm(transB: true, m: size, n: h, k: d, a: work.x, lda: d, b: hiddenWeights.values(0), ldb: d,
                      beta: 1, c: work.pre, ldc: h)
            for i in 0..<size * h { work.act[i] = relu ? max(0, work.pre[i]) : IntentClassifier.tanh(work.pre[i]) }
            inputs = work.act
        } else {
            inputs = work.x
        }
        BLAS.gemm(transB: true, m: size, n: l, k: k, a: inputs, lda: k, b: outputWeights.values(0), ldb: k,
                  beta: 1, c: work.out, ldc: l)
        return inputs
    }

    /// Softmax of one example's logits `o`, its weighted cross-entropy (with label smoothing)
    /// and weight, and the gradient of its logits written over them.
    func lossGradient(_ o: UnsafeMutablePointer<Float>, weight w: Float, target: Int) -> (loss: Double, weight: Double) {
        let l = labelCount
        let smooth = options.labelSmoothing
        let off = smooth / Float(l)
        IntentClassifier.softmax(o, l, inverseTemperature: 1)
        let loss = Double(w) * Double(-Foundation.log(max(o[target], 1e-12)))
        for j in 0..<l { o[j] = w * (o[j] - (j == target ? 1 - smooth + off : off)) }
        return (loss, Double(w))
    }

    /// Backward through the dense layers: their gradients, and the utterance vectors' in `work.dx`.
    func backwardDense(size: Int, inputs: UnsafeMutablePointer<Float>, _ work: BatchWorkspace) {
        let d = dimension, l = labelCount, h = hidden, k = outputInputs
        let out = work.out, dInputs = work.dInputs
        BLAS.gemm(transA: true, m: l, n: k, k: size, a: out, lda: l, b: inputs, ldb: k,
                  beta: 0, c: outputWeights.gradient(0), ldc: k)
        Self.columnSums(out, rows: size, cols: l, into: outputBias.gradient(0))
        BLAS.gemm(m: size, n: k, k: l, a: out, lda: l, b: outputWeights.values(0), ldb: k, beta: 0, c: dInputs, ldc: k)
        if h > 0 {
            let relu = options.activation == .relu
            let pre = work.pre, act = work.act
            for i in 0..<size * h { dInputs[i] *= relu ? (pre[i] > 0 ? 1 : 0) : 1 - act[i] * act[i] }
            BLAS.gemm(transA: true, m: h, n: d, k: size, a: dInputs, lda: h, b: work.x, ldb: d,
                      beta: 0, c: hiddenWeights.gradient(0), ldc: d)
            Self.columnSums(dInputs, rows: size, cols: h, into: hiddenBias.gradient(0))
            BLAS.gemm(m: size, n: d, k: h, a: dInputs, lda: h, b: hiddenWeights.values(0), ldb: d, beta: 0, c: work.dx, ldc: d)
        } else {
            work.dx.update(from: dInputs, count: size * d)
        }
    }

    /// Backward into the sparse rows with SGD: each example's share applied in place (rows
    /// shared by examples of a batch add up, as with one gradient for the batch).
    func updateSparseRowsSGD(size: Int, rate: Float, _ work: BatchWorkspace) {
        let d = dimension, l = labelCount
        let flag = Self.linearFlag, wordFlag = Self.wordFlag, flags = Self.flags
        let e = embedding.values(0), lin = linear.values(0)
        let es = embedding.stride, ls = linear.stride
        let decay = 1 - rate * options.l2
        for i in 0..<size {
            let count = work.keptStart[i + 1] - work.keptStart[i]
            guard count > 0 else { continue }
            let dxi = work.dx + i * d, oi = work.out + i * l
            for f in work.keptStart[i]..<work.keptStart[i + 1] {
                let entry = work.kept[f]
                let row = Int(entry & ~flags)
                let scaleE = -rate * (entry & wordFlag != 0 ? work.wordScale[i] : work.charScale[i])
                let p = e + row * es
                for c in 0..<d { p[c] = p[c] * decay + scaleE * dxi[c] }
                if entry & flag != 0 {
                    let scaleL = -rate * (entry & wordFlag != 0 ? work.linearWordScale[i] : work.linearCharScale[i])
                    let q = lin + row * ls
                    for j in 0..<l { q[j] = q[j] * decay + scaleL * oi[j] }
                }
            }
        }
    }

    /// Updates the dense layers from their gradients.
    func updateDense(_ dense: [TrainedParameter], rate: Float) {
        let adam = options.optimizer == .adam
        let (c1, c2) = adam ? adamCorrections() : (1, 1)
        for parameter in dense {
            let l2 = parameter.decays ? options.l2 : 0
            if adam {
                Self.adam(parameter, row: 0, gradient: parameter.gradient(0), rate: rate, l2: l2, c1: c1, c2: c2)
            } else {
                let p = parameter.values(0), g = parameter.gradient(0)
                for c in 0..<parameter.width { p[c] -= rate * (g[c] + l2 * p[c]) }
            }
        }
    }
}
