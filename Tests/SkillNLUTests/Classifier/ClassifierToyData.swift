@testable import SkillNLU
import BuiltInValues

/// A small three-intent problem: each intent has its own carrier phrases, and the filler
/// words (drawn from one shared pool) carry no information, so a model has to learn the
/// carriers.
enum ClassifierToyData {
    static let tokenizer = Tokenizer(locale: "en-US")

    static let carriers: [[String]] = [
        ["play some", "put on", "i want to hear"],
        ["what is the weather in", "will it rain in", "forecast for"],
        ["book a table at", "reserve a table at", "get me a table in"],
    ]
    static let fillers = ["paris", "jazz", "the blue room", "london", "madonna", "tokyo", "rock", "chez marie"]

    /// Every carrier with every filler, labels by carrier group.
    static func examples(weight: (Int) -> Float = { _ in 1 }) -> [ClassifierExample] {
        var out: [ClassifierExample] = []
        for (label, group) in carriers.enumerated() {
            for carrier in group {
                for filler in fillers {
                    out.append(ClassifierExample(tokens: tokenizer.tokenize("\(carrier) \(filler)"), label: label,
                                                 weight: weight(label)))
                }
            }
        }
        return out
    }

    /// Options small enough for a test to train in milliseconds.
    static func options(seed: UInt64 = 7) -> IntentClassifierOptions {
        var o = IntentClassifierOptions()
        o.buckets = 1 << 14
        o.dimension = 8
        o.epochs = 30
        o.batchSize = 8
        o.learningRate = 0.05
        o.seed = seed
        return o
    }

    static func argmax(_ p: [Float]) -> Int { p.indices.max { p[$0] < p[$1] }! }
}
