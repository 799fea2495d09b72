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

    // MARK: Adam

    func adamCorrections() -> (Float, Float) {
        let t = Float(step)
        return (1 / (1 - Foundation.pow(Float(0.9), t)), 1 / (1 - Foundation.pow(Float(0.999), t)))
    }

    /// One Adam step on one row of a parameter, eight lanes at a time.
    @inline(__always)
    static func adam(_ parameter: TrainedParameter, row: Int, rate: Float, l2: Float, c1: Float, c2: Float) {
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
}
