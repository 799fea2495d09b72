import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A `multipleValues` slot returns every value of a list said in one breath, as Alexa does:
/// items separated by pauses (commas), "and", or both — and, from a speech recogniser, with no
/// commas at all.
@Suite struct ValueListTests {
    let pizza = Fixtures.pizzaShopModel

    func toppings(_ text: String) -> [String] {
        let slot = pizza.classify(text).slot(named: "toppings")
        return (slot?.values ?? slot.map { [$0] } ?? []).map(\.rawValue)
    }

    @Test(arguments: [
        ("a large pizza with pepperoni slices, mushrooms and olives", ["pepperoni slices", "mushrooms", "olives"]),
        ("can i get a medium pizza with mushrooms, olives and extra cheese", ["mushrooms", "olives", "extra cheese"]),
        ("get me a veggie pizza with onions, green peppers, olives and spinach", ["onions", "green peppers", "olives", "spinach"]),
        ("a medium pizza with mushrooms, olives, and onions", ["mushrooms", "olives", "onions"]),
        ("a large pizza with mushrooms, olives", ["mushrooms", "olives"]),
        ("i want a large pizza with mushrooms and olives", ["mushrooms", "olives"]),
        ("i want a medium pizza with mushrooms olives and onions", ["mushrooms", "olives", "onions"]),
    ])
    func everyItemOfAListIsAValue(text: String, expected: [String]) {
        #expect(pizza.classify(text).intent?.name == "OrderPizzaIntent")
        #expect(toppings(text) == expected)
    }

    @Test func anUnlistedItemIsKeptBesideTheListedOnes() throws {
        let result = pizza.classify("a pizza with truffles, mushrooms and olives")
        let values = try #require(result.slot(named: "toppings")?.values)
        #expect(values.map(\.rawValue) == ["truffles", "mushrooms", "olives"])
        #expect(values.map { $0.resolvedValue?.id } == [nil, "MUSHROOMS", "OLIVES"])
    }

    @Test func aValueThatSaysAndStaysWholeInASingleValueSlot() {
        let result = pizza.classify("i'd like a ham and pineapple pizza")
        #expect(result.slot(named: "pizza")?.rawValue == "ham and pineapple")
        #expect(result.slot(named: "pizza")?.resolvedValue?.id == "HAWAIIAN")
    }

    @Test func anElicitedListIsSplitToo() throws {
        let context = ClassificationContext(elicitingSlot: .init(intent: "OrderPizzaIntent", slot: "toppings"))
        let result = pizza.classify("mushrooms, olives and onions", context: context)
        #expect(result.decidedBy == .elicitation)
        let values = try #require(result.slot(named: "toppings")?.values)
        #expect(values.map { $0.resolvedValue?.id } == ["MUSHROOMS", "OLIVES", "ONIONS"])
    }

    @Test func aListSaidAloneKeepsItsFirstItem() throws {
        // An answer with nothing before the list: no left context for the tagger's first item.
        let result = pizza.classify("mushrooms, olives and onions")
        #expect(result.intent?.name == "OrderPizzaIntent")
        let values = try #require(result.slot(named: "toppings")?.values)
        #expect(values.map { $0.resolvedValue?.id } == ["MUSHROOMS", "OLIVES", "ONIONS"])
    }

    @Test func toppingsSaidWhileThePizzaIsAskedForFillTheToppings() throws {
        let context = ClassificationContext(elicitingSlot: .init(intent: "OrderPizzaIntent", slot: "pizza"))
        let lists = pizza.classify("olives and onions", context: context)
        #expect(lists.decidedBy == .elicitation)
        #expect(lists.slot(named: "pizza") == nil, "the dialog asks for the pizza again")
        #expect(try #require(lists.slot(named: "toppings")?.values).map { $0.resolvedValue?.id } == ["OLIVES", "ONIONS"])
        let both = pizza.classify("pepperoni with olives", context: context)
        #expect(both.slot(named: "pizza")?.resolvedValue?.id == "PEPPERONI")
        #expect(both.slot(named: "toppings")?.resolvedValue?.id == "OLIVES")
    }

    // MARK: Splitting a span (the tagger's span given)

