import Foundation

/// Settings of the slot tagger's training.
public struct SlotTaggerOptions: Sendable, Codable, Equatable {
    /// Passes over the training data.
    public var epochs: Int = 10
    /// Initial SGD step; it decays as 1 / (1 + epoch).
    public var learningRate: Float = 0.1
    /// L2 regularisation per example.
    public var l2: Float = 1e-5
    /// Weights smaller than this are dropped when training ends (smaller file, same answers).
    public var pruneBelow: Float = 1e-3
    public var seed: UInt64 = 7

    public init() {}
}

/// One decoded label sequence.
public struct TaggerDecoding: Sendable {
    /// A ``SlotLabels`` id per token.
    public var labels: [Int32]
    /// log P(labels | tokens, intent) under the CRF.
    public var logProbability: Double
    /// The marginal probability of each token's label.
    public var confidence: [Float]
}

/// A linear-chain conditional random field over BIO slot labels.
///
/// Trained by stochastic gradient descent on the generated data; decoded by Viterbi over the
/// labels of the chosen intent's slots only (a BookHotel utterance can never get a `song`).
/// Weights exist only for (attribute, label) pairs seen in training, as in CRFsuite, which
/// keeps the model small: a SNIPS-sized tagger is a few hundred thousand floats.
public struct SlotTagger: Sendable {
    public let labelCount: Int
    private let attributeIndex: [UInt64: Int32]
    private let rowStart: [Int32]
    private let rowLabel: [Int32]
    private let weights: [Float]
    private let transitions: [Float]
    private let startScores: [Float]

    /// The number of stored (attribute, label) weights.
    public var weightCount: Int { weights.count }

    // MARK: Training

