import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct IntentClassifierTests {
    typealias Toy = ClassifierToyData

    @Test func learnsSeparableProblem() throws {
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: Toy.options())
        for example in Toy.examples() {
            #expect(Toy.argmax(classifier.probabilities(example.tokens)) == example.label)
        }
        // Fillers never seen in training: the carrier alone decides.
        #expect(Toy.argmax(classifier.probabilities(Toy.tokenizer.tokenize("put on beethoven"))) == 0)
        #expect(Toy.argmax(classifier.probabilities(Toy.tokenizer.tokenize("will it rain in oslo"))) == 1)
        #expect(Toy.argmax(classifier.probabilities(Toy.tokenizer.tokenize("reserve a table at nobu"))) == 2)
    }

    static func variant(_ name: String) -> IntentClassifierOptions {
        var o = Toy.options()
        switch name {
        case "embedding only": o.linearFeatures = .none
        case "linear on all features": o.linearFeatures = .all
        case "linear on all features, per kind": o.linearFeatures = .allPerKind
        case "hidden layer, tanh": o.hiddenLayer = 16; o.activation = .tanh
        case "hidden layer, relu": o.hiddenLayer = 16
        case "SGD": o.optimizer = .sgd; o.learningRate = 0.5
        case "words only, float32": o.charNgrams = nil; o.wordNgrams = 1; o.precision = .float32
        case "dropout and smoothing": o.featureDropout = 0.3; o.labelSmoothing = 0.1
        case "min count 2": o.minCount = 2
        case "word trigrams": o.wordNgrams = 3
        case "per-kind averaging": o.averaging = .perKind
        case "few buckets": o.buckets = 64
        default: Issue.record("unknown variant \(name)")
        }
        return o
    }

    @Test(arguments: ["embedding only", "linear on all features", "linear on all features, per kind", "hidden layer, tanh", "hidden layer, relu",
                      "SGD", "words only, float32", "dropout and smoothing", "min count 2", "word trigrams",
                      "per-kind averaging", "few buckets"])
    func everyVariantLearns(_ name: String) throws {
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: Self.variant(name))
        let wrong = Toy.examples().filter { Toy.argmax(classifier.probabilities($0.tokens)) != $0.label }
        #expect(wrong.isEmpty, "\(name): \(wrong.count) training examples misclassified")
    }

    /// With ``IntentClassifierOptions/minCount`` 2, the features of a word only one training
    /// example says are not stored: that word reads as a word never seen, and fewer rows are
    /// kept. With 1 it is remembered.
    @Test func minCountForgetsFeaturesOfOneExample() throws {
        let once = ClassifierExample(tokens: Toy.tokenizer.tokenize("xylophone"), label: 0, weight: 1)
        let examples = Toy.examples() + [once]
        var options = Toy.options()
        options.buckets = 1 << 22   // no collision between the word's n-grams and the others'
        let all = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        options.minCount = 2
        let pruned = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        #expect(pruned.featureRows < all.featureRows)
        let unseen = Toy.tokenizer.tokenize("qwzv")
        #expect(pruned.probabilities(once.tokens) == pruned.probabilities(unseen))
        #expect(all.probabilities(once.tokens) != all.probabilities(unseen))
    }

    /// A row budget the features exceed drops the rarest ones, a count at a time, as the
    /// smallest minCount whose rows fit would; one they fit in changes nothing.
    @Test func aRowBudgetDropsTheRarestFeaturesOnlyWhenExceeded() throws {
        let examples = Toy.examples() + [ClassifierExample(tokens: Toy.tokenizer.tokenize("xylophone"), label: 0, weight: 1)]
        var options = Toy.options()
        options.buckets = 1 << 22
        let all = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        options.minCount = 2
        let twice = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        options.minCount = 3
        let thrice = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        #expect(thrice.featureRows < twice.featureRows && twice.featureRows < all.featureRows)
        options.minCount = 1
        // The same rows, hence the same training: equal but for the option itself.
        func answersAs(_ other: IntentClassifier, budget: Int) throws -> Bool {
            options.rowBudget = budget
            let capped = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
            return capped.bucketOfRow == other.bucketOfRow
                && examples.allSatisfy { capped.probabilities($0.tokens) == other.probabilities($0.tokens) }
        }
        #expect(try answersAs(all, budget: all.featureRows))
        #expect(try answersAs(twice, budget: all.featureRows - 1))
        #expect(try !answersAs(all, budget: all.featureRows - 1))
        #expect(try answersAs(twice, budget: twice.featureRows))
        #expect(try answersAs(thrice, budget: twice.featureRows - 1))
    }

    @Test func probabilitiesAreADistribution() throws {
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 4, options: Toy.options())
        for text in ["play some jazz", "", "zzz qqq", "café über naïve 東京"] {
            let p = classifier.probabilities(Toy.tokenizer.tokenize(text))
            #expect(p.count == 4)
            #expect(p.allSatisfy { $0 >= 0 && $0 <= 1 && $0.isFinite })
            #expect(abs(p.reduce(0, +) - 1) < 1e-5)
        }
    }

    @Test func trainingIsDeterministicForASeed() throws {
        var options = Toy.options()
        options.hiddenLayer = 8
        options.featureDropout = 0.2
        let a = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        let b = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        #expect(a == b)
        var wa = BinaryWriter(), wb = BinaryWriter()
        a.write(to: &wa)
        b.write(to: &wb)
        #expect(wa.bytes == wb.bytes)
        options.seed += 1
        let c = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        #expect(a != c)
    }

    @Test(arguments: [IntentClassifierOptions.LinearFeatures.words, .allPerKind])
    func batchEqualsSingle(_ linear: IntentClassifierOptions.LinearFeatures) throws {
        for hidden in [nil, 12] as [Int?] {
            var options = Toy.options()
            options.hiddenLayer = hidden
            options.linearFeatures = linear
            let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
            let utterances = Toy.examples().map(\.tokens) + [[], Toy.tokenizer.tokenize("unknown words only")]
            let batch = classifier.probabilities(batch: utterances)
            #expect(batch.count == utterances.count)
            for (tokens, row) in zip(utterances, batch) {
                let single = classifier.probabilities(tokens)
                for (x, y) in zip(single, row) { #expect(abs(x - y) <= 1e-5) }
            }
            #expect(classifier.probabilities(batch: []).isEmpty)
        }
    }

    @Test func nonAllocatingFormMatches() throws {
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: Toy.options())
        let tokens = Toy.tokenizer.tokenize("forecast for tokyo")
        var buffer = [Float](repeating: .nan, count: 3)
        buffer.withUnsafeMutableBufferPointer { classifier.probabilities(tokens, into: $0) }
        #expect(buffer == classifier.probabilities(tokens))
    }

    @Test func concurrentClassificationEqualsSequential() async throws {
        var options = Toy.options()
        options.hiddenLayer = 8
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        let utterances = Toy.examples().map(\.tokens)
        let sequential = utterances.map { classifier.probabilities($0) }
        let concurrent = await withTaskGroup(of: (Int, [[Float]]).self) { group in
            for worker in 0..<8 {
                group.addTask {
                    // Each worker classifies everything, in its own order, many times over.
                    var results = [[Float]](repeating: [], count: utterances.count)
                    for round in 0..<20 {
                        for i in utterances.indices {
                            let j = (i * (worker + 1) + round) % utterances.count
                            results[j] = classifier.probabilities(utterances[j])
                        }
                    }
                    return (worker, results)
                }
            }
            var all: [[[Float]]] = []
            for await (_, results) in group { all.append(results) }
            return all
        }
        #expect(concurrent.count == 8)
        for results in concurrent { #expect(results == sequential) }
    }

    @Test func weightsShiftTheDecision() throws {
        // Two intents share one ambiguous phrase; the heavier one must win it.
        let tokenizer = Toy.tokenizer
        func make(_ heavy: Int) -> [ClassifierExample] {
            [ClassifierExample(tokens: tokenizer.tokenize("open it"), label: 0, weight: heavy == 0 ? 5 : 1),
             ClassifierExample(tokens: tokenizer.tokenize("open it"), label: 1, weight: heavy == 1 ? 5 : 1),
             ClassifierExample(tokens: tokenizer.tokenize("open the door"), label: 0),
             ClassifierExample(tokens: tokenizer.tokenize("open the window"), label: 1)]
        }
        for heavy in 0..<2 {
            let classifier = try IntentClassifier.train(examples: make(heavy), labelCount: 2, options: Toy.options())
            #expect(Toy.argmax(classifier.probabilities(tokenizer.tokenize("open it"))) == heavy)
        }
    }

    @Test func invalidInputIsATypedError() {
        let examples = Toy.examples()
        let firstOfThirdIntent = examples.firstIndex { $0.label == 2 }!
        #expect(throws: IntentClassifierError.labelOutOfRange(example: firstOfThirdIntent, label: 2, labelCount: 2)) {
            _ = try IntentClassifier.train(examples: examples, labelCount: 2, options: Toy.options())
        }
        #expect(throws: IntentClassifierError.noExamples) {
            _ = try IntentClassifier.train(examples: [], labelCount: 2, options: Toy.options())
        }
        #expect(throws: IntentClassifierError.noExamples) {
            _ = try IntentClassifier.train(examples: Toy.examples(weight: { _ in 0 }), labelCount: 3, options: Toy.options())
        }
        var bad = examples
        bad[3].weight = -1
        #expect(throws: IntentClassifierError.invalidWeight(example: 3, weight: -1)) {
            _ = try IntentClassifier.train(examples: bad, labelCount: 3, options: Toy.options())
        }
        var options = Toy.options()
        options.dimension = 0
        #expect(throws: IntentClassifierError.self) {
            _ = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        }
        options = Toy.options()
        options.charNgrams = 0...4
        #expect(throws: IntentClassifierError.self) {
            _ = try IntentClassifier.train(examples: examples, labelCount: 3, options: options)
        }
    }

    @Test func calibrationSoftensAnOverconfidentModel() throws {
        // Training on separable data drives the scores apart; on noisy held-out data (half of
        // the labels shuffled) the fitted temperature must rise above 1 and lower the loss.
        var options = Toy.options()
        options.epochs = 60
        let classifier = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
        var heldOut = Toy.examples()
        for i in heldOut.indices where i % 2 == 0 { heldOut[i].label = (heldOut[i].label + 1) % 3 }
        let calibrated = classifier.calibrated(heldOut: heldOut)
        #expect(calibrated.temperature > 1)
        func loss(_ c: IntentClassifier) -> Float {
            heldOut.map { -log(c.probabilities($0.tokens)[$0.label]) }.reduce(0, +) / Float(heldOut.count)
        }
        #expect(loss(calibrated) < loss(classifier))
        // The ranking does not change.
        for e in heldOut {
            #expect(Toy.argmax(calibrated.probabilities(e.tokens)) == Toy.argmax(classifier.probabilities(e.tokens)))
        }
        #expect(classifier.calibrated(heldOut: []) == classifier)
        var inPlace = classifier
        inPlace.calibrate(heldOut: heldOut)
        #expect(inPlace == calibrated)
    }
}
