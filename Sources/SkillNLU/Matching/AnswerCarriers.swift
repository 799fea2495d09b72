import InteractionModel

/// The words around a bare answer that are not part of the value: "*it's* Ada", "*for his*
/// retirement", "pepperoni *please*".
///
/// Two sources: the model's own slot samples (the text before the first slot of "it is for my
/// {relationship}" and after the last slot of "{preference} music", from every slot of every
/// intent: people use the same carriers for every question), which works in any locale; and a
/// short list of conversational lead-ins and trailers per language (English only so far).
struct AnswerCarriers: Sendable {
    private let prefixes: Set<[UInt64]>
    private let suffixes: Set<[UInt64]>
    private let longest: Int
    /// Every word of every carrier phrase.
    let words: Set<UInt64>

    /// Conversational lead-ins, by language code.
    static let leadIns: [String: [String]] = [
        "en": ["it's", "it is", "its", "it's for", "it is for", "that's", "that is", "it should be", "it'll be",
               "i want", "i'd like", "i would like", "i'll take", "i'll have", "i'll go with", "let's go with",
               "let's say", "let's do", "go with", "how about", "what about", "make it", "make that",
               "i think", "i guess", "maybe", "um", "uh", "er", "erm", "hmm", "for", "the answer is", "my answer is"],
    ]
    /// Conversational trailers, by language code.
    static let trailers: [String: [String]] = [
        "en": ["please", "thanks", "thank you", "i think", "i guess", "maybe", "then"],
    ]

    init(schema: SkillSchema, model: InteractionModel) {
        let tokenizer = schema.tokenizer
        var prefixes: Set<[UInt64]> = [], suffixes: Set<[UInt64]> = []
        func add(_ text: String, to set: inout Set<[UInt64]>) {
            let phrase = tokenizer.tokenize(text).map(PhraseTrie.key)
            if !phrase.isEmpty { set.insert(phrase) }
        }
        for intent in model.languageModel.intents {
            for slot in intent.slots {
                for sample in slot.samples {
                    let parts = SampleTemplate.lenient(sample).parts
                    guard parts.contains(where: { if case .slot = $0 { true } else { false } }) else { continue }
                    if case .text(let s)? = parts.first { add(s, to: &prefixes) }
                    if case .text(let s)? = parts.last { add(s, to: &suffixes) }
                }
            }
        }
        let language = String(tokenizer.localeIdentifier.prefix { $0 != "-" && $0 != "_" }).lowercased()
        for s in Self.leadIns[language] ?? [] { add(s, to: &prefixes) }
        for s in Self.trailers[language] ?? [] { add(s, to: &suffixes) }
        self.prefixes = prefixes
        self.suffixes = suffixes
        longest = prefixes.union(suffixes).map(\.count).max() ?? 0
        words = Set(prefixes.union(suffixes).joined())
    }

    /// The tokens left of `keys` once leading and trailing carriers are taken off, longest
    /// carrier first and repeatedly; never empty (an answer of carriers alone is kept whole).
    func value(in keys: [UInt64]) -> Range<Int> {
        var start = 0, end = keys.count
        var changed = true
        while changed {
            changed = false
            for n in stride(from: min(longest, end - start - 1), through: 1, by: -1) {
                if prefixes.contains(Array(keys[start..<start + n])) { start += n; changed = true; break }
            }
            for n in stride(from: min(longest, end - start - 1), through: 1, by: -1) {
                if suffixes.contains(Array(keys[end - n..<end])) { end -= n; changed = true; break }
            }
        }
        return start..<end
    }
}
