import BuiltInValues
import Foundation
import InteractionModel

/// The literal words of each intent's samples, as phrases, to tell a carrier phrase from a
/// slot value: "like to hear" of "i would like to hear {mix}" is never a mix, and "some" of
/// "play some {genre}" is not part of the genre in "put on some blues".
///
/// Built per intent the first time an utterance of it needs them (an intent of SNIPS has
/// thousands of samples; a model that is loaded and never asked should not pay for them), from
/// the exact layer's trie of the samples, which holds their words already tokenized and each
/// shared run of words once (``SampleCarriers/build(intent:ends:)``).
final class SampleCarriers: @unchecked Sendable {
    /// One intent's carrier phrases, as token keys (``PhraseTrie/key(_:)``).
    struct Phrases {
        /// Every run of up to ``longest`` words of a sample's text between slots.
        var inner = KeyRunSet()
        /// The last one to three words of a text that a slot follows ("some" and "play some" of
        /// "play some {genre}").
        var leading = KeyRunSet()
        /// The first one to three words of a text that follows a slot ("music" of "{genre} music").
        var trailing = KeyRunSet()
        /// Whole texts of up to ``longestRequest`` words that a slot follows ("play", "listen to",
        /// "i want to hear"): what a request says right before its free text.
        var leadingWhole = KeyRunSet()
        /// The slots a sample says alone, with no word around them ("{answer}"): such a sample
        /// takes the whole utterance as the value, and so the words people say around an answer.
        var bare: Set<String> = []
        /// Whole samples without a slot, of up to ``longest`` words ("where i left off",
        /// "keep listening"): requests of their own, which a value said beside them is not part of.
        var requests: Set<[UInt64]> = []
        /// The first two words of each of ``requests`` that has two or more ("where i" of
        /// "where i left off"): where such a request starts after a value, the value has ended.
        var requestOpenings: Set<[UInt64]> = []
    }

    /// Longest run of words kept in ``Phrases/inner``; longer tagged spans are never carriers.
    static let longest = 6
    /// Longest carrier taken off a span's edge.
    static let longestEdge = 3
    /// Longest whole text kept in ``Phrases/leadingWhole``.
    static let longestRequest = 5

    let schema: SkillSchema
    /// The compiled samples the phrases are read from.
    let matcher: ExactMatcher
    private let lock = NSLock()
    // The caches below are read and written under `lock` only, so the runtime's exclusivity
    // check (a few dozen instructions an access, several accesses an utterance) is left out.
    @exclusivity(unchecked) private var phrases: [Int: Shared] = [:]

    /// One intent's phrases held by reference: the slot rules read a few of their sets per
    /// span, and fetching them this way retains one object instead of copying every set.
    final class Shared: Sendable {
        let phrases: Phrases
        init(_ phrases: Phrases) { self.phrases = phrases }
    }
    /// Where each intent's samples end in ``matcher``'s trie, found with the first phrases asked for.
    @exclusivity(unchecked) private var sampleEnds: [[(sample: Int, node: Int32)]]?
    @exclusivity(unchecked) private var typeWords: [Int: Set<UInt64>] = [:]
    /// Every type's words as the gazetteer's paths give them (``words(of:)``), once walked.
    @exclusivity(unchecked) private var gazetteerWords: [[UInt64]]?
    @exclusivity(unchecked) private var carrierWords: Set<UInt64>?
    /// Words said after a request that end no value ("please", "thank you", "i think"): the
    /// language's ``AnswerCarriers/trailers``.
    let trailers: KeyRunSet
    /// The language's words around a request's free text.
    let requestWords: RequestWords

    init(schema: SkillSchema, matcher: ExactMatcher) {
        self.schema = schema
        self.matcher = matcher
        let tokenizer = schema.tokenizer
        requestWords = RequestWords(tokenizer: tokenizer)
        trailers = KeyRunSet((AnswerCarriers.trailers[tokenizer.languageCode] ?? []).map { tokenizer.tokenize($0).map(PhraseTrie.key) }
            .filter { !$0.isEmpty })
    }

    /// Intent `intent`'s carrier phrases.
    func phrases(of intent: Int) -> Phrases { shared(of: intent).phrases }

