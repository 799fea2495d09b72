import BuiltInValues

/// A value the skill lists stays one value when the tagger cut it between two slots.
extension NLUModel {
    /// `assignments` of intent `intent` with listed values made whole again:
    ///
    /// - A listed value of several words said for one custom slot of the intent ("taylor
    ///   swift" of a list of artists) replaces spans of other slots that cut it in pieces
    ///   none of those slots lists ("taylor" as a relationship, "swift" as a first name).
    /// - A span that is a listed value of the slot right before it, and no listed value of
    ///   its own slot, joins that slot's unlisted span ("best" + "friend" is the relationship
    ///   "best friend", where the list holds "friend").
    ///
    /// The tagger learns which slot follows which from the samples alone: "my {relationship}
    /// {name}" makes "my best friend" a relationship and a name, and a slot no sample says
    /// (the skill asks for it in dialog, or lists values only) is rarely tagged at all. The
    /// list is the surer evidence there. Pieces that are listed values of their own slots
    /// are kept as the tagger read them, and so is a slot already filled by another span.
    func withListedWholes(_ assignments: [Assignment], intent: Int, tokens: [Token],
                          gazetteer: [PhraseTrie.Match], context: ClassificationContext) -> [Assignment] {
        guard assignments.count > 1 else { return assignments }
        let slots = schema.intents[intent].slots
        func isCustom(_ slot: Int) -> Bool {
            let type = schema.types[slots[slot].type]
            return type.builtInKind == nil && type.name != "AMAZON.SearchQuery"
        }
        func isListed(_ r: Range<Int>, type: Int) -> Bool {
            isListedValue(r, type: type, tokens: tokens, gazetteer: gazetteer, context: context)
        }
        func isOwnListed(_ a: Assignment) -> Bool {
            let type = slots[a.slot].type
            return schema.types[type].builtInKind == nil && isListed(a.start..<a.end, type: type)
        }
        // Sorted by start (stably); spans usually come sorted, and are then not copied.
        var out = assignments
        if zip(out, out.dropFirst()).contains(where: { $0.start > $1.start }) { out.sort { $0.start < $1.start } }
        for m in gazetteer where m.end - m.start > 1 {
            // The spans the phrase overlaps, read where they are rather than gathered.
            func overlaps(_ a: Assignment) -> Bool { a.start < m.end && m.start < a.end }
            var inside = 0, contained = true
            var confidence: Float?
            for a in out where overlaps(a) {
                inside += 1
                if a.start < m.start || a.end > m.end { contained = false }
                confidence = confidence.map { a.confidence < $0 ? a.confidence : $0 } ?? a.confidence
            }
            guard inside > 1, contained, !out.contains(where: { overlaps($0) && isOwnListed($0) }) else { continue }
            // The one custom slot the phrase is a value of that holds no span yet (a slot
            // among the overlapped spans holds one).
            var slot = -1, candidates = 0
            for s in slots.indices where isCustom(s) && m.entries.contains(where: { $0.type == Int32(slots[s].type) })
                && !out.contains(where: { $0.slot == s }) {
                candidates += 1
                if slot < 0 { slot = s }
            }
            guard candidates == 1 else { continue }
            out.removeAll { overlaps($0) }
            out.append((slot, m.start, m.end, confidence ?? 1))
            out.sort { $0.start < $1.start }
        }
        var k = 0
        while k + 1 < out.count {
            let a = out[k], b = out[k + 1]
            let type = slots[a.slot].type
            if a.end == b.start, a.slot != b.slot, isCustom(a.slot), !isOwnListed(a), !isOwnListed(b),
               isListed(b.start..<b.end, type: type) {
                out[k] = (a.slot, a.start, b.end, min(a.confidence, b.confidence))
                out.remove(at: k + 1)
            } else {
                k += 1
            }
        }
        return out
    }
}
