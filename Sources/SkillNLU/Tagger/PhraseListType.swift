import BuiltInValues
import Foundation

/// A custom slot type that is a closed list of short fixed phrases: its slots are filled only
/// with its own values and synonyms (or a near match), never with words it does not list.
///
/// Some skills write every sample as slots ("{feedback} {action} {target} {tail}",
/// "{I_Like} {preferredSpecies}"), with filler types that list a few values, each with many
/// synonyms: "I want", "I think", "please", "to the", "yes I do". Their generated data never
/// shows a word outside a slot, so a tagger trained on it reads a user's carrier words ("show
/// me", "how about", "working with") as part of a filler. A type is such a phrase list when:
///
/// - it is a custom type with at most ``maximumValues`` values,
/// - it lists at least ``minimumFormsPerValue`` distinct forms (values and synonyms) per value:
///   few meanings said many ways, which is what a phrase list is and a list of things is not,
/// - none of its forms is longer than ``longestForm`` words, and
/// - a sample made only of slots, at least two of them, names one of its slots: where a sample
///   has words of its own around the slot, those words already bound the value, and a type
///   used only that way keeps the open reading of ``UnlistedValuePrior``.
///
/// Lists of things (products, cities, genres) have many values with few synonyms each and stay
/// open; so does any type of a model without all-slot samples (the public corpora have none
/// such). Decoding gives a phrase list's labels a prohibitive penalty on every word that no
/// form of the type contains (``UnlistedValuePrior/addPenalties(slots:tokenKeys:localOf:labels:into:)``),
/// so "i really like" still fills a slot whose forms say "I like" and "I really don't like",
/// while "working with" never does. Worked out from the schema; model files do not store it.
package enum PhraseListType {
    /// Most values a phrase list has.
    static let maximumValues = 5
    /// Fewest distinct forms per value of a phrase list.
    static let minimumFormsPerValue = 4
    /// Longest form of a phrase list, in words.
    static let longestForm = 6
    /// What decoding takes off a phrase list's labels on a word none of its forms contains:
    /// far beyond any score the tagger gives, so the label never wins there, yet finite, so
    /// the forward–backward sums stay numbers.
    static let unlistedPenalty: Float = 1_000

    /// Whether each type of `schema` (by index) is a closed phrase list.
    package static func closedTypes(schema: SkillSchema) -> [Bool] {
        if let stored = schema.storedClosedPhraseLists { return stored }
        let shaped = schema.types.map { isPhraseShaped($0, tokenizer: schema.tokenizer) }
        guard shaped.contains(true) else { return shaped }
        let named = typesInAllSlotSamples(schema: schema)
        return shaped.indices.map { shaped[$0] && named.contains($0) }
    }

    /// Whether `type` has the shape of a phrase list (all the rules but the samples').
    static func isPhraseShaped(_ type: SkillSchema.TypeInfo, tokenizer: Tokenizer) -> Bool {
        guard !type.isBuiltIn, !type.values.isEmpty, type.values.count <= maximumValues else { return false }
        guard type.surfaceForms.count >= type.values.count * minimumFormsPerValue else { return false }
        var forms: Set<String> = []
        for form in type.surfaceForms {
            let tokens = tokenizer.tokenize(form.text)
            guard tokens.count <= longestForm else { return false }
            if !tokens.isEmpty { forms.insert(tokens.map(\.folded).joined(separator: " ")) }
        }
        return forms.count >= type.values.count * minimumFormsPerValue
    }

    /// The types (by index) of the slots named in samples made only of slot references, at
    /// least two of them. Read from the sample texts' bytes, as ``UnlistedValuePrior`` counts uses.
    static func typesInAllSlotSamples(schema: SkillSchema) -> Set<Int> {
        var out: Set<Int> = []
        for intent in schema.intents where intent.slots.count >= 2 {
            let names = intent.slots.map { Array($0.name.utf8) }
            for var text in intent.sampleTexts {
                var slots: [Int] = []
                let onlySlots = text.withUTF8 { bytes -> Bool in
                    guard isOnlySlots(bytes) else { return false }
                    UnlistedValuePrior.slotReferences(in: bytes) { name in
                        if let s = names.firstIndex(where: { $0.elementsEqual(name) }) { slots.append(s) }
                    }
                    return true
                }
                guard onlySlots, slots.count >= 2 else { continue }
                for s in slots { out.insert(intent.slots[s].type) }
            }
        }
        return out
    }

    /// Whether a sample's UTF-8 holds nothing outside its `{…}` references but spaces.
    static func isOnlySlots(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var inside = false
        for b in bytes {
            if b == UInt8(ascii: "{") {
                inside = true
            } else if b == UInt8(ascii: "}") {
                inside = false
            } else if !inside, b != UInt8(ascii: " ") {
                return false
            }
        }
        return !inside
    }

    /// Whether the token keys of a span are a form of a phrase list, or one word away from one
    /// with at least two words in common (a word more, less or different: "i really love" of
    /// "I really like", "i think just" of "I think"), given the forms' token keys. A lone word
    /// is never near a longer form: "i" of "I will" says nothing the list knows.
    static func isNearListed(_ span: [UInt64], forms: [[UInt64]]) -> Bool {
        forms.contains { form in
            if form == span { return true }
            if form.count == span.count { return span.count >= 3 && zip(form, span).filter { $0 != $1 }.count <= 1 }
            guard abs(form.count - span.count) == 1, min(form.count, span.count) >= 2 else { return false }
            let (long, short) = form.count > span.count ? (form, span) : (span, form)
            var prefix = 0
            while prefix < short.count, short[prefix] == long[prefix] { prefix += 1 }
            return short[prefix...].elementsEqual(long[(prefix + 1)...])
        }
    }
}
