import BuiltInValues
import SkillNLU

/// Requests around the keywords an intent's samples are made of: "where can i get coffee" for
/// an intent whose only sample is "coffee".
///
/// Menu-like skills name an intent by a word or two ("coffee", "lunch", "go out"), and people
/// say the word inside a request of their own. The classifier meets the keyword once, and the
/// fallback's examples (everyday requests, word salads of the skill's own words) say the
/// request's other words many times, so "where can i get a good cup of coffee" fell back. Each
/// keyword intent — no slots, every sample at most ``longestKeyword`` words — is taught its
/// samples inside the request openings and endings people say to any skill: the language's
/// everyday carriers (``EverydayCarriers``) and the function words that open and close the
/// everyday requests the skill keeps (``EverydayRequests``). Intents whose samples are
/// sentences are left alone: their own words already say what a request to them sounds like,
/// and wrapping them teaches that any request in those wrappers is theirs.
struct KeywordRequests {
    /// Phrases said before a keyword, tokenized.
    var leading: [[Token]]
    /// Phrases said after one, tokenized.
    var trailing: [[Token]]
    let tokenizer: Tokenizer

    /// An intent whose every sample has at most this many words is a keyword intent.
    static let longestKeyword = 2
    /// At most this many function words make one opening or ending taken from an everyday request.
    static let longestWrapper = 3
    /// Requests made per keyword intent.
    static let perIntent = 40

    /// The wrappers of the schema's language (none for a language without carriers or
    /// everyday requests), with `everydayRequests` the requests the skill's fallback learns.
    init(schema: SkillSchema, everydayRequests: [[Token]]) {
        let tokenizer = schema.tokenizer
        let carriers = EverydayCarriers.forLocale(tokenizer.localeIdentifier)
        var leading = (carriers?.leading ?? []).map { tokenizer.tokenize($0) }
        var trailing = (carriers?.trailing ?? []).map { tokenizer.tokenize($0) }
        let language = BuiltInLocaleTables.language(of: tokenizer.localeIdentifier)
        let functionWords = EverydayRequests.folded(FunctionWords.words(language: language), tokenizer)
        for request in everydayRequests where request.count > 1 {
            let opening = request.prefix { functionWords.contains($0.folded) }.prefix(Self.longestWrapper)
            if !opening.isEmpty, opening.count < request.count { leading.append(Array(opening)) }
            let ending = request.reversed().prefix { functionWords.contains($0.folded) }.prefix(Self.longestWrapper)
            if !ending.isEmpty, ending.count < request.count { trailing.append(ending.reversed()) }
        }
        func distinct(_ phrases: [[Token]]) -> [[Token]] {
            var seen = Set<String>()
            return phrases.filter { !$0.isEmpty && seen.insert($0.map(\.folded).joined(separator: " ")).inserted }
        }
        self.tokenizer = tokenizer
        self.leading = distinct(leading)
        self.trailing = distinct(trailing)
    }

    /// The custom intents of `schema` whose samples are keywords (not `excluded`).
    static func keywordIntents(_ schema: SkillSchema, excluding excluded: Int?) -> [Int] {
        schema.intents.indices.filter { i in
            let intent = schema.intents[i]
            guard i != excluded, !intent.isBuiltIn, intent.slots.isEmpty, !intent.samples.isEmpty else { return false }
            return intent.samples.allSatisfy { sample in
                sample.slotNames.isEmpty && schema.tokenizer.tokenize(sample.canonicalText).count <= longestKeyword
            }
        }
    }

    /// ``perIntent`` requests for each of `intents`: one of its samples after an opening, before
    /// an ending, or both. Deterministic for `seed`; none without wrappers.
    func requests(for intents: [Int], schema: SkillSchema, seed: UInt64) -> [(tokens: [Token], intent: Int)] {
        guard !leading.isEmpty || !trailing.isEmpty else { return [] }
        var rng = SeededGenerator(seed: seed)
        var out: [(tokens: [Token], intent: Int)] = []
        for i in intents {
            let samples = schema.intents[i].samples.map(\.canonicalText)
            for _ in 0..<Self.perIntent {
                let lead = !leading.isEmpty && (trailing.isEmpty || rng.unit() < 0.8)
                let trail = !trailing.isEmpty && (!lead || rng.unit() < 0.3)
                let before = lead ? leading[rng.index(leading.count)].map(\.text) : []
                let after = trail ? trailing[rng.index(trailing.count)].map(\.text) : []
                let text = (before + [samples[rng.index(samples.count)]] + after).joined(separator: " ")
                out.append((tokenizer.tokenize(text), i))
            }
        }
        return out
    }
}
