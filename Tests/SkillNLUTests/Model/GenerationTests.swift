import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct GenerationTests {
    let schema = SkillSchema(model: Fixtures.coffee, tokenizer: Tokenizer())

    @Test func templatesSplitIntoTextAndSlots() {
        let t = SampleTemplate.lenient("add {song} to my {playlist} playlist")
        #expect(t.slotNames == ["song", "playlist"])
        #expect(SampleTemplate.lenient("a {broken sample").parts == [.text("a {broken sample")])
        #expect(t.canonicalText == "add {song} to my {playlist} playlist")
    }

    @Test func generatedSpansPointAtTheirValues() {
        let gen = TrainingDataGenerator(schema: schema)
        let data = gen.generate()
        #expect(!data.isEmpty)
        for u in data {
            let scalars = Array(u.text.unicodeScalars)
            for s in u.slots {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[s.start..<s.end])
                #expect(String(view) == s.value)
            }
        }
    }

    @Test func aRareSlotGetsMoreFillingsForTheTagger() throws {
        var options = GenerationOptions()
        options.minimumPerIntent = 0
        options.fillingsPerSample = 1
        options.minimumPerSlot = 0
        let plain = TrainingDataGenerator(schema: schema, options: options)
        let generated = plain.generate()
        #expect(plain.slotSupplement(for: generated).isEmpty, "off at 0")
        // With one filling a sample, `size` is in the 7 samples that name it.
        let sized = generated.filter { $0.intent == "OrderDrink" && $0.slots.contains { $0.slot == "size" } }
        #expect(sized.count < 20)
        options.minimumPerSlot = 20
        let generator = TrainingDataGenerator(schema: schema, options: options)
        #expect(generator.generate() == generated, "the classifier's data does not change")
        let supplement = generator.slotSupplement(for: generated)
        let moreSized = supplement.filter { $0.slots.contains { $0.slot == "size" } }
        #expect(sized.count + moreSized.count >= 20)
        #expect(supplement.allSatisfy { $0.intent == "OrderDrink" })
        #expect(Set(supplement.map(\.text)).isDisjoint(with: generated.map(\.text)), "nothing said twice")
        #expect(Set(supplement.map(\.text)).count == supplement.count)
        #expect(generator.slotSupplement(for: generated) == supplement, "deterministic")
    }

    @Test func aMultipleValueSlotIsSometimesFilledWithAList() throws {
        let pizza = Fixtures.pizzaShopModel.schema
        let data = TrainingDataGenerator(schema: pizza).generate()
        let withToppings = data.filter { $0.slots.contains { $0.slot == "toppings" } }
        let lists = withToppings.filter { $0.slots.filter { $0.slot == "toppings" }.count > 1 }
        let share = Double(lists.count) / Double(withToppings.count)
        #expect(share > 0.15 && share < 0.45, "about listShare (0.3) of the fillings: \(share)")
        #expect(Set(lists.map { $0.slots.filter { $0.slot == "toppings" }.count }) == [2, 3, 4])
        for u in lists {
            let scalars = Array(u.text.unicodeScalars)
            let items = u.slots.filter { $0.slot == "toppings" }
            #expect(Set(items.map(\.value)).count == items.count, "different values: \(u.text)")
            for (a, b) in zip(items, items.dropFirst()) {
                var gap = String.UnicodeScalarView()
                gap.append(contentsOf: scalars[a.end..<b.start])
                #expect([", ", " and ", ", and ", " "].contains(String(gap)), "\(u.text)")
            }
        }
        var options = GenerationOptions()
        options.listShare = 0
        let none = TrainingDataGenerator(schema: pizza, options: options).generate()
        #expect(none.allSatisfy { $0.slots.filter { $0.slot == "toppings" }.count < 2 })
        // Without a multiple-value slot the share draws nothing: the same data either way.
        let coffee = TrainingDataGenerator(schema: schema, options: options).generate()
        #expect(coffee == TrainingDataGenerator(schema: schema).generate())
    }

    @Test func optionsStoredByAnOlderVersionDecodeWithDefaults() throws {
        // What a model file written before `minimumPerSlot` (and with a tagger section that
        // lacks `pruneBelow`) stores.
        let stored = #"{"seed": 3, "generation": {"seed": 1, "fillingsPerSample": 4, "minimumPerIntent": 2000,"#
            + #" "maximumPerIntent": 6000, "builtInFillers": 200}, "tagger": {"epochs": 9}}"#
        let options = try JSONDecoder().decode(TrainingOptions.self, from: Data(stored.utf8))
        #expect(options.seed == 3 && options.generation.fillingsPerSample == 4 && options.tagger.epochs == 9)
        #expect(options.generation.minimumPerSlot == 0, "trained without the supplement")
        #expect(options.generation.listShare == 0, "trained without lists")
        #expect(options.tagger.pruneBelow == SlotTaggerOptions().pruneBelow)
        #expect(options.gazetteerDropout == TrainingOptions().gazetteerDropout && options.classifier == nil)
        let current = TrainingOptions()
        #expect(try JSONDecoder().decode(TrainingOptions.self, from: JSONEncoder().encode(current)) == current)
        var set = TrainingOptions()
        set.classifierMembers = 2
        set.classifier = IntentClassifierOptions()
        #expect(try JSONDecoder().decode(TrainingOptions.self, from: JSONEncoder().encode(set)) == set)
    }

    @Test func deterministicForASeedAndDifferentForAnother() {
        var options = GenerationOptions()
        let a = TrainingDataGenerator(schema: schema, options: options).generate()
        let b = TrainingDataGenerator(schema: schema, options: options).generate()
        options.seed = 99
        let c = TrainingDataGenerator(schema: schema, options: options).generate()
        #expect(a == b)
        #expect(a != c)
    }

    @Test func everyIntentWithSamplesIsCoveredAndWeightsBalanceAboveOne() {
        let gen = TrainingDataGenerator(schema: schema)
        let examples = gen.examples(from: gen.generate())
        let intents = Set(examples.map(\.intent))
        #expect(intents.count == 3)
        // The intent with fewest utterances weighs most.
        let counts = Dictionary(grouping: examples, by: \.intent).mapValues(\.count)
        let rare = counts.min { $0.value < $1.value }!.key
        let common = counts.max { $0.value < $1.value }!.key
        #expect(examples.first { $0.intent == rare }!.weight > examples.first { $0.intent == common }!.weight)
        // …and no intent weighs less than 1: the largest keeps its full weight.
        #expect(examples.first { $0.intent == common }!.weight == 1)
        #expect(examples.allSatisfy { $0.weight >= 1 })
    }

    /// SkillDialog saves the generator in a conversation's state as `{"state": n}` (the layout
    /// its own copy of the generator had), and a restored one continues the same sequence.
    @Test func seededGeneratorSavesAndResumesItsSequence() throws {
        var generator = SeededGenerator(seed: 5)
        _ = generator.next()
        let data = try JSONEncoder().encode(generator)
        #expect(String(decoding: data, as: UTF8.self) == "{\"state\":\(generator.state)}")
        var restored = try JSONDecoder().decode(SeededGenerator.self, from: data)
        #expect(restored == generator)
        #expect(restored.next() == generator.next())
    }

    @Test func labelsAndSpansRoundTrip() {
        let tokens = Tokenizer().tokenize("add the new song to road trip")
        let labels = SlotLabels.labels(tokens: tokens, spans: [(slot: 0, start: 4, end: 16), (slot: 1, start: 20, end: 29)])
        #expect(labels == [0, 1, 2, 2, 0, 3, 4])
        let spans = SlotLabels.spans(labels)
        #expect(spans.map(\.slot) == [0, 1])
        #expect(spans.map(\.start) == [1, 5])
        #expect(spans.map(\.end) == [4, 7])
    }
}
