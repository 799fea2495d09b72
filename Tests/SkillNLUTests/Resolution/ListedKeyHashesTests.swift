import BuiltInValues
import Testing
import InteractionModel
import Understanding
@testable import SkillNLU

/// The key hashes only ever rule a lookup out where the lookup would find nothing, in every
/// language's rules, and build the fuzzy search's query as the string-based normalisation does.
@Suite struct ListedKeyHashesTests {
    static let values: [String: [SlotTypeValue]] = [
        "en-US": [SlotTypeValue(value: "city", synonyms: ["the big apple", "new york city"]),
                  SlotTypeValue(value: "box"), SlotTypeValue(value: "glass"), SlotTypeValue(value: "bus"),
                  SlotTypeValue(value: "pizzas"), SlotTypeValue(value: "a star is born"), SlotTypeValue(value: "toy story")],
        "fr-FR": [SlotTypeValue(value: "l'avion", synonyms: ["cheval", "les misérables", "télé"]), SlotTypeValue(value: "le petit prince")],
        "es-ES": [SlotTypeValue(value: "la casa de papel", synonyms: ["flores", "el reloj"])],
        "de-DE": [SlotTypeValue(value: "die drei fragezeichen", synonyms: ["brot", "straße"])],
        "it-IT": [SlotTypeValue(value: "l'amica geniale", synonyms: ["il gattopardo"])],
        "pt-BR": [SlotTypeValue(value: "ação", synonyms: ["casas", "o alquimista"])],
    ]

    /// Phrases near the values: as listed, with and without articles, in plural and singular,
    /// with endings swapped, shortened, lengthened and mixed with other words.
    static func phrases(_ values: [SlotTypeValue], tokenizer: Tokenizer) -> [[String]] {
        let texts = values.flatMap { [$0.name.value] + $0.name.synonyms }
        var out: [[String]] = []
        let extra = ["the", "a", "le", "la", "les", "l'", "el", "los", "die", "il", "o", "some", "for", "es", "s", "ies"]
        for text in texts {
            let words = tokenizer.tokenize(text).map(\.folded)
            let variants = [words, Array(words.dropFirst()), Array(words.dropLast()), words + ["please"]]
            for v in variants where !v.isEmpty {
                out.append(v)
                for article in extra.prefix(11) { out.append([article] + v) }
                for ending in ["s", "es", "ies", "x", "aux", "ões"] {
                    let head = Array(v.dropLast()), last = v[v.count - 1]
                    out.append(head + [last + ending])
                    if last.count > 2 {
                        out.append(head + [String(last.dropLast()) + ending])
                        out.append(head + [String(last.dropLast(2)) + ending])
                    }
                }
                out.append(["l'" + v[0]] + v.dropFirst())
                out.append(v.map { $0 + "s" })
            }
        }
        for a in extra { for b in extra { out.append([a, b]) } }
        return out
    }

    @Test(arguments: values.keys.sorted()) func neverRulesOutWhatALookupFinds(_ locale: String) {
        let index = EntityIndex(values: Self.values[locale]!, locale: locale)
        let language = index.language
        var ruledOut = 0
        for words in Self.phrases(Self.values[locale]!, tokenizer: index.tokenizer) {
            let bare = language.withoutArticles(words)
            let singular = bare.map(language.singular)
            var candidates = [singular.joined(separator: " ")]
            if let last = bare.last {
                for rule in language.alternativeEndings where last.count >= rule.minimumLength && last.hasSuffix(rule.ending) {
                    var alt = singular
                    alt[alt.count - 1] = String(last.dropLast(rule.ending.count)) + rule.replacement
                    candidates.append(alt.joined(separator: " "))
                }
            }
            let inExact = index.exact[words.joined(separator: " ")] != nil
            let inNormalized = candidates.contains { index.normalized[$0] != nil }
            guard let may = index.keyHashes.mayFind(words) else {
                #expect(words.contains { !$0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } }, "\(words)")
                continue
            }
            #expect(may.exact || !inExact, "\(locale) \(words)")
            #expect(may.normalized || !inNormalized, "\(locale) \(words)")
            if !may.exact && !may.normalized { ruledOut += 1 }
            #expect(index.keyHashes.normalizedKey(words) == EntityIndex.normalizedKey(words, language), "\(locale) \(words)")
        }
        #expect(ruledOut > 0)
    }

    @Test func rulesOutPhrasesNoKeyHas() {
        let index = EntityIndex(values: Self.values["en-US"]!, locale: "en-US")
        let may = index.keyHashes.mayFind(["mom", "for"])
        #expect(may?.exact == false)
        #expect(may?.normalized == false)
        #expect(index.keyHashes.mayFind(["the", "cities"])?.normalized == true)
        #expect(index.keyHashes.mayFind(["boxes"])?.normalized == true)
        #expect(index.keyHashes.mayFind(["new", "york", "city"])?.exact == true)
        #expect(index.keyHashes.mayFind(["new", "york", "cities"])?.exact == false)
    }

    /// The check of a found hash's key is the joined words' equality, without joining them.
    @Test func spellsIsEqualityWithTheJoinedWords() {
        var rng = SeededGenerator(seed: 29)
        let pieces = ["a", "ab", "abc", "b", "ba", "", "new", "york", "new york"]
        var equal = 0
        for _ in 0..<4_000 {
            let words = (0..<(1 + rng.below(3))).map { _ in rng.pick(pieces) }
            let joined = words.joined(separator: " ")
            let key: String
            switch rng.below(4) {
            case 0: key = joined
            case 1: key = (0..<(1 + rng.below(3))).map { _ in rng.pick(pieces) }.joined(separator: " ")
            case 2: key = joined + rng.pick(["", " ", "a"])
            default: key = String(joined.dropLast(rng.below(2)))
            }
            #expect(ListedKeyHashes.spells(key, words) == (key == joined), "\(key) / \(words)")
            if key == joined { equal += 1 }
        }
        #expect(equal > 500)
    }

    /// The entry ``ListedKeyHashes/mayFind(_:)`` names for a listed phrase is that phrase's key.
    @Test func theExactEntryIsThePhrasesKey() throws {
        for (locale, values) in Self.values {
            let index = EntityIndex(values: values, locale: locale)
            for (key, found) in index.exact {
                let words = key.split(separator: " ").map(String.init)
                guard let may = index.keyHashes.mayFind(words) else { continue }
                let entry = try #require(may.exactEntry, "\(locale) \(key)")
                #expect(index.exactKeys[Int(entry)] == key && index.exactValues[Int(entry)] == found, "\(locale) \(key)")
            }
        }
    }

    @Test func wordsOutsideASCIIAreLeftToTheLookups() {
        let index = EntityIndex(values: Self.values["de-DE"]!, locale: "de-DE")
        #expect(index.keyHashes.mayFind(["die", "straße"]) == nil)
        #expect(index.keyHashes.normalizedKey(["straße"]) == nil)
        #expect(index.listedMatch(["die", "straße"]) != nil)
    }
}
