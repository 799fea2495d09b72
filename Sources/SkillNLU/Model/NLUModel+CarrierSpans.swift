import BuiltInValues

/// Slot spans stop at the value: the tagger's spans without the carrier words of the intent's
/// samples (``SampleCarriers``).
extension NLUModel {
    typealias Assignment = (slot: Int, start: Int, end: Int, confidence: Float)

    /// `assignments` of intent `intent` without carrier words: a span that is nothing but a
    /// phrase of the intent's samples or a trailer ("like to hear" of "i would like to hear
    /// {mix}", a lone "please") is dropped, so the value said beside it fills the slot rather
    /// than moving to ``NLUResult/repeatedSlots``; trailers at a span's end ("denver please")
    /// are taken off; and words a sample says right before or after a slot ("some" of "play
    /// some {genre}", "music" of "{genre} music") are taken off a span's edge when what is
    /// left is a listed value of the slot's type, or the words are in none of its listed values;
    /// words that name no value (``namesNoValue(_:type:)``) are taken off either side of a
    /// listed value, and a date or time said after one off its end; an article no listed form
    /// of the type says is taken off the start of an unlisted value ("open the technology feed").
    ///
    /// A span that is a listed value stays whole, and so do spans of AMAZON.SearchQuery, which
    /// is free text. Spans of parsed types (numbers, dates …) are bounded by their parsers
    /// instead (``parsedValues(_:intent:tokens:builtIns:context:)``), and lose a sample's
    /// carrier before them only when the value stays the same.
    func withoutCarrierWords(_ assignments: [Assignment], intent: Int, tokens: [Token], keys: [UInt64],
                             gazetteer: [PhraseTrie.Match], builtIns: [BuiltInSpan] = [],
                             context: ClassificationContext) -> [Assignment] {
        guard !assignments.isEmpty else { return assignments }
        let assignments = parsedValues(assignments, intent: intent, tokens: tokens, builtIns: builtIns, context: context)
        let shared = sampleCarriers.shared(of: intent)
        let trailers = sampleCarriers.trailers
        let slots = schema.intents[intent].slots
        // The buffer of the rules below, emptied per span and kept across spans: allocated once
        // a call rather than once a span.
        var listed: [(range: Range<Int>, found: Bool)] = []
        return assignments.compactMap { a in
            let typeIndex = slots[a.slot].type
            if let kind = schema.types[typeIndex].builtInKind {
                return withoutLeadingCarrier(a, kind: kind, leading: shared.phrases.leading,
                                             tokens: tokens, keys: keys, context: context)
            }
            guard schema.types[typeIndex].name != "AMAZON.SearchQuery" else { return a }
            // Each range looked up once: the edge rules below ask about the same ones. A span
            // has a few such ranges, so a list searched in turn beats hashing them.
            listed.removeAll(keepingCapacity: true)
            listed.reserveCapacity(8)
            func isListed(_ r: Range<Int>) -> Bool {
                if let known = listed.first(where: { $0.range == r }) { return known.found }
                let found = isListedValue(r, type: typeIndex, tokens: tokens, gazetteer: gazetteer, context: context)
                listed.append((r, found))
                return found
            }
            if isListed(a.start..<a.end) { return a }
            let span = keys[a.start..<a.end]
            if shared.phrases.inner.contains(span) || trailers.contains(span) { return nil }
            var lower = a.start, upper = a.end
            // The words at an edge of `lower..<upper`, asked about at each length. The bounds
            // are passed, not captured: a nested function capturing them made each read of
            // them a checked access to a boxed variable.
            func longestCarrier(in set: KeyRunSet, leading: Bool, _ lower: Int, _ upper: Int) -> Int? {
                guard !set.isEmpty else { return nil }
                var n = min(SampleCarriers.longestEdge, upper - lower - 1)
                while n >= 1 {
                    if set.contains(keys[leading ? lower..<(lower + n) : (upper - n)..<upper]) { return n }
                    n -= 1
                }
                return nil
            }
            while let n = longestCarrier(in: trailers, leading: false, lower, upper) { upper -= n }
            let words = sampleCarriers.words(of: typeIndex)
            func mayTake(_ carrier: Range<Int>, leaving rest: Range<Int>) -> Bool {
                isListed(rest) || !carrier.contains { words.contains(keys[$0]) }
            }
            if let n = longestCarrier(in: shared.phrases.leading, leading: true, lower, upper),
               mayTake(lower..<(lower + n), leaving: (lower + n)..<upper) {
                lower += n
            }
            if let n = longestCarrier(in: shared.phrases.trailing, leading: false, lower, upper),
               mayTake((upper - n)..<upper, leaving: lower..<(upper - n)) {
                upper -= n
            }
            let kept = withoutValuelessEnds(lower..<upper, type: typeIndex, tokens: tokens, keys: keys, carrierWords: words,
                                            context: context, isListed: isListed)
            return (a.slot, kept.lowerBound, kept.upperBound, a.confidence)
        }
    }

