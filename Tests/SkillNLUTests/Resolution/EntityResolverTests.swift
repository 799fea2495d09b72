import BuiltInValues
import Testing
import InteractionModel
@testable import SkillNLU

@Suite struct EntityResolverTests {
    static let sizes = SlotType(name: "PizzaSize", values: [
        SlotTypeValue(id: "SM", value: "small", synonyms: ["little", "kid size"]),
        SlotTypeValue(id: "LG", value: "large", synonyms: ["big", "family size"]),
        SlotTypeValue(id: "XL", value: "extra large", synonyms: ["huge"]),
    ])
    static let toppings = SlotType(name: "Topping", values: [
        SlotTypeValue(id: "PEP", value: "pepperoni"),
        SlotTypeValue(id: "MUSH", value: "mushroom"),
        SlotTypeValue(id: "JAL", value: "jalapeño"),
        SlotTypeValue(id: "OLV", value: "olive"),
        SlotTypeValue(id: "TOM", value: "tomato"),
        SlotTypeValue(value: "extra cheese"),
    ])
    static let drinks = SlotType(name: "Drink", values: [
        SlotTypeValue(id: "COLA", value: "cola", synonyms: ["soda", "coke"]),
        SlotTypeValue(id: "LEMON", value: "lemonade", synonyms: ["soda"]),
        SlotTypeValue(id: "MARK", value: "marker"),
        SlotTypeValue(id: "BANK", value: "banker"),
    ])

    struct Case: CustomTestStringConvertible, Sendable {
        var type: SlotType
        var spoken: String
        var ids: [String]
        var kind: EntityMatch.Kind?
        var testDescription: String { "\(type.name) \"\(spoken)\" → \(ids) \(kind.map { "\($0)" } ?? "no match")" }
    }

    static let cases: [Case] = [
        Case(type: sizes, spoken: "big", ids: ["LG"], kind: .exact),                 // synonym → id
        Case(type: sizes, spoken: "Family Size", ids: ["LG"], kind: .exact),         // case
        Case(type: sizes, spoken: "the large", ids: ["LG"], kind: .normalized),      // article
        Case(type: sizes, spoken: "extra larg", ids: ["XL"], kind: .fuzzy),          // fuzzy
        Case(type: toppings, spoken: "jalapeno", ids: ["JAL"], kind: .exact),        // diacritics
        Case(type: toppings, spoken: "Jalapeños", ids: ["JAL"], kind: .normalized),  // diacritics and plural
        Case(type: toppings, spoken: "mushrooms", ids: ["MUSH"], kind: .normalized), // plural
        Case(type: toppings, spoken: "tomatoes", ids: ["TOM"], kind: .normalized),   // plural in -es
        Case(type: toppings, spoken: "some olives", ids: [], kind: nil),             // not a value
        Case(type: toppings, spoken: "pepperonni", ids: ["PEP"], kind: .fuzzy),      // misspelt
        Case(type: toppings, spoken: "anchovies", ids: [], kind: nil),               // no match
        Case(type: toppings, spoken: "pep", ids: [], kind: nil),                     // too short for fuzzy
        Case(type: drinks, spoken: "soda", ids: ["COLA", "LEMON"], kind: .exact),    // several candidates
        Case(type: drinks, spoken: "manker", ids: ["MARK", "BANK"], kind: .fuzzy),   // equally close
    ]

    @Test(arguments: cases) func resolves(_ c: Case) {
        let resolver = EntityResolver(slotType: c.type)
        let match = resolver.match(c.spoken)
        #expect(match?.kind == c.kind)
        #expect(match?.values.compactMap(\.id) ?? [] == c.ids)
        let resolutions = resolver.resolve(c.spoken)
        #expect(resolutions.resolutionsPerAuthority.count == 1)
        let authority = resolutions.resolutionsPerAuthority[0]
        #expect(authority.authority == "amzn1.er-authority.echo-sdk.amzn1.ask.skill.local.\(c.type.name)")
        #expect(authority.status.code == (c.ids.isEmpty ? .successNoMatch : .successMatch))
        #expect(authority.values.compactMap(\.value.id) == c.ids)
    }

