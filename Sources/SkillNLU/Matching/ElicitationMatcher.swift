import Foundation
import InteractionModel

/// Understands the answer to "which city?" while a dialog elicits one slot, from the model's own
/// words: the slot's samples ("in {city}", "{city} please", and the bare "{city}" every slot
/// has), the words of each intent's samples (to tell an answer from a change of subject), and
/// the carrier phrases people put around a bare value.
///
/// Two readings of the slot's samples:
/// - ``matchListed(_:keys:valueSpans:)``: every slot holds a value of its type (a listed value or
///   synonym, a built-in parser's find). Deterministic, as strong as an exact sample match.
/// - ``matchOpen(_:keys:valueSpans:)``: the elicited slot takes any words when its type is not
///   parsed (custom types, built-in list types such as AMAZON.US_FIRST_NAME, AMAZON.SearchQuery):
///   on Alexa a custom slot type is not an enumeration, and an elicited slot's value need not
///   be listed.
struct ElicitationMatcher: Sendable {
    /// The slots an answer fills, as token spans.
    struct Answer {
        var intent: Int
        /// (slot index within the intent, token start, token end exclusive).
        var slots: [(slot: Int, start: Int, end: Int)]
        /// How many of the answer's tokens are literal words of the sample that matched (0 for
        /// the bare "{slot}" sample).
        var literalTokens: Int
    }

    private struct Entry: Sendable {
        var intent: Int
        var slot: Int
        var listed: ExactMatcher
        /// Nil when the slot's type is parsed (numbers, dates …): its value must parse.
        var open: ExactMatcher?
    }

    /// The intent and slot index of every slot the model knows, by name.
    private let slotIndices: [ClassificationContext.ElicitedSlot: (intent: Int, slot: Int)]
    /// Each slot's matchers, compiled the first time the slot is elicited: a model has a pair
    /// for every slot of every intent (hundreds in a large skill), and compiling them all would
    /// make every load pay for dialogs that elicit a few slots or none.
    private let compiled: CompiledEntries
    /// Per schema intent, the literal words of its samples and the words an answer to one of
    /// its questions may use; built the first time an elicited answer needs them, since they
    /// take every sample of the model parsed and tokenized (tens of milliseconds for SNIPS,
    /// which loading a model file would otherwise spend for dialogs that may never come).
    private let words: WordSets
    let carriers: AnswerCarriers

    /// The matchers of the slots elicited so far, compiled under a lock so that threads
    /// sharing the model compile each slot's once and see them whole.
    private final class CompiledEntries: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [ClassificationContext.ElicitedSlot: Entry] = [:]
        private let compile: @Sendable (ClassificationContext.ElicitedSlot) -> Entry?

        init(_ compile: @escaping @Sendable (ClassificationContext.ElicitedSlot) -> Entry?) {
            self.compile = compile
        }

        func entry(_ slot: ClassificationContext.ElicitedSlot) -> Entry? {
            lock.withLock {
                if let known = entries[slot] { return known }
                let made = compile(slot)
                entries[slot] = made
                return made
            }
        }

