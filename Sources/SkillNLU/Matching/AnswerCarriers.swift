import InteractionModel

/// The words around a bare answer that are not part of the value: "*it's* Ada", "*for his*
/// retirement", "pepperoni *please*".
///
/// Two sources: the model's own slot samples (the text before the first slot of "it is for my
/// {relationship}" and after the last slot of "{preference} music", from every slot of every
/// intent: people use the same carriers for every question), which works in any locale; and a
/// short list of conversational lead-ins and trailers per language (en, de, es, fr, it, pt, ja,
/// hi, ar), with English lead-ins that name what the answer is about ("her favorite movie is").
/// The lists leave out words that begin values ("este" of "este lunes", a bare "è").
///
/// Used for an elicited answer and for the value of a bare "{slot}" sample said outside a dialog,
/// which is an answer too.

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
               "i think", "i guess", "maybe", "um", "uh", "er", "erm", "hmm", "for", "the answer is", "my answer is",
               "i'd say", "i would say", "i'd go with", "i'll go for", "probably", "definitely", "i pick", "i choose"],
        "de": ["es ist", "das ist", "es ist für", "ich möchte", "ich hätte gern", "ich hätte gerne", "ich nehme",
               "ich will", "wie wäre es mit", "was ist mit", "nimm", "mach", "ich glaube", "vielleicht", "ähm", "äh",
               "hm", "also", "für", "die antwort ist"],
        "es": ["es", "es para", "son", "quiero", "me gustaría", "quisiera", "voy a tomar", "tomaré", "qué tal", "y si",
               "pon", "creo que", "quizás", "tal vez", "eh", "pues", "para", "la respuesta es"],
        "fr": ["c'est", "c'est pour", "ce sera", "je voudrais", "j'aimerais", "je veux", "je prends", "je vais prendre",
               "et si", "disons", "mets", "je pense", "peut-être", "euh", "ben", "bah", "pour", "la réponse est"],
        "it": ["è per", "sono", "vorrei", "voglio", "prendo", "che ne dici di", "e se", "diciamo", "metti", "penso",
               "forse", "ehm", "allora", "per", "la risposta è"],
        "pt": ["é para", "eu quero", "eu gostaria", "gostaria", "quero", "vou querer", "que tal", "e se", "digamos",
               "coloca", "acho que", "talvez", "hum", "para", "a resposta é"],
        "ja": ["えっと", "えーと", "あの", "うーん"],
        "hi": ["अम्म", "मतलब", "शायद", "मुझे"],
        "ar": ["أريد", "اريد", "أبغى", "ابغى", "بدي", "ممكن", "يعني", "أعتقد", "ربما", "امم"],
    ]
    /// Conversational trailers, by language code.
    static let trailers: [String: [String]] = [
        "en": ["please", "thanks", "thank you", "i think", "i guess", "maybe", "then"],
        "de": ["bitte", "danke", "ich glaube", "vielleicht", "dann"],
        "es": ["por favor", "gracias", "creo", "entonces"],
        "fr": ["s'il vous plaît", "s'il te plaît", "merci", "je pense", "alors"],
        "it": ["per favore", "grazie", "penso", "allora"],
        "pt": ["por favor", "obrigado", "obrigada", "acho", "então"],
        "ja": ["です", "でお願いします", "でお願い", "お願いします", "にして", "にします", "かな"],
        "hi": ["चाहिए", "प्लीज़", "कृपया", "धन्यवाद"],
        "ar": ["من فضلك", "لو سمحت", "شكرا", "شكراً"],
    ]

    /// Lead-ins that name what the answer is about, by language code: the words before and after
    /// one or two words naming it ("her favorite *movie* is", "my favourite *band* would be").
    static let namingLeadIns: [String: [(before: [String], after: [String])]] = [
        "en": [(["my", "his", "her", "their", "our"].flatMap { ["\($0) favorite", "\($0) favourite"] }, ["is", "was", "would be"])],
    ]

    /// ``namingLeadIns`` of the language, as token keys.
    private let naming: [(before: Set<[UInt64]>, after: Set<[UInt64]>)]

    /// The texts before the first slot and after the last slot of the model's slot samples, in
    /// the order the samples give them (what a model file's outline stores).
    struct SampleEdges: Sendable {
        var prefixes: [String]
        var suffixes: [String]

        init(prefixes: [String], suffixes: [String]) {
            self.prefixes = prefixes
            self.suffixes = suffixes
        }

        init(model: InteractionModel) {
            prefixes = []
            suffixes = []
            for intent in model.languageModel.intents {
                for slot in intent.slots {
                    for sample in slot.samples {
                        let parts = SampleTemplate.lenient(sample).parts
                        guard parts.contains(where: { if case .slot = $0 { true } else { false } }) else { continue }
                        if case .text(let s)? = parts.first { prefixes.append(s) }
                        if case .text(let s)? = parts.last { suffixes.append(s) }
                    }
                }
            }
        }
    }

    /// The edges the carriers were built from.
    let edges: SampleEdges

    init(schema: SkillSchema, model: InteractionModel) {
        self.init(schema: schema, edges: SampleEdges(model: model))
    }

    init(schema: SkillSchema, edges: SampleEdges) {
        let tokenizer = schema.tokenizer
        var prefixes: Set<[UInt64]> = [], suffixes: Set<[UInt64]> = []
        func add(_ text: String, to set: inout Set<[UInt64]>) {
            let phrase = tokenizer.tokenize(text).map(PhraseTrie.key)
            if !phrase.isEmpty { set.insert(phrase) }
        }
        self.edges = edges
        for s in edges.prefixes { add(s, to: &prefixes) }
        for s in edges.suffixes { add(s, to: &suffixes) }
        let language = tokenizer.languageCode
        for s in Self.leadIns[language] ?? [] { add(s, to: &prefixes) }
        for s in Self.trailers[language] ?? [] { add(s, to: &suffixes) }
        naming = (Self.namingLeadIns[language] ?? []).map { frame in
            (Set(frame.before.map { tokenizer.tokenize($0).map(PhraseTrie.key) }), Set(frame.after.map { tokenizer.tokenize($0).map(PhraseTrie.key) }))
        }
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
            if let n = namingLeadIn(in: keys[start..<end]) { start += n; changed = true }
            for n in stride(from: min(longest, end - start - 1), through: 1, by: -1) {
                if prefixes.contains(Array(keys[start..<start + n])) { start += n; changed = true; break }
            }
            for n in stride(from: min(longest, end - start - 1), through: 1, by: -1) {
                if suffixes.contains(Array(keys[end - n..<end])) { end -= n; changed = true; break }
            }
        }
        return start..<end
    }

    /// How many tokens a naming lead-in ("her favorite movie is") takes at the start of `keys`,
    /// when at least one token is left after it.
    private func namingLeadIn(in keys: ArraySlice<UInt64>) -> Int? {
        let keys = Array(keys)
        for frame in naming {
            for b in 1...2 where b < keys.count && frame.before.contains(Array(keys[..<b])) {
                for named in 1...2 {
                    for a in 1...2 where b + named + a < keys.count && frame.after.contains(Array(keys[(b + named)..<(b + named + a)])) {
                        return b + named + a
                    }
                }
            }
        }
        return nil
    }
}