    /// The listed-only lookup answers as the full match does for exact and normalised matches,
    /// and nothing where the full match would only find a fuzzy one or none.
    @Test(arguments: cases) func listedMatchIsTheMatchWithoutItsFuzzyStep(_ c: Case) {
        let resolver = EntityResolver(slotType: c.type)
        let words = resolver.index.tokenizer.tokenize(c.spoken).map(\.folded)
        let listed = resolver.index.listedMatch(words)
        if c.kind == .exact || c.kind == .normalized {
            #expect(listed == resolver.match(c.spoken))
        } else {
            #expect(listed == nil)
        }
    }

    @Test func canonicalNameAndMissingId() {
        let resolver = EntityResolver(slotType: Self.toppings, skillId: "amzn1.ask.skill.1234")
        let value = resolver.resolve("Extra Cheese").resolutionsPerAuthority[0]
        #expect(value.authority == "amzn1.er-authority.echo-sdk.amzn1.ask.skill.1234.Topping")
        #expect(value.values.map(\.value) == [ResolvedValue(name: "extra cheese", id: nil)])
        #expect(resolver.resolve("little").resolutionsPerAuthority[0].values.isEmpty)
        #expect(EntityResolver(slotType: Self.sizes).resolve("little").resolutionsPerAuthority[0].values.map(\.value.name) == ["small"])
    }

    @Test func resolvesTokensFromTheTokenizer() {
        let tokens = Tokenizer(locale: "en-US").tokenize("I want the kid size one")
        let resolver = EntityResolver(slotType: Self.sizes)
        #expect(resolver.match(tokens: tokens[3..<5])?.values.first?.id == "SM")
    }

    @Test func otherLanguagesDropTheirArticles() {
        let fruit = SlotType(name: "Fruit", values: [SlotTypeValue(id: "A", value: "Apfel"), SlotTypeValue(id: "B", value: "Birne")])
        #expect(EntityResolver(slotType: fruit, locale: "de-DE").match("der Apfel")?.values.first?.id == "A")
        let avion = SlotType(name: "Vehicle", values: [SlotTypeValue(id: "P", value: "avion")])
        #expect(EntityResolver(slotType: avion, locale: "fr-FR").match("l'avion")?.values.first?.id == "P")
        #expect(EntityResolver(slotType: avion, locale: "fr-FR").match("les avions")?.values.first?.id == "P")
    }

    @Test func persistsAndReadsBack() throws {
        let resolver = EntityResolver(slotType: Self.drinks, locale: "en-GB", skillId: "amzn1.ask.skill.x")
        var writer = BinaryWriter()
        resolver.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        let read = try EntityResolver(reading: &reader)
        #expect(reader.remaining == 0)
        #expect(read.values == resolver.values)
        #expect(read.authority == resolver.authority)
        #expect(read.locale == "en-GB")
        for spoken in ["soda", "lemonades", "manker", "water"] {
            #expect(read.resolve(spoken) == resolver.resolve(spoken))
        }
    }

    @Test func refusesATruncatedFile() {
        var writer = BinaryWriter()
        EntityResolver(slotType: Self.sizes).write(to: &writer)
        var reader = BinaryReader(Array(writer.bytes.dropLast(5)))
        #expect(throws: ModelFileError.self) { try EntityResolver(reading: &reader) }
    }

    @Test func largeTypesStillMatchFuzzily() {
        let values = (0..<20_000).map { SlotTypeValue(id: "v\($0)", value: "card number \($0) of the deck") }
            + [SlotTypeValue(id: "lotus", value: "Black Lotus")]
        let resolver = EntityResolver(typeName: "Card", values: values)
        #expect(resolver.match("black lotis")?.values.map(\.id) == ["lotus"])
        #expect(resolver.match("card number 123 of the deck")?.values.map(\.id) == ["v123"])
    }
}