    /// The span `range` (of a slot of schema type `type`) without the words at its ends that
    /// name no value: those after a listed value, or a date or time said after one; those
    /// before a listed value; and an article no listed form of the type says.
    private func withoutValuelessEnds(_ range: Range<Int>, type typeIndex: Int, tokens: [Token], keys: [UInt64],
                                      carrierWords: Set<UInt64>, context: ClassificationContext,
                                      isListed: (Range<Int>) -> Bool) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        // Words after a listed value that name none, or a date or time said after it ("mom
        // for", "dhuhr aujourd'hui"), unless the list holds dates or times ("jan the 3rd").
        lazy var temporalList = schema.types[typeIndex].surfaceForms.contains {
            isTemporal(schema.tokenizer.tokenize($0.text)[...], context: context)
        }
        // The parsers, which cost most, only where the rest is listed.
        if !isListed(lower..<upper), let cut = stride(from: upper - 1, through: lower + 1, by: -1).first(where: { c in
            isListed(lower..<c) && (namesNoValue(keys[c..<upper], type: typeIndex)
                || (isTemporal(tokens[c..<upper], context: context) && !temporalList))
        }) {
            upper = cut
        }
        // Nor are words before a listed value that name none ("are arrows"); a longer start
        // holds the same words and more, so the search stops at the first that names a value.
        if !isListed(lower..<upper) {
            for c in (lower + 1)..<upper {
                guard namesNoValue(keys[lower..<c], type: typeIndex) else { break }
                if isListed(c..<upper) { lower = c; break }
            }
        }
        // Nor is an article no listed form of the type says ("open the technology feed",
        // where the categories are placeholders); a list of values that say it keeps it.
        if upper - lower > 1, valueList.articles.contains(tokens[lower].normalized), !carrierWords.contains(keys[lower]),
           !isListed(lower..<upper), !namesNoValue(keys[(lower + 1)..<upper], type: typeIndex) {
            lower += 1
        }
        return lower..<upper
    }

    /// Whether tokens `r` are a listed value of schema type `type`: a form of the gazetteer or a
    /// value the type's resolver (with the caller's dynamic entities) finds without its fuzzy step.
    func isListedValue(_ r: Range<Int>, type: Int, tokens: [Token], gazetteer: [PhraseTrie.Match],
                       context: ClassificationContext) -> Bool {
        gazetteer.contains { $0.start == r.lowerBound && $0.end == r.upperBound && $0.entries.contains { $0.type == Int32(type) } }
            || resolvers.isListed(type: type, tokens: tokens[r], dynamic: context.dynamicEntities)
    }

    /// Whether `words` read as a date, a time or a duration.
    private func isTemporal(_ words: ArraySlice<Token>, context: ClassificationContext) -> Bool {
        [BuiltInKind.date, .time, .duration].contains { finder.parser.parse(kind: $0, tokens: words, context: context.builtIn) != nil }
    }

    /// Span `a` without the words people say around an answer (``AnswerCarriers``: "probably
    /// {answer}", "her favorite movie is {answer}") when it holds the whole utterance as the
    /// value of a slot a sample of the intent says alone ("{answer}"): such a sample takes any
    /// utterance as the value, and the answer to a dialog's question loses the same words.
    /// A listed value and the values of parsed types stay as they are.
    func withoutAnswerCarriers(_ a: Assignment, intent: Int, tokens: [Token], gazetteer: [PhraseTrie.Match],
                               context: ClassificationContext) -> Assignment {
        let slot = schema.intents[intent].slots[a.slot]
        guard a.start == 0, a.end == tokens.count, a.end > 1, schema.types[slot.type].builtInKind == nil,
              sampleCarriers.phrases(of: intent).bare.contains(slot.name) else { return a }
        guard !isListedValue(a.start..<a.end, type: slot.type, tokens: tokens, gazetteer: gazetteer, context: context) else {
            return a
        }
        let value = elicitation.carriers.value(in: tokens.map(PhraseTrie.key))
        return (a.slot, value.lowerBound, value.upperBound, a.confidence)
    }

    /// Span `a` of a parsed type without the carrier words a sample says right before a slot
    /// ("for" of "book me in for {time}"), when the rest parses to the same value: a lenient
    /// parser reads "for three o'clock" as three o'clock too.
    private func withoutLeadingCarrier(_ a: Assignment, kind: BuiltInKind, leading: KeyRunSet,
                                       tokens: [Token], keys: [UInt64], context: ClassificationContext) -> Assignment {
        let parser = finder.parser
        guard let whole = parser.parse(kind: kind, tokens: tokens[a.start..<a.end], context: context.builtIn) else { return a }
        for n in stride(from: min(SampleCarriers.longestEdge, a.end - a.start - 1), through: 1, by: -1)
        where leading.contains(keys[a.start..<(a.start + n)]) {
            if parser.parse(kind: kind, tokens: tokens[(a.start + n)..<a.end], context: context.builtIn) == whole {
                return (a.slot, a.start + n, a.end, a.confidence)
            }
        }
        return a
    }

    /// `assignments` with each span of a parsed type (AMAZON.DATE, AMAZON.TIME, AMAZON.NUMBER
    /// …) that does not parse replaced by a value that does, when there is one: the longest
    /// part of it that parses ("six more" → "six"), else, when no other span of the slot
    /// parses, the first value of the kind the parsers found that no span holds ("book a
    /// *call* with you for monday" → "monday"). A span of words such as "call" or "slot" is
    /// then no longer the slot's value while the date said beside it waits in
    /// ``NLUResult/repeatedSlots``: it is dropped when another span of the slot parses. A span
    /// with no parsed value anywhere near stays as it was.
    func parsedValues(_ assignments: [Assignment], intent: Int, tokens: [Token], builtIns: [BuiltInSpan],
                      context: ClassificationContext) -> [Assignment] {
        let slots = schema.intents[intent].slots
        func kind(_ a: Assignment) -> BuiltInKind? { schema.types[slots[a.slot].type].builtInKind }
        // Without a span of a parsed type there is nothing to replace.
        guard assignments.contains(where: { kind($0) != nil }) else { return assignments }
        func parses(_ r: Range<Int>, _ k: BuiltInKind) -> Bool {
            finder.parser.parse(kind: k, tokens: tokens[r], context: context.builtIn) != nil
        }
        var out: [Assignment?] = assignments
        var unparsed: [Int] = []
        for (i, a) in assignments.enumerated() {
            guard let k = kind(a), !parses(a.start..<a.end, k) else { continue }
            let parts = (1..<(a.end - a.start)).reversed().lazy.flatMap { length in
                (a.start...(a.end - length)).lazy.map { $0..<($0 + length) }
            }
            if let part = parts.first(where: { parses($0, k) }) {
                out[i] = (a.slot, part.lowerBound, part.upperBound, a.confidence)
            } else {
                unparsed.append(i)
            }
        }
        for i in unparsed {
            let a = assignments[i]
            guard let k = kind(a) else { continue }
            if out.contains(where: { b in b.map { $0.slot == a.slot && parses($0.start..<$0.end, k) } ?? false }) {
                out[i] = nil
                continue
            }
            let free = builtIns.first { b in
                b.kind == k && !out.contains { o in o.map { $0.start < b.tokens.upperBound && b.tokens.lowerBound < $0.end } ?? false }
            }
            if let free { out[i] = (a.slot, free.tokens.lowerBound, free.tokens.upperBound, a.confidence) }
        }
        return out.compactMap { $0 }
    }
}
