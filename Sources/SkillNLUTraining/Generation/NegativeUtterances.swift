import BuiltInValues

/// Out-of-domain training utterances for AMAZON.FallbackIntent, made from the model's own
/// words.
///
/// A model knows its intents only from their samples; without examples of what lies outside
/// them, every utterance lands on some intent with a confident score. Requests outside a skill
/// mostly share its everyday words ("what", "can you", "my") but not the combination that
/// makes a request one of its intents. So each negative takes a length from the samples, and
/// each of its words from the carrier words of an intent drawn anew for every word: mixtures
/// no single intent says. A draw whose words all occur in one intent's samples is left out:
/// it may well be a real request ("where is my order"), and teaching it as out of domain
/// would cost small skills their own samples. They train the classifier only (never the slot tagger), and only when
/// the model declares AMAZON.FallbackIntent, beside whatever samples that intent has.
public struct NegativeUtterances {
    public let schema: SkillSchema

    public init(schema: SkillSchema) { self.schema = schema }

    /// Up to `count` negatives, deterministic for `seed`; fewer when few draws mix intents,
    /// none when the model has fewer than two intents with carrier words.
    public func generate(count: Int, seed: UInt64) -> [[Token]] {
        let tokenizer = schema.tokenizer
        var wordsPerIntent: [[String]] = []
        var lengths: [Int] = []
        for intent in schema.intents where intent.name != "AMAZON.FallbackIntent" {
            var words: [String] = []
            for sample in intent.samples {
                var length = 0
                for part in sample.parts {
                    switch part {
                    case .text(let text):
                        let tokens = tokenizer.tokenize(text)
                        words += tokens.map(\.text)
                        length += tokens.count
                    case .slot:
                        length += 1
                    }
                }
                if length > 0 { lengths.append(length) }
            }
            if !words.isEmpty { wordsPerIntent.append(words) }
        }
        guard wordsPerIntent.count >= 2, count > 0 else { return [] }
        // For each word, the intents whose samples say it.
        var intentsOfWord: [String: [Int]] = [:]
        for (i, words) in wordsPerIntent.enumerated() {
            for w in Set(words) { intentsOfWord[w, default: []].append(i) }
        }
        var rng = SeededGenerator(seed: seed)
        var out: [[Token]] = []
        out.reserveCapacity(count)
        var attempts = 0
        while out.count < count, attempts < count * 8 {
            attempts += 1
            let length = max(2, lengths[rng.index(lengths.count)])
            var words: [String] = []
            var common: Set<Int>?
            for _ in 0..<length {
                let pool = wordsPerIntent[rng.index(wordsPerIntent.count)]
                let word = pool[rng.index(pool.count)]
                words.append(word)
                let intents = Set(intentsOfWord[word] ?? [])
                common = common.map { $0.intersection(intents) } ?? intents
            }
            // Some intent says every word: perhaps a real request.
            guard common?.isEmpty ?? true else { continue }
            let tokens = tokenizer.tokenize(words.joined(separator: " "))
            if !tokens.isEmpty { out.append(tokens) }
        }
        return out
    }
}
