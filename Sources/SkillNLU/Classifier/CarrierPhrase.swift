import BuiltInValues

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
/// Values of short lists are the exception (``TrainingOptions/carrierKeptListLimit``): their
/// words stay, whichever slot a reading gives them, since a handful of ways to say "times" or
/// "meal" is the intent's wording rather than an open set of names.
package enum CarrierPhrase {
    /// What stands in for a slot value. The tokenizer splits `<` and `>` off words, so no
    /// token of an utterance is ever spelt like this.
    static let placeholder = Token(text: "<slot>", normalized: "<slot>", folded: "<slot>", range: 0..<0, kind: .word)

    /// `tokens` with each labelled span (``SlotLabels``, one label per token) replaced by one
    /// ``placeholder``, except spans of the slots `kept` marks (indexed by slot, as
    /// ``keptSlots(_:limit:)`` gives them; empty keeps none), whose words stay; `tokens`
    /// unchanged when the labels do not fit them.
    static func tokens(_ tokens: [Token], labels: [Int32], keeping kept: [Bool] = []) -> [Token] {
        Self.tokens(tokens, pattern: pattern(tokenCount: tokens.count, labels: labels, keeping: kept))
    }

    /// The carrier phrase of `tokenCount` tokens labelled `labels` as the indices of the
    /// tokens it keeps, -1 standing for ``placeholder`` (every index when the labels do not fit
    /// the tokens): two readings with the same pattern have the same carrier phrase.
    static func pattern(tokenCount: Int, labels: [Int32], keeping kept: [Bool] = []) -> [Int] {
        guard labels.count == tokenCount else { return Array(0..<tokenCount) }
        var out: [Int] = []
        out.reserveCapacity(tokenCount)
        for (t, label) in labels.enumerated() {
            if label == 0 || keeps(kept, label) {
                out.append(t)
            } else if SlotLabels.isBegin(label) {
                out.append(-1)
            }
        }
        return out
    }

    /// The tokens of a ``pattern(tokenCount:labels:keeping:)`` of `tokens`.
    static func tokens(_ tokens: [Token], pattern: [Int]) -> [Token] {
        pattern.map { $0 < 0 ? placeholder : tokens[$0] }
    }

    /// One example per distinct (intent, carrier phrase) of `examples`, each of weight 1.
    ///
    /// A sample filled many times is one carrier, not many. The intents are not balanced:
    /// with balanced weights the carrier classifier gave the few carriers of a small intent
    /// the utterances a large intent says the same way.
    package static func examples(from examples: some Sequence<TrainingExample>, keeping kept: [Bool] = []) -> [ClassifierExample] {
        var seen = Set<String>()
        var out: [ClassifierExample] = []
        for example in examples {
            let carrier = tokens(example.tokens, labels: example.labels, keeping: kept)
            let key = "\(example.intent)\u{1F}" + carrier.map(\.normalized).joined(separator: " ")
            if seen.insert(key).inserted { out.append(ClassifierExample(tokens: carrier, label: example.intent)) }
        }
        return out
    }

    /// Per slot (``SkillSchema/slotNames`` order), whether its values keep their words in
    /// carrier phrases: a slot whose custom type lists at most `limit` values and synonyms in
    /// some intent. Built-in types are always replaced (their values are numbers and dates,
    /// however few words make them up).
    package static func keptSlots(_ schema: SkillSchema, limit: Int) -> [Bool] {
        guard limit > 0 else { return [] }
        return schema.typesOfSlotName.map { types in
            types.contains { !schema.types[$0].isBuiltIn && schema.types[$0].surfaceFormCount <= limit }
        }
    }

    @inline(__always) static func keeps(_ kept: [Bool], _ label: Int32) -> Bool {
        let slot = SlotLabels.slot(of: label)
        return slot < kept.count && kept[slot]
    }
}
