import BuiltInValues

/// Whether a span of free text or of an unlisted value names a value at all, and where such a
/// span runs on into a request of its own.
///
/// A slot of free text (AMAZON.SearchQuery) or of an open list takes any words, so a sample
/// such as "start {bookTitle}" reads "start *it over*" as a title, and a tagger that learnt a
/// slot after "carry" reads "carry *on with my book*" so too. A real value has a word that
/// neither the language's function words nor the skill's carrier words hold ("the *martian*",
/// "*dune*", "the *silent patient*"); a span made of nothing but such words is the request
/// itself, and the intent whose carrier it is should have it.
extension NLUModel {
    /// Whether the words `keys` name no value of schema type `type`: each is a function word of
    /// the language or a word the skill's samples say outside their slots
    /// (``SampleCarriers/wordsOfNoValue()``), and none is a word of the type's listed forms.
    func namesNoValue(_ keys: some Collection<UInt64>, type: Int) -> Bool {
        guard !keys.isEmpty else { return false }
        let carriers = sampleCarriers.wordsOfNoValue()
        let listed = sampleCarriers.words(of: type)
        return keys.allSatisfy { carriers.contains($0) && !listed.contains($0) }
    }

    /// Whether slot values of schema type `type` are judged by ``namesNoValue(_:type:)``:
    /// free text and custom lists, whose spans may take any words; parsed types are bounded by
    /// their parsers.
    func judgesValueEvidence(type: Int) -> Bool {
        schema.types[type].builtInKind == nil
    }

    /// Whether exact match `m` fills a slot of free text with words that name no value
    /// (``namesNoValue(_:type:)``): "start {bookTitle}" spells "start it over", but "it over" is
    /// no title, and the statistical layer should judge the request.
    func takesValuelessFreeText(_ m: ExactMatcher.Match, keys: [UInt64]) -> Bool {
        let slots = schema.intents[m.intent].slots
        return m.slots.contains { s in
            let type = slots[s.slot].type
            return schema.types[type].name == "AMAZON.SearchQuery" && namesNoValue(keys[s.start..<s.end], type: type)
        }
    }

    /// `labels` (a decoding of intent `intent`) with every span that names no value
    /// (``namesNoValue(_:type:)``) labelled O, or nil when every span names one. A listed value
    /// always has a word of its type's forms, so it is never taken off.
    func withoutValuelessSpans(_ labels: [Int32], intent: Int, keys: () -> [UInt64]) -> [Int32]? {
        var out: [Int32]?
        var tokenKeys: [UInt64]?
        let slots = schema.intents[intent].slots
        SlotLabels.forEachSpan(labels) { slot, start, end in
            // The slot found by index: `first(where:)` would return a copy, retaining its strings.
            guard let k = slots.firstIndex(where: { $0.name == schema.slotNames[slot] }) else { return }
            let type = slots[k].type
            guard judgesValueEvidence(type: type) else { return }
            if tokenKeys == nil { tokenKeys = keys() }
            guard namesNoValue(tokenKeys![start..<end], type: type) else { return }
            if out == nil { out = labels }
            for t in start..<end { out![t] = 0 }
        }
        return out
    }

    /// Span `a` of free text of intent `intent` without a request of the intent's own that it
    /// runs on into: one that starts inside it ("the martian *where i* stopped", where "where i
    /// left off" is a sample) ends it, and one that begins it, with a word that names no value
    /// after ("*where i left off in* educated"), is taken off its start. What is left must still name
    /// a value; otherwise the span stays as it was.
    func withoutRequestClauses(_ a: Assignment, intent: Int, keys: [UInt64]) -> Assignment {
        guard a.end - a.start > 2 else { return a }
        let phrases = sampleCarriers.phrases(of: intent)
        guard !phrases.requests.isEmpty else { return a }
        let type = schema.intents[intent].slots[a.slot].type
        var lower = a.start, upper = a.end
        for n in stride(from: min(SampleCarriers.longest, upper - lower - 1), through: 2, by: -1)
        where phrases.requests.contains(Array(keys[lower..<(lower + n)])) {
            // One word may join the request to the value ("in", "with").
            var cut = lower + n
            if cut < upper - 1, namesNoValue(keys[cut...cut], type: type) { cut += 1 }
            if !namesNoValue(keys[cut..<upper], type: type) { lower = cut }
            break
        }
        if let p = ((lower + 1)..<max(lower + 1, upper - 1)).first(where: { phrases.requestOpenings.contains([keys[$0], keys[$0 + 1]]) }),
           !namesNoValue(keys[lower..<p], type: type) {
            upper = p
        }
        return (a.slot, lower, upper, a.confidence)
    }
}