    /// Trains a tagger.
    /// - Parameters:
    ///   - examples: tokens with gold labels.
    ///   - spans: typed spans per example (gazetteer and built-in finds, after any dropout).
    ///   - allowedLabels: per intent, the labels its utterances may take (0 first).
    ///   - intentKeys: per intent, a stable hash of its name.
    public static func train(examples: [TrainingExample], spans: [[TypedSpan]], allowedLabels: [[Int32]],
                             intentKeys: [UInt64], labelCount: Int, options: SlotTaggerOptions = .init(),
                             progress: ((Int, Double) -> Void)? = nil) -> SlotTagger {
        let L = labelCount
        // 1. Attributes of every token, and the (attribute, label) pairs seen.
        var attrIds: [UInt64: Int32] = [:]
        var exOffsets: [[Int32]] = []
        var exAttrs: [[Int32]] = []
        exOffsets.reserveCapacity(examples.count)
        exAttrs.reserveCapacity(examples.count)
        var pairSet = Set<Int64>()
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        for (e, ex) in examples.enumerated() {
            TaggerFeatures.extract(tokens: ex.tokens, intentKey: intentKeys[ex.intent], spans: spans[e],
                                   offsets: &offsets, out: &hashes)
            var ids = [Int32](repeating: 0, count: hashes.count)
            for t in 0..<ex.tokens.count {
                let y = Int64(ex.labels[t])
                for j in Int(offsets[t])..<Int(offsets[t + 1]) {
                    let h = hashes[j]
                    let id: Int32
                    if let known = attrIds[h] { id = known } else { id = Int32(attrIds.count); attrIds[h] = id }
                    ids[j] = id
                    pairSet.insert(Int64(id) * Int64(L) + y)
                }
            }
            exOffsets.append(offsets)
            exAttrs.append(ids)
        }
        let A = attrIds.count
        var rowStart = [Int32](repeating: 0, count: A + 1)
        for p in pairSet { rowStart[Int(p / Int64(L)) + 1] += 1 }
        for a in 0..<A { rowStart[a + 1] += rowStart[a] }
        var rowLabel = [Int32](repeating: 0, count: pairSet.count)
        var fill = rowStart
        for p in pairSet.sorted() {
            let a = Int(p / Int64(L))
            rowLabel[Int(fill[a])] = Int32(p % Int64(L))
            fill[a] += 1
        }
        var w = [Float](repeating: 0, count: pairSet.count)
        var trans = [Float](repeating: 0, count: L * L)
        var start = [Float](repeating: 0, count: L)

        // 2. SGD with L2 through a global scale (weights are scale * w).
        var rng = SeededGenerator(seed: options.seed)
        var order = Array(0..<examples.count)
        var scale: Float = 1
        var scratch = CRFScratch()
        var localOf = [Int32](repeating: -1, count: L)
        for epoch in 0..<options.epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.index(i + 1)) }
            let lr = options.learningRate / (1 + Float(epoch))
            var loss = 0.0
            for e in order {
                let ex = examples[e]
                let T = ex.tokens.count
                guard T > 0 else { continue }
                let allowed = allowedLabels[ex.intent]
                let K = allowed.count
                for (k, l) in allowed.enumerated() { localOf[Int(l)] = Int32(k) }
                defer { for l in allowed { localOf[Int(l)] = -1 } }
                scratch.prepare(T: T, K: K)
                // Emissions.
                let offs = exOffsets[e], ids = exAttrs[e]
                for t in 0..<T {
                    for j in Int(offs[t])..<Int(offs[t + 1]) {
                        let a = Int(ids[j])
                        for r in Int(rowStart[a])..<Int(rowStart[a + 1]) {
                            let k = localOf[Int(rowLabel[r])]
                            if k >= 0 { scratch.emission[t * K + Int(k)] += w[r] * scale }
                        }
                    }
                }
                scratch.loadTransitions(allowed: allowed, L: L, transitions: trans, start: start)
                let logZ = scratch.forwardBackward(T: T, K: K)
                // Gold score for the loss.
                var gold = Double(start[Int(ex.labels[0])]) + Double(scratch.emission[Int(localOf[Int(ex.labels[0])])])
                for t in 1..<max(T, 1) {
                    let yp = Int(ex.labels[t - 1]), y = Int(ex.labels[t])
                    gold += Double(trans[yp * L + y]) + Double(scratch.emission[t * K + Int(localOf[y])])
                }
                loss += (logZ - gold) * Double(ex.weight)
                // Gradient: observed minus expected.
                let step = lr * ex.weight
                for t in 0..<T {
                    let yk = Int(localOf[Int(ex.labels[t])])
                    for j in Int(offs[t])..<Int(offs[t + 1]) {
                        let a = Int(ids[j])
                        for r in Int(rowStart[a])..<Int(rowStart[a + 1]) {
                            let k = Int(localOf[Int(rowLabel[r])])
                            if k < 0 { continue }
                            let g = (k == yk ? 1 : 0) - scratch.marginal[t * K + k]
                            if g != 0 { w[r] += step * g / scale }
                        }
                    }
                }
                for k in 0..<K {
                    let l = Int(allowed[k])
                    let g = (Int(localOf[Int(ex.labels[0])]) == k ? 1 : 0) - scratch.marginal[k]
                    start[l] += step * g
                }
                for t in 1..<max(T, 1) {
                    let yp = Int(localOf[Int(ex.labels[t - 1])]), y = Int(localOf[Int(ex.labels[t])])
                    for kp in 0..<K {
                        for k in 0..<K where scratch.validTransition[kp * K + k] {
                            let p = scratch.pairMarginal(t: t, from: kp, to: k, K: K)
                            let g = (kp == yp && k == y ? 1 : 0) - p
                            trans[Int(allowed[kp]) * L + Int(allowed[k])] += step * g
                        }
                    }
                }
                scale *= (1 - lr * options.l2)
                if scale < 1e-6 {
                    for r in 0..<w.count { w[r] *= scale }
                    scale = 1
                }
            }
            progress?(epoch + 1, loss / Double(max(1, examples.count)))
        }
        for r in 0..<w.count { w[r] *= scale }

        // 3. Prune near-zero weights and attributes left with none.
        var keptIndex: [UInt64: Int32] = [:]
        var newStart: [Int32] = [0]
        var newLabel: [Int32] = []
        var newW: [Float] = []
        let idToHash = attrIds.sorted { $0.value < $1.value }.map(\.key)
        for a in 0..<A {
            let before = newW.count
            for r in Int(rowStart[a])..<Int(rowStart[a + 1]) where abs(w[r]) >= options.pruneBelow {
                newLabel.append(rowLabel[r])
                newW.append(w[r])
            }
            if newW.count > before {
                keptIndex[idToHash[a]] = Int32(newStart.count - 1)
                newStart.append(Int32(newW.count))
            }
        }
        return SlotTagger(labelCount: L, attributeIndex: keptIndex, rowStart: newStart, rowLabel: newLabel,
                          weights: newW, transitions: trans, startScores: start)
    }

    private init(labelCount: Int, attributeIndex: [UInt64: Int32], rowStart: [Int32], rowLabel: [Int32],
                 weights: [Float], transitions: [Float], startScores: [Float]) {
        self.labelCount = labelCount
        self.attributeIndex = attributeIndex
        self.rowStart = rowStart
        self.rowLabel = rowLabel
        self.weights = weights
        self.transitions = transitions
        self.startScores = startScores
    }

    // MARK: Decoding

    /// The best labels for `tokens` among `allowed` (0 and the intent's slots' labels).
    public func decode(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, allowed: [Int32],
                       withConfidence: Bool = true) -> TaggerDecoding {
        let T = tokens.count
        guard T > 0 else { return TaggerDecoding(labels: [], logProbability: 0, confidence: []) }
        let K = allowed.count
        let L = labelCount
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        offsets.reserveCapacity(T + 1)
        hashes.reserveCapacity(T * 24)
        TaggerFeatures.extract(tokens: tokens, intentKey: intentKey, spans: spans, offsets: &offsets, out: &hashes)
        var scratch = CRFScratch()
        scratch.prepare(T: T, K: K)
        var localOf = [Int32](repeating: -1, count: L)
        for (k, l) in allowed.enumerated() where Int(l) < L { localOf[Int(l)] = Int32(k) }
        for t in 0..<T {
            for j in Int(offsets[t])..<Int(offsets[t + 1]) {
                guard let a = attributeIndex[hashes[j]] else { continue }
                for r in Int(rowStart[Int(a)])..<Int(rowStart[Int(a) + 1]) {
                    let k = localOf[Int(rowLabel[r])]
                    if k >= 0 { scratch.emission[t * K + Int(k)] += weights[r] }
                }
            }
        }
        scratch.loadTransitions(allowed: allowed, L: L, transitions: transitions, start: startScores)
        // Viterbi.
        var score = [Float](repeating: -.infinity, count: T * K)
        var back = [Int32](repeating: 0, count: T * K)
        for k in 0..<K { score[k] = scratch.startLocal[k] + scratch.emission[k] }
        for t in 1..<T {
            for k in 0..<K {
                var best: Float = -.infinity
                var arg: Int32 = 0
                for kp in 0..<K where scratch.validTransition[kp * K + k] {
                    let s = score[(t - 1) * K + kp] + scratch.transLocal[kp * K + k]
                    if s > best { best = s; arg = Int32(kp) }
                }
                score[t * K + k] = best + scratch.emission[t * K + k]
                back[t * K + k] = arg
            }
        }
        var bestK = 0
        for k in 1..<K where score[(T - 1) * K + k] > score[(T - 1) * K + bestK] { bestK = k }
        var path = [Int32](repeating: 0, count: T)
        var k = bestK
        for t in stride(from: T - 1, through: 0, by: -1) {
            path[t] = Int32(k)
            k = Int(back[t * K + k])
        }
        let bestScore = Double(score[(T - 1) * K + bestK])
        var confidence: [Float] = []
        var logP = 0.0
        if withConfidence {
            let logZ = scratch.forwardBackward(T: T, K: K)
            logP = bestScore - logZ
            confidence = (0..<T).map { scratch.marginal[$0 * K + Int(path[$0])] }
        }
        return TaggerDecoding(labels: path.map { allowed[Int($0)] }, logProbability: logP, confidence: confidence)
    }

    // MARK: Persistence

    public func write(to w: inout BinaryWriter) {
        w.write(labelCount)
        let sorted = attributeIndex.sorted { $0.value < $1.value }
        w.write(sorted.count)
        for (h, _) in sorted { w.write(h) }
        w.write(rowStart)
        w.write(rowLabel)
        w.write(weights)
        w.write(transitions)
        w.write(startScores)
    }

    public init(reading r: inout BinaryReader) throws {
        r.part = "the slot tagger"
        let L = try r.readInt()
        guard L >= 1, L < 1 << 20 else { throw ModelFileError.corrupt("slot tagger label count \(L)") }
        let A = try r.readCount(minimumBytesEach: 8)
        var index: [UInt64: Int32] = [:]
        index.reserveCapacity(A)
        for a in 0..<A { index[try r.readUInt64()] = Int32(a) }
        let rowStart = try r.readInt32s()
        let rowLabel = try r.readInt32s()
        let weights = try r.readFloats()
        let transitions = try r.readFloats()
        let start = try r.readFloats()
        guard rowStart.count == A + 1, rowStart.first == 0, Int(rowStart.last ?? -1) == weights.count,
              rowLabel.count == weights.count, transitions.count == L * L, start.count == L,
              zip(rowStart, rowStart.dropFirst()).allSatisfy({ $0 <= $1 }),
              rowLabel.allSatisfy({ $0 >= 0 && Int($0) < L }) else {
            throw ModelFileError.corrupt("slot tagger tables do not fit together")
        }
        try checkWeights([("weights", weights), ("transitions", transitions), ("start scores", start)],
                         in: "the slot tagger")
        self.init(labelCount: L, attributeIndex: index, rowStart: rowStart, rowLabel: rowLabel,
                  weights: weights, transitions: transitions, startScores: start)
    }
}

