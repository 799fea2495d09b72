import BuiltInValues

extension IntentClassifier {
    /// The share of the utterance's words that training never saw: words none of whose
    /// word-level features (the unigram, or a bigram with a sentence boundary) has a row. It says
    /// how far the wording is from the samples', where the classifier's own scores stop knowing.
    ///
    /// Words are word tokens and ideographic ones (a Han or kana character, a katakana run, a
    /// Thai run): in a script written without spaces those are what the classifier's unigrams
    /// are made of, so a Japanese utterance in unseen words counts as unseen as an English one.
    func unseenWordShare(_ tokens: [Token]) -> Float {
        let seen = seenWords(tokens)
        var words = 0, unseen = 0
        for (i, token) in tokens.enumerated() where token.kind == .word || token.kind == .ideographic {
            words += 1
            if !seen[i] { unseen += 1 }
        }
        return words == 0 ? 0 : Float(unseen) / Float(words)
    }

    /// Per token, whether training saw it: a word-level feature of it has a row (tokens that are
    /// no words count as seen only when such a feature has one, too).
    func seenWords(_ tokens: [Token]) -> [Bool] {
        var seen = [Bool](repeating: false, count: tokens.count)
        rowOfBucket.withView { index in
            hasher.forEachOneWordFeature(tokens) { bucket, position in
                if index.row(bucket) >= 0 { seen[position] = true }
            }
        }
        return seen
    }
}