    static let deli: NLUModel = {
        let json = #"""
        {"interactionModel": {"languageModel": {"invocationName": "deli",
          "intents": [
            {"name": "OrderIntent", "slots": [
                {"name": "dishes", "type": "Dish", "multipleValues": {"enabled": true}},
                {"name": "counts", "type": "AMAZON.NUMBER", "multipleValues": {"enabled": true}}],
             "samples": ["i want {dishes}", "order {dishes}", "give me {counts} of them"]},
            {"name": "AMAZON.StopIntent", "samples": []}],
          "types": [{"name": "Dish", "values": [
                {"id": "MAC", "name": {"value": "mac and cheese"}},
                {"id": "SALAD", "name": {"value": "salad", "synonyms": ["green salad"]}},
                {"id": "SOUP", "name": {"value": "soup"}},
                {"id": "BREAD", "name": {"value": "bread"}}]}]}}}
        """#
        return try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)), options: Fixtures.fastOptions)
    }()

    /// The items `listItems` makes of the whole of `text` as one span of `type`, as strings.
    func items(_ text: String, type: String, context: ClassificationContext = .init()) -> [String] {
        let model = Self.deli
        let tokens = model.schema.tokenizer.tokenize(text)
        let scalars = Array(text.unicodeScalars)
        let typeIndex = model.schema.typeIndex(named: type)!
        return model.listItems(0..<tokens.count, type: typeIndex, tokens: tokens, scalars: scalars, context: context).map { r in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[tokens[r.lowerBound].range.lowerBound..<tokens[r.upperBound - 1].range.upperBound])
            return String(view)
        }
    }

    @Test func aListedValueThatSaysAndIsOneItem() {
        #expect(items("mac and cheese", type: "Dish") == ["mac and cheese"])
        #expect(items("mac and cheese and salad", type: "Dish") == ["mac and cheese", "salad"])
        #expect(items("salad and mac and cheese", type: "Dish") == ["salad", "mac and cheese"])
        #expect(items("fish and chips and salad", type: "Dish") == ["fish", "chips", "salad"],
                "an unlisted item holds no conjunction")
        #expect(items("mac and cheese, salad and soup", type: "Dish") == ["mac and cheese", "salad", "soup"])
        #expect(items("green salad soup bread", type: "Dish") == ["green salad", "soup", "bread"])
    }

    @Test func unlistedWordsAreNotCutWithoutASeparator() {
        #expect(items("smoked trout salad", type: "Dish") == ["smoked trout salad"])
        #expect(items("smoked trout, salad", type: "Dish") == ["smoked trout", "salad"])
        #expect(items("salad & soup", type: "Dish") == ["salad", "soup"])
    }

    @Test func aDynamicValueThatSaysAndIsOneItem() {
        var context = ClassificationContext()
        context.dynamicEntities = DynamicEntities().applying(.replace([
            SlotType(name: "Dish", values: [SlotTypeValue(id: "FISH", value: "fish and chips")])]))
        #expect(items("fish and chips", type: "Dish", context: context) == ["fish and chips"])
        #expect(items("fish and chips", type: "Dish") == ["fish", "chips"])
    }

    @Test func aBuiltInValueThatSaysAndIsOneItem() {
        #expect(items("one hundred and five", type: "AMAZON.NUMBER") == ["one hundred and five"])
        #expect(items("five, six and seven", type: "AMAZON.NUMBER") == ["five", "six", "seven"])
    }

    // MARK: Extending a list (the tagger's items given)

    /// `extendedList` of the items of `text` at `marked` (token ranges), as strings.
    func extended(_ text: String, marked: [Range<Int>], taken: Set<Int> = []) -> [String] {
        let model = Self.deli
        let tokens = model.schema.tokenizer.tokenize(text)
        let scalars = Array(text.unicodeScalars)
        let dish = model.schema.typeIndex(named: "Dish")!
        return model.extendedList(marked, type: dish, tokens: tokens, taken: { taken.contains($0) }, context: .init()).map { r in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[tokens[r.lowerBound].range.lowerBound..<tokens[r.upperBound - 1].range.upperBound])
            return String(view)
        }
    }

    @Test func listedValuesBesideAListJoinIt() {
        #expect(extended("salad, soup and bread", marked: [1..<2, 3..<4]) == ["salad", "soup", "bread"])
        #expect(extended("green salad soup", marked: [2..<3]) == ["green salad", "soup"], "the longest listed value")
        #expect(extended("i want soup and mac and cheese please", marked: [2..<3]) == ["soup", "mac and cheese"])
        #expect(extended("smoked trout, soup", marked: [2..<3]) == ["soup"], "an unlisted value is not taken")
        #expect(extended("salad soup", marked: [1..<2], taken: [0]) == ["soup"], "nor another slot's words")
    }

    @Test func anItemOfArticlesAndANumberIsNoValue() {
        let model = Self.deli
        let dish = model.schema.typeIndex(named: "Dish")!
        func filler(_ text: String) -> Bool {
            let tokens = model.schema.tokenizer.tokenize(text)
            return model.isFillerItem(0..<tokens.count, type: dish, tokens: tokens, context: .init())
        }
        #expect(filler("a") && filler("two") && filler("the two") && filler("twenty three"))
        #expect(!filler("salad") && !filler("smoked trout") && !filler("a salad"))
        let number = model.schema.typeIndex(named: "AMAZON.NUMBER")!
        let two = model.schema.tokenizer.tokenize("two")
        #expect(!model.isFillerItem(0..<1, type: number, tokens: two, context: .init()), "a number is a number's value")
    }
}