/// Working memory of one forward-backward or Viterbi pass over a sentence.
struct CRFScratch {
    var emission: [Float] = []
    var expEmission: [Float] = []
    var transLocal: [Float] = []
    var expTrans: [Float] = []
    var validTransition: [Bool] = []
    var startLocal: [Float] = []
    var alpha: [Float] = []
    var beta: [Float] = []
    var norm: [Float] = []
    var marginal: [Float] = []

    /// Sizes the buffers for a sentence of `T` tokens over `K` labels, reusing their storage.
    mutating func prepare(T: Int, K: Int) {
        Self.reset(&emission, T * K)
        Self.reset(&marginal, T * K)
    }

    @inline(__always)
    static func reset(_ a: inout [Float], _ n: Int, to value: Float = 0) {
        if a.count == n {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            a = [Float](repeating: value, count: n)
        }
    }

    /// Copies the allowed labels' transitions, with BIO constraints: `I-x` only after `B-x` or
    /// `I-x`, never first.
    mutating func loadTransitions(allowed: [Int32], L: Int, transitions: [Float], start: [Float]) {
        let K = allowed.count
        Self.reset(&transLocal, K * K)
        if validTransition.count != K * K { validTransition = [Bool](repeating: false, count: K * K) }
        Self.reset(&startLocal, K, to: -.infinity)
        for (k, l) in allowed.enumerated() {
            let isInside = l > 0 && l % 2 == 0
            if !isInside { startLocal[k] = start[Int(l)] }
            for (kp, lp) in allowed.enumerated() {
                let ok = !isInside || lp == l || lp == l - 1
                validTransition[kp * K + k] = ok
                if ok { transLocal[kp * K + k] = transitions[Int(lp) * L + Int(l)] }
            }
        }
    }

