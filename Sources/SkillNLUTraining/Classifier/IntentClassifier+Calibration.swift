import Foundation

extension IntentClassifier {
    /// A copy whose softmax temperature minimises the negative log-likelihood of `heldOut`
    /// (temperature scaling, Guo et al. 2017).
    ///
    /// Training drives the scores of seen utterances apart, so raw probabilities are
    /// over-confident; dividing the scores by one fitted temperature keeps the ranking and
    /// makes a probability threshold (the fallback intent's) mean what it says. Fit it on
    /// examples the model did not train on (a held-out part of the generated data, never a
    /// test split). With no usable example the temperature stays as it is.
    public func calibrated(heldOut: [ClassifierExample]) -> IntentClassifier {
        let examples = heldOut.filter { $0.weight > 0 && (0..<labelCount).contains($0.label) }
        guard !examples.isEmpty else { return self }
        let logits = logits(batch: examples.map(\.tokens))
        let l = labelCount
        // Weighted mean negative log-likelihood at temperature t.
        func loss(_ t: Double) -> Double {
            var total = 0.0, weights = 0.0
            for (i, e) in examples.enumerated() {
                let row = logits[i * l..<(i + 1) * l]
                let m = Double(row.max() ?? 0)
                var sum = 0.0
                for z in row { sum += Foundation.exp((Double(z) - m) / t) }
                let nll = Foundation.log(sum) - (Double(row[row.startIndex + e.label]) - m) / t
                total += Double(e.weight) * nll
                weights += Double(e.weight)
            }
            return total / weights
        }
        // Golden-section search over log t in [log 0.05, log 20]; the loss is unimodal in t.
        var lo = Foundation.log(0.05), hi = Foundation.log(20.0)
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo)
        var fa = loss(Foundation.exp(a)), fb = loss(Foundation.exp(b))
        for _ in 0..<60 {
            if fa < fb {
                hi = b; b = a; fb = fa
                a = hi - ratio * (hi - lo); fa = loss(Foundation.exp(a))
            } else {
                lo = a; a = b; fa = fb
                b = lo + ratio * (hi - lo); fb = loss(Foundation.exp(b))
            }
        }
        var copy = self
        copy.temperature = Float(Foundation.exp((lo + hi) / 2))
        return copy
    }

    /// Fits the softmax temperature on `heldOut` in place; see ``calibrated(heldOut:)``.
    public mutating func calibrate(heldOut: [ClassifierExample]) {
        self = calibrated(heldOut: heldOut)
    }
}