    /// ``phrases(of:)`` by reference.
    func shared(of intent: Int) -> Shared {
        if let known = lock.withLock({ phrases[intent] }) { return known }
        let ends = lock.withLock {
            if let sampleEnds { return sampleEnds[intent] }
            let all = matcher.sampleEnds()
            sampleEnds = all
            return all[intent]
        }
        let made = build(intent: intent, ends: ends)
        let shared = Shared(made)
        lock.withLock { phrases[intent] = shared }
        return shared
    }

    /// The words of schema type `type`'s listed forms (values, synonyms, our examples of a
    /// built-in list type): a carrier word that is also one of them may begin or end a value.
    /// A loaded schema gives every type's in one walk of its gazetteer
    /// (``SkillSchema/formTokens(ofTypes:)``), made the first time a type's are asked for; a
    /// schema just trained tokenizes the forms of the type asked for.
    func words(of type: Int) -> Set<UInt64> {
        if let known = lock.withLock({ typeWords[type] }) { return known }
        let made: Set<UInt64>
        if schema.storedSampleUses != nil {
            let all = lock.withLock {
                if let gazetteerWords { return gazetteerWords }
                let walked = schema.formTokens(ofTypes: [Bool](repeating: true, count: schema.types.count))
                gazetteerWords = walked
                return walked
            }
            made = Set(all[type])
        } else {
            made = Set(schema.formTokens(ofTypes: schema.types.indices.map { $0 == type })[type])
        }
        lock.withLock { typeWords[type] = made }
        return made
    }

    /// The words that name no value by themselves: the language's function words
    /// (``FunctionWords``) and every word a sample of the skill says outside its slots
    /// (``ExactMatcher/literalWords``), as token keys. Made the first time a span is judged.
    func wordsOfNoValue() -> Set<UInt64> {
        if let known = lock.withLock({ carrierWords }) { return known }
        var made = Set(matcher.literalWords)
        for word in FunctionWords.words(language: schema.tokenizer.languageCode) {
            for t in schema.tokenizer.tokenize(word) { made.insert(PhraseTrie.key(t)) }
        }
        lock.withLock { carrierWords = made }
        return made
    }

    /// Adds the phrases of one sample, read from its parsed template (for samples the trie
    /// does not hold, and as the definition the trie's reading follows).
    static func add(_ sample: SampleTemplate, tokenizer: Tokenizer, to out: inout Phrases) {
        let parts = sample.parts
        if let slot = bareSlot(of: sample) { out.bare.insert(slot) }
        if parts.count == 1, case .text(let text) = parts[0] {
            addRequest(tokenizer.tokenize(text).map(PhraseTrie.key), to: &out)
        }
        for (p, part) in parts.enumerated() {
            guard case .text(let text) = part else { continue }
            let keys = tokenizer.tokenize(text).map(PhraseTrie.key)
            guard !keys.isEmpty else { continue }
            for start in keys.indices {
                for end in (start + 1)...min(keys.count, start + longest) { out.inner.insert(keys[start..<end]) }
            }
            let edge = min(longestEdge, keys.count)
            if p + 1 < parts.count, case .slot = parts[p + 1] {
                for n in 1...edge { out.leading.insert(keys[(keys.count - n)...]) }
                if keys.count <= longestRequest { out.leadingWhole.insert(keys[...]) }
            }
            if p > 0, case .slot = parts[p - 1] {
                for n in 1...edge { out.trailing.insert(keys[..<n]) }
            }
        }
    }

    /// Adds the words of a whole sample without a slot to ``Phrases/requests`` and
    /// ``Phrases/requestOpenings``.
    static func addRequest(_ keys: [UInt64], to out: inout Phrases) {
        guard !keys.isEmpty, keys.count <= longest else { return }
        out.requests.insert(keys)
        if keys.count >= 2 { out.requestOpenings.insert(Array(keys.prefix(2))) }
    }

    /// The slot a sample says alone, with nothing but white space around it ("{answer}").
    static func bareSlot(of sample: SampleTemplate) -> String? {
        let parts = sample.parts
        let slots = parts.compactMap { part -> String? in if case .slot(let name, _) = part { name } else { nil } }
        guard slots.count == 1,
              parts.allSatisfy({ if case .text(let t) = $0 { t.allSatisfy(\.isWhitespace) } else { true } }) else { return nil }
        return slots[0]
    }
}
