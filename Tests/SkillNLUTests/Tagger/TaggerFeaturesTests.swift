import BuiltInValues
import Testing
@testable import SkillNLU

@Suite struct TaggerFeaturesTests {
    let tokens = Tokenizer(locale: "en-US").tokenize("show flights arriving in denver on june fifteenth")
    let month = TypedSpan(start: 6, end: 7, typeKey: StableHash.hash("MonthType"))

    func attributes(spans: [TypedSpan]) -> [[UInt64]] {
        var offsets: [Int32] = []
        var hashes: [UInt64] = []
        TaggerFeatures.extract(tokens: tokens, intentKey: StableHash.hash("Flight"), spans: spans,
                               offsets: &offsets, out: &hashes)
        return (0..<tokens.count).map { Array(hashes[Int(offsets[$0])..<Int(offsets[$0 + 1])]) }
    }

    func leftContext(_ word: String) -> UInt64 {
        TaggerFeatures.attr(.leftContext, StableHash.hash(word))
    }

    @Test func valueInsideASpanSeesTheVerbSaidEarlier() {
        let june = attributes(spans: [month])[6]
        // "arriving" is four tokens before "june": beyond the ±2 window, inside the bag.
        #expect(june.contains(leftContext("arriving")))
        #expect(june.contains(leftContext("show")))
        // The two nearest words have positional features instead.
        #expect(!june.contains(leftContext("on")))
        #expect(!june.contains(leftContext("denver")))
    }

    @Test func tokensOutsideTypedSpansGetNoBag() {
        let withSpan = attributes(spans: [month])
        let without = attributes(spans: [])
        let bag = Set(["show", "flights", "arriving", "in", "denver", "on", "june"].map(leftContext))
        #expect(without.allSatisfy { Set($0).isDisjoint(with: bag) })
        #expect(Set(withSpan[7]).isDisjoint(with: bag))   // "fifteenth" is outside the span
        #expect(!Set(withSpan[6]).isDisjoint(with: bag))
    }
}
