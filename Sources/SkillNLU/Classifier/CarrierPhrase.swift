/// The carrier phrase of an utterance: its words with every slot value replaced by one
/// placeholder ("what time can i see ⟨slot⟩").
///
/// The model's second intent classifier (``NLUModel``'s carrier classifier) learns intents
/// from the carrier phrases of the generated utterances and, in joint decoding, judges each
/// candidate intent's reading by its carrier alone. The main classifier sees every word, and
/// a long title nobody listed ("when can i see the conflicts of life") brings many n-grams
/// that lean towards whichever intent was filled with more titles, outvoting the few words
/// that say what is asked; the carrier classifier cannot be swayed by the value, so the
/// carrier gets a say of its own.
///
/// Every slot becomes the same placeholder, whatever its type: a placeholder per slot or
/// type would name the candidate intent's own slots, and each reading would confirm itself.
enum CarrierPhrase {
    /// What stands in for a slot value. The tokenizer splits `<` and `>` off words, so no
    /// token of an utterance is ever spelt like this.
    static let placeholder = Token(text: "<slot>", normalized: "<slot>", folded: "<slot>", range: 0..<0, kind: .word)

    /// `tokens` with each labelled span (``SlotLabels``, one label per token) replaced by one
    /// ``placeholder``; `tokens` unchanged when the labels do not fit them.
    static func tokens(_ tokens: [Token], labels: [Int32]) -> [Token] {
        guard labels.count == tokens.count else { return tokens }
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        for (token, label) in zip(tokens, labels) {
            if label == 0 {
                out.append(token)
            } else if SlotLabels.isBegin(label) {
                out.append(placeholder)
            }
        }
        return out
    }

    /// One example per distinct (intent, carrier phrase) of `examples`, each of weight 1.
    ///
    /// A sample filled many times is one carrier, not many. The intents are not balanced:
    /// with balanced weights the carrier classifier gave the few carriers of a small intent
    /// the utterances a large intent says the same way (ATIS dev 97.40 → 97.00 % intent
    /// accuracy at weights ∝ count^-½, 97.20 at count^-1, 97.40 unbalanced).
    static func examples(from examples: some Sequence<TrainingExample>) -> [ClassifierExample] {
        var seen = Set<String>()
        var out: [ClassifierExample] = []
        for example in examples {
            let carrier = tokens(example.tokens, labels: example.labels)
            let key = "\(example.intent)\u{1F}" + carrier.map(\.normalized).joined(separator: " ")
            if seen.insert(key).inserted { out.append(ClassifierExample(tokens: carrier, label: example.intent)) }
        }
        return out
    }
}
