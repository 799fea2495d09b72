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
    /// left is a listed value of the slot's type, or the words are in none of its listed values.
    ///
    /// A span that is a listed value stays whole, and so do spans of parsed types (numbers,
    /// dates …), which their parsers bound, and of AMAZON.SearchQuery, which is free text.
    func withoutCarrierWords(_ assignments: [Assignment], intent: Int, tokens: [Token], keys: [UInt64],
                             gazetteer: [PhraseTrie.Match], context: ClassificationContext) -> [Assignment] {
        guard !assignments.isEmpty else { return assignments }
        let phrases = sampleCarriers.phrases(of: intent)
        let trailers = sampleCarriers.trailers
        let slots = schema.intents[intent].slots
        return assignments.compactMap { a in
            let typeIndex = slots[a.slot].type
            let type = schema.types[typeIndex]
            guard type.builtInKind == nil, type.name != "AMAZON.SearchQuery" else { return a }
            func isListed(_ r: Range<Int>) -> Bool {
                gazetteer.contains { $0.start == r.lowerBound && $0.end == r.upperBound && $0.entries.contains { $0.type == Int32(typeIndex) } }
                    || resolvers.isListed(type: typeIndex, tokens: tokens[r], dynamic: context.dynamicEntities)
            }
            if isListed(a.start..<a.end) { return a }
            let span = Array(keys[a.start..<a.end])
            if phrases.inner.contains(span) || trailers.contains(span) { return nil }
            var lower = a.start, upper = a.end
            func edge(_ n: Int, leading: Bool) -> Range<Int> { leading ? lower..<(lower + n) : (upper - n)..<upper }
            func longestCarrier(in set: Set<[UInt64]>, leading: Bool) -> Int? {
                stride(from: min(SampleCarriers.longestEdge, upper - lower - 1), through: 1, by: -1)
                    .first { set.contains(Array(keys[edge($0, leading: leading)])) }
            }
            while let n = longestCarrier(in: trailers, leading: false) { upper -= n }
            let words = sampleCarriers.words(of: typeIndex)
            func mayTake(_ carrier: Range<Int>, leaving rest: Range<Int>) -> Bool {
                isListed(rest) || !carrier.contains { words.contains(keys[$0]) }
            }
            if let n = longestCarrier(in: phrases.leading, leading: true),
               mayTake(lower..<(lower + n), leaving: (lower + n)..<upper) {
                lower += n
            }
            if let n = longestCarrier(in: phrases.trailing, leading: false),
               mayTake((upper - n)..<upper, leaving: lower..<(upper - n)) {
                upper -= n
            }
            return (a.slot, lower, upper, a.confidence)
        }
    }
}
