import BuiltInValues
import Testing
@testable import SkillNLU

@Suite struct FeatureHasherTests {
    let tokenizer = Tokenizer(locale: "en-US")

    func features(_ text: String, _ hasher: FeatureHasher) -> [(Int, Bool)] {
        var out: [(Int, Bool)] = []
        hasher.forEachFeature(tokenizer.tokenize(text)) { out.append(($0, $1)) }
        return out
    }

    @Test func isFNV1a() {
        // Published FNV-1a 64-bit test vectors: "" and "a".
        #expect(FeatureHasher.fnvOffset == 0xCBF2_9CE4_8422_2325)
        #expect(FeatureHasher.step(FeatureHasher.fnvOffset, UInt8(ascii: "a")) == 0xAF63_DC4C_8601_EC8C)
        let foobar = "foobar".utf8.reduce(FeatureHasher.fnvOffset) { FeatureHasher.step($0, $1) }
        #expect(foobar == 0x8594_4171_F739_67E8)
    }

    @Test func countsFeaturesOfEachKind() {
        let hasher = FeatureHasher(buckets: 1 << 20, wordNgrams: 2, minChar: 3, maxChar: 5)
        // "ab cde": unigrams 2; bigrams <s>-ab, ab-cde, cde-</s> = 3;
        // "<ab>" (4 scalars): 3-grams 2, 4-grams 1; "<cde>" (5): 3-grams 3, 4-grams 2, 5-grams 1.
        let f = features("ab cde", hasher)
        #expect(f.filter(\.1).count == 5)
        #expect(f.filter { !$0.1 }.count == 3 + 6)
        #expect(f.allSatisfy { (0..<(1 << 20)).contains($0.0) })
        // Trigrams add <s>-ab-cde, ab-cde-</s>.
        let trigrams = FeatureHasher(buckets: 1 << 20, wordNgrams: 3, minChar: 3, maxChar: 5)
        #expect(features("ab cde", trigrams).filter(\.1).count == 7)
        let unigramsOnly = FeatureHasher(buckets: 1 << 20, wordNgrams: 1, minChar: 0, maxChar: 0)
        #expect(features("ab cde", unigramsOnly).count == 2)
        #expect(features("", hasher).isEmpty)
    }

    @Test func oneWordFeaturesAreTheFullWalksWordLevelFeaturesOfOneToken() {
        for (n, minChar) in [(1, 0), (2, 3), (3, 3), (3, 0)] {
            let hasher = FeatureHasher(buckets: 1 << 18, wordNgrams: n, minChar: minChar, maxChar: 5)
            for text in ["", "stop", "play some jazz", "wake me at seven tomorrow", "naïve café au lait", "何時に開きますか"] {
                let tokens = tokenizer.tokenize(text)
                var full: [[Int]] = Array(repeating: [], count: tokens.count)
                hasher.forEachFeature(tokens) { bucket, wordLevel, range in
                    if wordLevel, range.count == 1 { full[range.lowerBound].append(bucket) }
                }
                var oneWord: [[Int]] = Array(repeating: [], count: tokens.count)
                hasher.forEachOneWordFeature(tokens) { oneWord[$1].append($0) }
                #expect(oneWord.map { $0.sorted() } == full.map { $0.sorted() }, "\(text), word n-grams \(n)")
            }
        }
    }

