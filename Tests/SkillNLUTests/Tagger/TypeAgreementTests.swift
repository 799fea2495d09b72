import BuiltInValues
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct TypeAgreementTests {
    let drinkType = StableHash.hash("DrinkType")
    let cityType = StableHash.hash("CityType")
    /// Slot 0 (labels 1, 2) of a closed list, slot 1 (labels 3, 4) of an open one.
    var slots: [SlotTypeKey] {
        [SlotTypeKey(begin: 1, typeKey: drinkType, group: .closedList),
         SlotTypeKey(begin: 3, typeKey: cityType, group: .openList)]
    }

    func triples(_ spans: [TypedSpan], tokens: Int = 5) -> Set<[Int32]> {
        var out: [Int32] = []
        TypeAgreement.hits(spans: spans, tokenCount: tokens, slots: slots, into: &out)
        #expect(out.count % 3 == 0)
        return Set(stride(from: 0, to: out.count, by: 3).map { Array(out[$0..<$0 + 3]) })
    }

    @Test func aSpanOfTheSlotsOwnTypeScoresItsBeginAndInsideLabels() {
        // A two-token drink (closed list, longer than one token: features 4..<8).
        #expect(triples([TypedSpan(start: 1, end: 3, typeKey: drinkType)]) == [
            [1, 1, 4], [1, 2, 6],   // first token: begin agrees, inside disagrees
            [2, 2, 5], [2, 1, 7],   // later token: inside agrees, begin disagrees
        ])
        // A one-token city (open list, one token: features 8..<12).
        #expect(triples([TypedSpan(start: 0, end: 1, typeKey: cityType)]) == [[0, 3, 8], [0, 4, 10]])
    }

    @Test func spansOfOtherTypesOrOutsideTheTokensScoreNothing() {
        #expect(triples([TypedSpan(start: 0, end: 2, typeKey: StableHash.hash("SizeType"))]).isEmpty)
        #expect(triples([TypedSpan(start: 4, end: 6, typeKey: drinkType)]).isEmpty)
        var out: [Int32] = [9]
        TypeAgreement.hits(spans: [TypedSpan(start: 0, end: 1, typeKey: drinkType)], tokenCount: 3, slots: [], into: &out)
        #expect(out.isEmpty)
    }

    /// Two intents share no slot, and the second sees a drink span on its slot only rarely:
    /// the shared weights, learnt mostly from the first, still say a drink span begins a drink.
    @Test func trainingLearnsToTrustASpanOfTheSlotsOwnType() {
        let tokenizer = Tokenizer(locale: "en-US")
        var examples: [TrainingExample] = []
        var spans: [[TypedSpan]] = []
        let drinks = ["latte", "mocha", "flat white", "cold brew", "tea"]
        for (n, drink) in drinks.enumerated() {
            for carrier in ["a %@ please", "i want a %@", "one %@"] {
                let text = carrier.replacingOccurrences(of: "%@", with: drink)
                let tokens = tokenizer.tokenize(text)
                let words = tokens.map(\.normalized)
                let first = words.firstIndex(of: drink.split(separator: " ").first.map(String.init)!)!
                let length = drink.split(separator: " ").count
                var labels = [Int32](repeating: 0, count: tokens.count)
                labels[first] = 1
                for i in first + 1..<first + length { labels[i] = 2 }
                examples.append(TrainingExample(tokens: tokens, intent: n % 2, labels: labels, weight: 1, text: text))
                // Half the spans are missing, as with the trainer's half lists.
                spans.append(n % 2 == 0 ? [TypedSpan(start: first, end: first + length, typeKey: drinkType)] : [])
            }
        }
        let allowed: [[Int32]] = [[0, 1, 2], [0, 1, 2]]
        let keys = [StableHash.hash("Order"), StableHash.hash("Reorder")]
        let types = [[SlotTypeKey(begin: 1, typeKey: drinkType, group: .closedList)],
                     [SlotTypeKey(begin: 1, typeKey: drinkType, group: .closedList)]]
        var options = SlotTaggerOptions()
        options.typeAgreement = true
        let tagger = SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                      labelCount: 3, options: options, slotTypes: types)
        #expect(tagger.usesTypeAgreement)
        #expect(tagger.agreementWeights.count == TypeAgreement.count)
        #expect(tagger.agreementWeights[0] > 0)   // one-token span, begin label at its start
        #expect(tagger.agreementWeights[4] > 0)   // longer span, begin label at its start
        #expect(tagger.agreementWeights[5] > 0)   // longer span, inside label after its start
        options.typeAgreement = false
        let without = SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                       labelCount: 3, options: options, slotTypes: types)
        #expect(!without.usesTypeAgreement)
        #expect(SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                 labelCount: 3).usesTypeAgreement == false)
    }
}
