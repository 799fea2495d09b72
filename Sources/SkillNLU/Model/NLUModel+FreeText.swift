import BuiltInValues

/// Free text (AMAZON.SearchQuery) without the request said around it: "can you play *the
/// hobbit* for me", "play me *pride and prejudice* please", "start reading *the name of the
/// wind*". A slot of free text takes any words, so the tagger and the exact layer both let it
/// swallow the words next to it; the intent's samples say which words are the request.
extension NLUModel {
    /// Span `a` of free text without the request's words at its edges:
    /// - at its start, a request ("you play", "could you please read"): openers of the
    ///   language (``RequestWords``) or words of the intent's samples, ending with the whole text
    ///   a sample says before a slot ("play", "listen to"; in English also its -ing form,
    ///   "reading"), then perhaps an object pronoun ("me"); or a lone object pronoun right after
    ///   such a text ("play | me pride and prejudice");
    /// - at its end, trailers ("please", "for me") and the words a sample says right after a slot.
    ///
    /// At least one word always stays; a span that is nothing but request words stays whole.
    func withoutRequestWords(_ a: Assignment, intent: Int, tokens: [Token]) -> Assignment {
        guard a.end - a.start > 1 else { return a }
        let keys = tokens.map(PhraseTrie.key)
        let phrases = sampleCarriers.phrases(of: intent)
        let words = sampleCarriers.requestWords
        var lower = a.start, upper = a.end
        var trimmed = true
        while trimmed && upper - lower > 1 {
            trimmed = false
            for n in stride(from: min(SampleCarriers.longestEdge, upper - lower - 1), through: 1, by: -1) {
                let tail = Array(keys[(upper - n)..<upper])
                if sampleCarriers.trailers.contains(tail) || words.trailers.contains(tail) || phrases.trailing.contains(tail) {
                    upper -= n
                    trimmed = true
                    break
                }
            }
        }
        func isVerb(endingAt end: Int, from start: Int) -> Int? {
            for n in stride(from: min(SampleCarriers.longestRequest, end - start), through: 1, by: -1)
            where phrases.leadingWhole.contains(keys[(end - n)..<end]) {
                return n
            }
            if end > start, schema.tokenizer.languageCode == "en",
               Self.englishStems(of: tokens[end - 1]).contains(where: { phrases.leadingWhole.contains([$0]) }) {
                return 1
            }
            return nil
        }
        func isRequest(_ head: Range<Int>) -> Bool {
            var end = head.upperBound
            if words.pronouns.contains(keys[end - 1]) {
                end -= 1
                if end == head.lowerBound {
                    return head.lowerBound > 0 && isVerb(endingAt: head.lowerBound, from: max(0, head.lowerBound - SampleCarriers.longestRequest)) != nil
                }
            }
            guard let n = isVerb(endingAt: end, from: head.lowerBound) else { return false }
            return (head.lowerBound..<(end - n)).allSatisfy { words.openers.contains(keys[$0]) || phrases.inner.contains([keys[$0]]) }
        }
        let longestHead = min(upper - lower - 1, SampleCarriers.longestRequest + 3)
        if longestHead >= 1, let cut = stride(from: lower + longestHead, through: lower + 1, by: -1)
            .first(where: { isRequest(lower..<$0) }) {
            lower = cut
        }
        return (a.slot, lower, upper, a.confidence)
    }

    /// The base forms an English -ing form may come from ("reading" → "read", "making" →
    /// "make", "stopping" → "stop"), as phrase keys.
    static func englishStems(of token: Token) -> [UInt64] {
        let word = token.folded
        guard word.hasSuffix("ing"), word.count > 5 else { return [] }
        let base = String(word.dropLast(3))
        var forms = [base, base + "e"]
        if let last = base.last, base.dropLast().last == last { forms.append(String(base.dropLast())) }
        return forms.map { StableHash.hash($0) }
    }
}