    /// The classifier sizes its row lists by ``FeatureHasher/featureCountBound(_:)``: it must
    /// never be below the features produced, for any settings and any script; for ASCII words
    /// and word trigrams it is one above (the first word has no trigram of its own).
    @Test func featureCountBoundHoldsEveryFeature() {
        let texts = ["", "a", "stop", "play some jazz", "wake me at seven tomorrow", "naïve café au lait",
                     "何時に開きますか", "zoë's über-long compound Wörter", "x y z"]
        for (n, minChar, maxChar) in [(1, 0, 0), (2, 3, 5), (3, 3, 5), (3, 2, 6), (2, 4, 4), (3, 0, 0)] {
            let hasher = FeatureHasher(buckets: 1 << 18, wordNgrams: n, minChar: minChar, maxChar: maxChar)
            for text in texts {
                let tokens = tokenizer.tokenize(text)
                var count = 0
                hasher.forEachFeature(tokens) { _, _ in count += 1 }
                let bound = hasher.featureCountBound(tokens)
                #expect(count <= bound, "\(text), settings \(n) \(minChar)…\(maxChar)")
                let ascii = tokens.allSatisfy { $0.normalized.utf8.allSatisfy { $0 < 0x80 } }
                if n == 3, ascii, !tokens.isEmpty { #expect(count == bound - 1, "\(text), settings \(minChar)…\(maxChar)") }
            }
        }
    }

    @Test func characterNgramsCountScalarsNotBytes() {
        let hasher = FeatureHasher(buckets: 1 << 20, wordNgrams: 1, minChar: 3, maxChar: 3)
        // "<é>" is three scalars (four bytes): exactly one trigram, like "<e>".
        #expect(features("é", hasher).filter { !$0.1 }.count == 1)
        #expect(features("e", hasher).filter { !$0.1 }.count == 1)
        #expect(features("é", hasher).map(\.0) != features("e", hasher).map(\.0))
        // The tokenizer makes "東京" two tokens, "<東>" and "<京>": one trigram each.
        #expect(features("東京", hasher).filter { !$0.1 }.count == 2)
    }

    @Test func kindsAndOrderKeepFeaturesApart() {
        let hasher = FeatureHasher(buckets: 1 << 30, wordNgrams: 2, minChar: 3, maxChar: 5)
        // The word "ing" and the trigram "ing" of "sing" are different features.
        let word = features("ing", hasher).first { $0.1 }!.0
        let grams = Set(features("sing", hasher).filter { !$0.1 }.map(\.0))
        #expect(!grams.contains(word))
        // Bigrams are ordered: "a b" and "b a" share unigrams, not bigrams.
        let ab = features("a b", hasher).filter(\.1).map(\.0)
        let ba = features("b a", hasher).filter(\.1).map(\.0)
        #expect(Set(ab) != Set(ba))
        #expect(Set(ab).intersection(ba).count == 2)   // the two unigrams
    }

    @Test func sameTextSameFeatures() {
        let hasher = FeatureHasher(buckets: 5000, wordNgrams: 2, minChar: 2, maxChar: 4)
        #expect(features("Play Jazz", hasher).map(\.0) == features("play jazz", hasher).map(\.0))
        #expect(features("play jazz", hasher).allSatisfy { (0..<5000).contains($0.0) })
    }

    @Test func featuresKnowTheirTokens() {
        let hasher = FeatureHasher(buckets: 1 << 20, wordNgrams: 3, minChar: 3, maxChar: 4)
        let tokens = tokenizer.tokenize("ab cde f")
        var spanned: [(Int, Bool, Range<Int>)] = []
        hasher.forEachFeature(tokens) { spanned.append(($0, $1, $2)) }
        // The same features in the same order as the two-argument form.
        #expect(spanned.map(\.0) == features("ab cde f", hasher).map(\.0))
        #expect(spanned.map(\.1) == features("ab cde f", hasher).map(\.1))
        // Character n-grams and unigrams are their word's; "<cde>" has 3 + 2 of them.
        #expect(spanned.filter { !$0.1 }.filter { $0.2 == 1..<2 }.count == 5)
        // Word n-grams: ab; <s> ab (0..<1); cde; ab cde (0..<2); <s> ab cde (0..<2); f; cde f (1..<3);
        // ab cde f (0..<3); f </s> (2..<3); cde f </s> (1..<3).
        #expect(spanned.filter(\.1).map(\.2) == [0..<1, 0..<1, 1..<2, 0..<2, 0..<2, 2..<3, 1..<3, 0..<3, 2..<3, 1..<3])
    }

    /// Character n-grams as the definition reads: every run of `minChar…maxChar` Unicode scalars
    /// of `<word>`, by start then length, FNV-1a over the run's UTF-8 bytes after the kind byte.
    static func referenceCharBuckets(_ word: String, _ hasher: FeatureHasher) -> [Int] {
        let scalars = Array("<\(word)>".unicodeScalars)
        var out: [Int] = []
        for start in scalars.indices {
            for length in hasher.minChar...hasher.maxChar where start + length <= scalars.count {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[start..<(start + length)])
                let h = String(view).utf8.reduce(FeatureHasher.step(FeatureHasher.fnvOffset, 0x03)) { FeatureHasher.step($0, $1) }
                out.append(hasher.bucket(h))
            }
        }
        return out
    }

    /// Words of ASCII alone (hashed without looking for continuation bytes) and words with
    /// multi-byte scalars give the n-grams of the definition, whatever the lengths asked for.
    @Test(arguments: [(1, 1), (1, 3), (2, 4), (3, 5), (3, 3), (4, 8), (6, 6)])
    func characterNgramsAreEveryRunOfScalars(_ lengths: (Int, Int)) {
        let hasher = FeatureHasher(buckets: 1 << 20, wordNgrams: 1, minChar: lengths.0, maxChar: lengths.1)
        for word in ["a", "ab", "abc", "play", "jazz", "tomorrow", "42", "a1b2c3", "é", "café", "straße", "naïve", "東"] {
            let tokens = tokenizer.tokenize(word)
            #expect(tokens.count == 1, "\(word)")
            var grams: [Int] = []
            hasher.forEachFeature(tokens) { bucket, wordLevel in if !wordLevel { grams.append(bucket) } }
            #expect(grams == Self.referenceCharBuckets(tokens[0].normalized, hasher), "\(word), n-grams \(lengths)")
        }
    }
}