    /// Fills `marginal` and returns log Z.
    mutating func forwardBackward(T: Int, K: Int) -> Double {
        Self.reset(&expEmission, T * K)
        var logOffset = 0.0
        for t in 0..<T {
            var m: Float = -.infinity
            for k in 0..<K { m = max(m, emission[t * K + k]) }
            for k in 0..<K { expEmission[t * K + k] = expf(emission[t * K + k] - m) }
            logOffset += Double(m)
        }
        Self.reset(&expTrans, K * K)
        var tmax: Float = -.infinity
        for i in 0..<(K * K) where validTransition[i] { tmax = max(tmax, transLocal[i]) }
        if tmax == -.infinity { tmax = 0 }
        for i in 0..<(K * K) where validTransition[i] { expTrans[i] = expf(transLocal[i] - tmax) }
        var smax: Float = -.infinity
        for k in 0..<K { smax = max(smax, startLocal[k]) }
        Self.reset(&alpha, T * K)
        Self.reset(&beta, T * K)
        Self.reset(&norm, T, to: 1)
        var c: Float = 0
        for k in 0..<K {
            let v = startLocal[k] == -.infinity ? 0 : expf(startLocal[k] - smax) * expEmission[k]
            alpha[k] = v
            c += v
        }
        c = max(c, .leastNormalMagnitude)
        norm[0] = c
        for k in 0..<K { alpha[k] /= c }
        var logZ = Double(smax) + log(Double(c))
        for t in 1..<max(T, 1) {
            c = 0
            for k in 0..<K {
                var s: Float = 0
                for kp in 0..<K { s += alpha[(t - 1) * K + kp] * expTrans[kp * K + k] }
                let v = s * expEmission[t * K + k]
                alpha[t * K + k] = v
                c += v
            }
            c = max(c, .leastNormalMagnitude)
            norm[t] = c
            for k in 0..<K { alpha[t * K + k] /= c }
            logZ += log(Double(c)) + Double(tmax)
        }
        for k in 0..<K { beta[(T - 1) * K + k] = 1 }
        if T >= 2 {
            for t in stride(from: T - 2, through: 0, by: -1) {
                for k in 0..<K {
                    var s: Float = 0
                    for kn in 0..<K { s += expTrans[k * K + kn] * expEmission[(t + 1) * K + kn] * beta[(t + 1) * K + kn] }
                    beta[t * K + k] = s / norm[t + 1]
                }
            }
        }
        for i in 0..<(T * K) { marginal[i] = alpha[i] * beta[i] }
        return logZ + logOffset
    }

    /// P(label at t-1 = from, label at t = to).
    @inline(__always)
    func pairMarginal(t: Int, from kp: Int, to k: Int, K: Int) -> Float {
        alpha[(t - 1) * K + kp] * expTrans[kp * K + k] * expEmission[t * K + k] * beta[t * K + k] / norm[t]
    }
}