        /// How many slots' matchers have been compiled (for tests of what loading builds).
        var count: Int { lock.withLock { entries.count } }
    }

    /// How many elicited slots' matchers the model has compiled so far.
    var compiledSlotCount: Int { compiled.count }

    /// The word sets of ``hasEvidence(for:against:keys:)`` and ``isAnswerWord(_:of:)``.
    final class WordSets: @unchecked Sendable {
        private let lock = NSLock()
        private var built: (intentWords: [Set<UInt64>], answerWords: [Set<UInt64>])?
        private let build: @Sendable () -> (intentWords: [Set<UInt64>], answerWords: [Set<UInt64>])

        init(_ build: @escaping @Sendable () -> (intentWords: [Set<UInt64>], answerWords: [Set<UInt64>])) {
            self.build = build
        }

        var sets: (intentWords: [Set<UInt64>], answerWords: [Set<UInt64>]) {
            lock.withLock {
                if let built { return built }
                let made = build()
                built = made
                return made
            }
        }
    }

    init(schema: SkillSchema, model: InteractionModel) {
        self.init(schema: schema, edges: AnswerCarriers.SampleEdges(model: model), model: { model })
    }

    /// A matcher whose slot samples come from `model`, asked for the first time a slot is
    /// elicited (a loaded file's interaction model is decoded then, not at load).
    init(schema: SkillSchema, edges: AnswerCarriers.SampleEdges, model: @escaping @Sendable () -> InteractionModel) {
        carriers = AnswerCarriers(schema: schema, edges: edges)
        @Sendable func words(_ samples: [SampleTemplate]) -> Set<UInt64> {
            var out: Set<UInt64> = []
            for sample in samples {
                for case .text(let s) in sample.parts {
                    for t in schema.tokenizer.tokenize(s) { out.insert(PhraseTrie.key(t)) }
                }
            }
            return out
        }
        var slotIndices: [ClassificationContext.ElicitedSlot: (intent: Int, slot: Int)] = [:]
        for (ii, intent) in schema.intents.enumerated() {
            for (si, slot) in intent.slots.enumerated() { slotIndices[.init(intent: intent.name, slot: slot.name)] = (ii, si) }
        }
        self.slotIndices = slotIndices
        compiled = CompiledEntries { [slotIndices] eliciting in
            guard let (ii, si) = slotIndices[eliciting] else { return nil }
            let intent = schema.intents[ii], slot = intent.slots[si]
            let declared = model().intent(named: intent.name)
            let slotSamples = (["{\(slot.name)}"] + (declared?.slot(named: slot.name)?.samples ?? [])).map(SampleTemplate.lenient)
            let entry = [(intent.slots, slotSamples)]
            let listed = ExactMatcher(entries: entry, schema: schema, takesAnyWords: { _, _ in false })
            let takesUnlisted = schema.types[slot.type].builtInKind == nil
            let open = takesUnlisted
                ? ExactMatcher(entries: entry, schema: schema, takesAnyWords: { _, s in s.name == slot.name })
                : nil
            return Entry(intent: ii, slot: si, listed: listed, open: open)
        }
        self.words = WordSets {
            var intentWords: [Set<UInt64>] = []
            var answerWords: [Set<UInt64>] = []
            let model = model()
            for intent in schema.intents {
                let declared = model.intent(named: intent.name)
                let own = words(intent.samples)
                var answers = own
                for slot in intent.slots {
                    let slotSamples = (["{\(slot.name)}"] + (declared?.slot(named: slot.name)?.samples ?? [])).map(SampleTemplate.lenient)
                    answers.formUnion(words(slotSamples))
                }
                intentWords.append(own)
                answerWords.append(answers)
            }
            return (intentWords, answerWords)
        }
    }

    /// The intent and slot index of an elicited slot the model knows.
    func indices(of eliciting: ClassificationContext.ElicitedSlot) -> (intent: Int, slot: Int)? {
        slotIndices[eliciting]
    }

    /// The answer spells one of the slot's samples with values of the slots' types.
    func matchListed(_ eliciting: ClassificationContext.ElicitedSlot, keys: [UInt64],
                     valueSpans: ValueSpans) -> Answer? {
        guard let entry = compiled.entry(eliciting) else { return nil }
        return answer(entry, entry.listed, keys: keys, valueSpans: valueSpans)
    }

    /// The answer spells one of the slot's samples, the elicited slot taking any words (nil for
    /// a slot of a parsed type). Of several readings, the one with the most literal words wins.
    func matchOpen(_ eliciting: ClassificationContext.ElicitedSlot, keys: [UInt64],
                   valueSpans: ValueSpans) -> Answer? {
        guard let entry = compiled.entry(eliciting), let open = entry.open else { return nil }
        return answer(entry, open, keys: keys, valueSpans: valueSpans)
    }

    private func answer(_ entry: Entry, _ matcher: ExactMatcher, keys: [UInt64],
                        valueSpans: ValueSpans) -> Answer? {
        guard let m = matcher.matches(keys: keys, valueSpans: valueSpans, limit: 1).first else { return nil }
        let slotTokens = m.slots.reduce(0) { $0 + $1.end - $1.start }
        return Answer(intent: entry.intent, slots: m.slots, literalTokens: keys.count - slotTokens)
    }

    /// Whether `key` is a word an answer to a question of `intent` may carry besides values:
    /// a word of its samples or its slots' samples, or of a carrier phrase.
    func isAnswerWord(_ key: UInt64, of intent: Int) -> Bool {
        words.sets.answerWords[intent].contains(key) || carriers.words.contains(key)
    }

    /// Whether the answer says something of intent `other` that an answer to intent `asking`
    /// would not: a literal word of `other`'s samples that is none of `asking`'s samples' or
    /// slot samples' words, nor a carrier any answer may have. "Make it a calzone" is not
    /// evidence for another intent's "make it {method}" while the pizza is asked for ("make it
    /// a {pizza}" is the pizza's own sample); "Ada" (a bare value) is evidence for nothing, and
    /// neither are "मुझे … चाहिए" (I need …) around a date because a help sample says "मुझे
    /// मदद चाहिए".
    func hasEvidence(for other: Int, against asking: Int, keys: [UInt64]) -> Bool {
        let sets = words.sets
        return keys.contains {
            sets.intentWords[other].contains($0) && !sets.answerWords[asking].contains($0) && !carriers.words.contains($0)
        }
    }
}
