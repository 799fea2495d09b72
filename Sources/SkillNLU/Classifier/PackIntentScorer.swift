import Foundation

/// An intent scorer that reads an utterance through a ``LanguagePack``: a softmax regression over
/// the utterance's pack vector, trained on the same generated examples as the
/// ``IntentClassifier``.
///
/// The n-gram classifier knows only the words of the samples; this scorer sees where an
/// utterance lies among the pack's vectors, so a paraphrase in other words ("are you available",
/// "take it off my favorites") still leans towards the intent whose samples mean the same. Its
/// answer joins the classifier's as a weighted geometric mean: the classifier's probabilities
/// times this scorer's raised to ``influence`` × the share of the utterance's words the
/// classifier never saw (``IntentClassifier/unseenWordShare(_:)``), normalised again. In the
/// samples' own words the classifier decides alone; the pack speaks for the words they lack.
public struct PackIntentScorer: Sendable, Equatable {
    /// Number of intents.
    public let labelCount: Int
    /// Length of the pack vectors it reads.
    public let dimension: Int
    /// The exponent of this scorer's probabilities in the mixture.
    public let influence: Float
    /// labelCount × dimension, row-major.
    let weights: [Float]
    let bias: [Float]

    init(labelCount: Int, dimension: Int, influence: Float, weights: [Float], bias: [Float]) {
        self.labelCount = labelCount
        self.dimension = dimension
        self.influence = influence
        self.weights = weights
        self.bias = bias
    }

    /// Trains by stochastic gradient descent on the log loss, each example weighted, in an order
    /// drawn from `seed` (deterministic).
    package static func train(vectors: [[Float]], labels: [Int], exampleWeights: [Float], labelCount: Int,
                      influence: Float, epochs: Int = 10, learningRate: Float = 0.5, seed: UInt64) -> PackIntentScorer {
        let d = vectors.first?.count ?? 0
        var w = [Float](repeating: 0, count: labelCount * d)
        var b = [Float](repeating: 0, count: labelCount)
        var order = Array(vectors.indices)
        var rng = SeededGenerator(seed: seed)
        var p = [Float](repeating: 0, count: labelCount)
        let steps = max(1, epochs * vectors.count)
        var step = 0
        for _ in 0..<epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.index(i + 1)) }
            for n in order {
                let x = vectors[n]
                let rate = learningRate * (1 - Float(step) / Float(steps)) * exampleWeights[n]
                step += 1
                Self.scores(x, w, b, labelCount, d, into: &p)
                Self.softmax(&p)
                p[labels[n]] -= 1
                for j in 0..<labelCount where p[j] != 0 {
                    let g = rate * p[j]
                    b[j] -= g
                    let base = j * d
                    for k in 0..<d { w[base + k] -= g * x[k] }
                }
            }
        }
        return PackIntentScorer(labelCount: labelCount, dimension: d, influence: influence, weights: w, bias: b)
    }

    /// Multiplies `probabilities` by this scorer's probabilities raised to ``influence`` ×
    /// `share` and normalises them again.
    func mix(_ probabilities: inout [Float], vector: [Float], share: Float = 1) {
        let exponent = influence * share
        guard exponent > 0 else { return }
        Self.mix(&probabilities, with: self.probabilities(vector: vector), exponent: exponent)
    }

    /// This scorer's own probability of each intent for `vector`.
    func probabilities(vector: [Float]) -> [Float] {
        var q = [Float](repeating: 0, count: labelCount)
        Self.scores(vector, weights, bias, labelCount, dimension, into: &q)
        Self.softmax(&q)
        return q
    }

    /// Multiplies `probabilities` by `q` raised to `exponent` and normalises them again.
    static func mix(_ probabilities: inout [Float], with q: [Float], exponent: Float) {
        guard exponent > 0 else { return }
        var total: Float = 0
        for j in probabilities.indices {
            probabilities[j] *= Float.maximum(q[j], 1e-30).pow(exponent)
            total += probabilities[j]
        }
        guard total > 0 else { return }
        for j in probabilities.indices { probabilities[j] /= total }
    }

    private static func scores(_ x: [Float], _ w: [Float], _ b: [Float], _ labels: Int, _ d: Int, into out: inout [Float]) {
        for j in 0..<labels {
            var s = b[j]
            let base = j * d
            for k in 0..<d { s += w[base + k] * x[k] }
            out[j] = s
        }
    }

    private static func softmax(_ v: inout [Float]) {
        let m = v.max() ?? 0
        var total: Float = 0
        for j in v.indices { v[j] = (v[j] - m).exp(); total += v[j] }
        for j in v.indices { v[j] /= total }
    }

    // MARK: Model file

    func write(to w: inout BinaryWriter) {
        w.write(labelCount)
        w.write(dimension)
        w.write(influence)
        w.write(weights)
        w.write(bias)
    }

    static func read(from r: inout BinaryReader) throws -> PackIntentScorer {
        r.part = "the language-pack intent scorer"
        let labels = try r.readInt(), d = try r.readInt()
        let influence = try r.readFloat()
        let weights = try r.readFloats(), bias = try r.readFloats()
        guard labels > 0, d > 0, weights.count == labels * d, bias.count == labels, influence.isFinite, influence >= 0 else {
            throw ModelFileError.corrupt("the language-pack intent scorer's sizes")
        }
        try checkWeights([("weights", weights), ("bias", bias)], in: "the language-pack intent scorer")
        return PackIntentScorer(labelCount: labels, dimension: d, influence: influence, weights: weights, bias: bias)
    }
}

private extension Float {
    func exp() -> Float { Float(Foundation.exp(Double(self))) }
    func pow(_ e: Float) -> Float { Float(Foundation.pow(Double(self), Double(e))) }
}