/// The fuzzy search finds near keys through the words' deletion variants (``NearSpellings``);
/// it must find exactly what measuring every key by the rule would.
@Suite struct FuzzySearchTests {
    /// Whether two words are near by the rule, measured directly: the same, or one edit apart
    /// where the longer has five characters or more and neither has a digit.
    static func nearWords(_ a: Substring, _ b: Substring) -> Bool {
        if a == b { return true }
        let digit = { (c: Character) in c.isASCII && c.isNumber }
        guard max(a.count, b.count) >= 5, !a.contains(where: digit), !b.contains(where: digit) else { return false }
        return EditDistanceTests.naive(Array(a.unicodeScalars), Array(b.unicodeScalars)) == 1
    }

    /// Whether `key` is near `query` by the rule: word for word, or the same without spaces.
    static func near(_ query: String, _ key: String) -> Bool {
        if query.filter({ $0 != " " }) == key.filter({ $0 != " " }) { return true }
        let q = query.split(separator: " "), k = key.split(separator: " ")
        return q.count == k.count && zip(q, k).allSatisfy { nearWords($0, $1) }
    }

    /// The closest near keys by the resolver's rule, measuring every key.
    static func exhaustive(_ index: EntityIndex, _ query: String) -> [ResolvedValue]? {
        let q = Array(query.unicodeScalars)
        guard q.count >= 4 else { return nil }
        var best: (d: Int, score: Double, keys: [Int])?
        for (k, keyText) in index.keys.enumerated() where near(query, keyText) {
            let key = Array(keyText.unicodeScalars)
            let longest = max(key.count, q.count)
            let allowed = max(1, longest / 5)
            guard key.count >= 4 else { continue }
            let d = EditDistanceTests.naive(q, key)
            guard d <= allowed else { continue }
            let score = 1 - Double(d) / Double(longest)
            if best == nil || d < best!.d || (d == best!.d && score > best!.score) {
                best = (d, score, [k])
            } else if d == best!.d && score == best!.score {
                best!.keys.append(k)
            }
        }
        guard let best else { return nil }
        var seen = Set<Int32>()
        var out: [ResolvedValue] = []
        for k in best.keys.sorted() {
            for v in index.keyValues[k] where seen.insert(v).inserted { out.append(index.values[Int(v)]) }
        }
        return out
    }

    /// `text` with up to three random edits: a character changed, put in or taken out (spaces
    /// among them, which join or split words).
    static func slipped(_ text: String, _ alphabet: [Unicode.Scalar], _ rng: inout SeededGenerator) -> String {
        var query = Array(text.unicodeScalars)
        for _ in 0..<rng.below(4) {
            let i = rng.below(max(1, query.count))
            switch rng.below(4) {
            case 0 where !query.isEmpty: query[i] = rng.pick(alphabet)
            case 1: query.insert(rng.pick(alphabet), at: i)
            case 2: query.insert(" ", at: i)
            default: if !query.isEmpty { query.remove(at: i) }
            }
        }
        return String(String.UnicodeScalarView(query))
    }

    @Test func findsWhatMeasuringEveryKeyFinds() {
        var rng = SeededGenerator(seed: 5)
        let alphabet = Array("abcdeilnorst1".unicodeScalars)
        func word() -> String { String(String.UnicodeScalarView((0..<(2 + rng.below(7))).map { _ in rng.pick(alphabet) })) }
        let values = (0..<1_500).map { i in
            SlotTypeValue(id: "v\(i)", value: (0..<(1 + rng.below(3))).map { _ in word() }.joined(separator: " "))
        }
        let index = EntityIndex(values: values, locale: "en-US")
        var found = 0
        for trial in 0..<800 {
            let text = trial % 5 == 0 ? word() + " " + word()
                : Self.slipped(values[rng.below(values.count)].name.value, alphabet, &rng)
            let key = EntityIndex.normalizedKey(text.split(separator: " ").map(String.init), index.language)
            let expected = Self.exhaustive(index, key)
            if expected != nil { found += 1 }
            #expect(index.fuzzy(key).map(index.entityMatch)?.values == expected, "\(key)")
        }
        // The trials reach both answers.
        #expect(found > 100 && found < 700, "\(found)")
    }

