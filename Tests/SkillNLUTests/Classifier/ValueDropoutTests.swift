import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// ``IntentClassifierOptions/valueDropout``: training that sometimes hides an example's slot
/// values must leave the carrier phrase to name the intent.
@Suite struct ValueDropoutTests {
    typealias Toy = ClassifierToyData

    /// Two intents whose carriers differ by one word and whose values come from two lists of
    /// long names: the values alone would tell the intents apart.
    static func examples(marked: Bool) -> [ClassifierExample] {
        let tokenizer = Toy.tokenizer
        let lists = [["red river valley road", "old mill creek lane", "north harbour view way"],
                     ["blue summer night song", "slow winter morning tune", "bright autumn evening air"]]
        let carriers = [("drive to", 0), ("sing", 1)]
        var out: [ClassifierExample] = []
        for (carrier, label) in carriers {
            for value in lists[label] {
                let head = tokenizer.tokenize(carrier), tail = tokenizer.tokenize(value)
                let tokens = tokenizer.tokenize(carrier + " " + value)
                let marks = marked ? Array(repeating: false, count: head.count) + Array(repeating: true, count: tail.count) : []
                out.append(ClassifierExample(tokens: tokens, label: label, slotValueTokens: marks))
            }
        }
        return out
    }

    static func options(valueDropout: Float?) -> IntentClassifierOptions {
        var o = Toy.options()
        o.epochs = 40
        o.valueDropout = valueDropout
        return o
    }

    @Test func hiddenValuesLeaveTheCarrierToDecide() throws {
        // "sing" with the first intent's kind of value: its four words lean to "drive to".
        let probe = Toy.tokenizer.tokenize("sing old harbour creek road")
        let without = try IntentClassifier.train(examples: Self.examples(marked: true), labelCount: 2,
                                                 options: Self.options(valueDropout: nil))
        let half = try IntentClassifier.train(examples: Self.examples(marked: true), labelCount: 2,
                                              options: Self.options(valueDropout: 0.5))
        let always = try IntentClassifier.train(examples: Self.examples(marked: true), labelCount: 2,
                                                options: Self.options(valueDropout: 1))
        #expect(Toy.argmax(without.probabilities(probe)) == 0)
        #expect(half.probabilities(probe)[1] > without.probabilities(probe)[1] + 0.05)
        #expect(Toy.argmax(always.probabilities(probe)) == 1)
        // The training utterances themselves are still learnt.
        for example in Self.examples(marked: true) {
            #expect(Toy.argmax(half.probabilities(example.tokens)) == example.label)
            #expect(Toy.argmax(always.probabilities(example.tokens)) == example.label)
        }
    }

    @Test func examplesWithoutMarksTrainAsBefore() throws {
        let plain = try IntentClassifier.train(examples: Self.examples(marked: false), labelCount: 2,
                                               options: Self.options(valueDropout: nil))
        let dropped = try IntentClassifier.train(examples: Self.examples(marked: false), labelCount: 2,
                                                 options: Self.options(valueDropout: 0.5))
        #expect(plain.embedding == dropped.embedding && plain.linear == dropped.linear
                && plain.outputWeights == dropped.outputWeights)
    }

    @Test func outOfRangeIsATypedError() {
        #expect(throws: IntentClassifierError.self) {
            _ = try IntentClassifier.train(examples: Self.examples(marked: true), labelCount: 2,
                                           options: Self.options(valueDropout: 1.5))
        }
    }
}
