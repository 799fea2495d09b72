/// Slot precision, recall and F1 as the benchmark data sets define them: per utterance
/// the multiset of (slot name, value) pairs, values lower-cased with white space collapsed,
/// counts summed over the test set.
struct SlotScore {
    var truePositives = 0
    var predicted = 0
    var expected = 0

    static func normalize(_ v: String) -> String {
        v.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Adds one utterance; returns whether the two multisets are equal.
    @discardableResult
    mutating func add(expected gold: [(String, String)], predicted pred: [(String, String)]) -> Bool {
        var bag: [String: Int] = [:]
        for (s, v) in gold { bag[s + "\u{1}" + Self.normalize(v), default: 0] += 1 }
        var tp = 0
        for (s, v) in pred {
            let k = s + "\u{1}" + Self.normalize(v)
            if let c = bag[k], c > 0 { bag[k] = c - 1; tp += 1 }
        }
        truePositives += tp
        predicted += pred.count
        expected += gold.count
        return tp == gold.count && tp == pred.count
    }

    /// Adds the counts of `other`.
    mutating func merge(_ other: SlotScore) {
        truePositives += other.truePositives
        predicted += other.predicted
        expected += other.expected
    }

    var precision: Double { predicted == 0 ? 0 : Double(truePositives) / Double(predicted) }
    var recall: Double { expected == 0 ? 0 : Double(truePositives) / Double(expected) }
    var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}
