#if canImport(CBLAS)
import BuiltInValues
import CBLAS
import Foundation
import Testing
@testable import SkillNLU

/// The output layer of a classifier of many intents: multiplied on the calling thread, in a
/// split that does not depend on how many threads BLAS may use, so a model answers alike on
/// every machine (and never waits for a BLAS worker thread).
@Suite(.serialized) struct IntentClassifierOutputProductTests {
    /// A merged classifier's shape (151 intents over three members of 32 dimensions), with
    /// weights drawn from a fixed seed.
    static func classifier() -> IntentClassifier {
        var options = IntentClassifierOptions()
        options.dimension = 96
        options.buckets = 1 << 12
        options.linearFeatures = .none
        options.precision = .float32
        let labels = 151, rows = 1 << 12
        var rng = SplitMix(seed: 7)
        let embedding = (0..<rows * options.dimension).map { _ in rng.uniform() }
        let output = (0..<labels * options.dimension).map { _ in rng.uniform() }
        let bias = (0..<labels).map { _ in rng.uniform() }
        return IntentClassifier(labelCount: labels, options: options, temperature: 1, bucketOfRow: (0..<Int32(rows)).map { $0 },
                                linearRows: 0, embedding: embedding, linear: [], hiddenWeights: [], hiddenBias: [],
                                outputWeights: output, outputBias: bias)
    }

    @Test func scoresDoNotDependOnHowManyThreadsBLASHas() {
        let classifier = Self.classifier()
        let texts = ["what is my balance", "book a table for two tonight", "how do i say hello in french",
                     "set an alarm for seven", "tell me a joke about cats", "what's the weather in paris tomorrow"]
        let tokenizer = Tokenizer(locale: "en-US")
        let before = openblas_get_num_threads()
        defer { openblas_set_num_threads(before) }
        openblas_set_num_threads(1)
        let one = texts.map { classifier.logits(tokenizer.tokenize($0)).map(\.bitPattern) }
        openblas_set_num_threads(2)
        let two = texts.map { classifier.logits(tokenizer.tokenize($0)).map(\.bitPattern) }
        openblas_set_num_threads(4)
        let four = texts.map { classifier.logits(tokenizer.tokenize($0)).map(\.bitPattern) }
        #expect(one == two)
        #expect(one == four)
    }

    @Test func aSmallLayerIsOneProductAsBefore() {
        // Below the limit the layer is one call, as it always was: the same bits as BLAS's own.
        var rng = SplitMix(seed: 3)
        let rows = 7, cols = 16
        let w = (0..<rows * cols).map { _ in rng.uniform() }, x = (0..<cols).map { _ in rng.uniform() }
        var viaClassifier = [Float](repeating: 0.5, count: rows), direct = viaClassifier
        IntentClassifier.outputProduct(rows: rows, cols: cols, weights: w, x: x, into: &viaClassifier)
        BLAS.gemv(rows: rows, cols: cols, a: w, lda: cols, x: x, beta: 1, y: &direct)
        #expect(viaClassifier.map(\.bitPattern) == direct.map(\.bitPattern))
    }
}

/// A small seeded generator of floats in -1..<1.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform() -> Float { Float(next() >> 40) / Float(1 << 24) * 2 - 1 }
}
#endif