    /// Words of one stem with slips: many near words per word, keys found through several, and ties.
    @Test func findsWhatMeasuringEveryKeyFindsAmongNearTwins() {
        var rng = SeededGenerator(seed: 17)
        let stems = ["larkspur", "pimpernel", "rosemary", "tarragon", "dill"]
        let vowels = Array("aeiou".unicodeScalars)
        func twin() -> String {
            var word = Array(rng.pick(stems).unicodeScalars)
            for _ in 0..<rng.below(3) { word[rng.below(word.count)] = rng.pick(vowels) }
            return String(String.UnicodeScalarView(word))
        }
        let values = (0..<600).map { i in
            SlotTypeValue(id: "v\(i)", value: (0..<(1 + rng.below(2))).map { _ in twin() }.joined(separator: " "))
        }
        let index = EntityIndex(values: values, locale: "en-US")
        for _ in 0..<400 {
            let key = Self.slipped((0..<(1 + rng.below(2))).map { _ in twin() }.joined(separator: " "),
                                   Array("aeioulr".unicodeScalars), &rng)
            #expect(index.fuzzy(key).map(index.entityMatch)?.values == Self.exhaustive(index, key), "\(key)")
        }
    }

    /// What the rule keeps and what it leaves unmatched, on the kinds of values real types list.
    @Test(arguments: [
        ("pepperonni", ["pepperoni"]), ("extra larg", ["extra large"]), ("Alice Smyth", ["alice smith"]),
        ("eighteen oclock", ["eighteen o clock"]), ("white house", ["whitehouse", "white horse"]),
        ("june 27 2026", nil), ("chris cross", nil), ("wish you were dead", nil), ("soko", nil),
        ("toronto international", nil), ("9 pm", nil), ("in twenty one minutes", nil),
    ] as [(String, [String]?)])
    func keepsSlipsAndLeavesOtherWords(_ spoken: String, _ names: [String]?) {
        let values = ["pepperoni", "extra large", "alice smith", "eighteen o clock", "whitehouse", "white horse",
                      "june 24 2024", "chris goss", "wish you were here", "noko", "orlando international", "7 pm",
                      "in twenty two minutes"].map { SlotTypeValue(value: $0) }
        let index = EntityIndex(values: values, locale: "en-US")
        let match = index.match(index.tokenizer.tokenize(spoken).map(\.folded))
        #expect(match?.values.map(\.name) == names)
        if names != nil { #expect(match?.kind == .fuzzy) }
    }
}

@Suite struct EditDistanceTests {
    static func naive(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var prev = d[0]
            d[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let t = d[j]
                d[j] = min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = t
            }
        }
        return a.isEmpty ? b.count : d[b.count]
    }

    /// The banded distance equals the full one whenever that is within the limit, and
    /// reports limit + 1 otherwise.
    @Test func bandedDistanceAgreesWithTheFullOne() {
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("abcde ".unicodeScalars)
        for _ in 0..<3000 {
            let a = (0..<rng.below(12)).map { _ in rng.pick(alphabet) }
            let b = (0..<rng.below(12)).map { _ in rng.pick(alphabet) }
            let limit = rng.below(5)
            let full = Self.naive(a, b)
            let banded = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in EntityIndex.editDistance(a, b, limit: limit) } }
            #expect(banded == (full <= limit ? full : limit + 1), "\(String(String.UnicodeScalarView(a))) / \(String(String.UnicodeScalarView(b))) limit \(limit)")
        }
    }
}
