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
        var out = assignments.sorted { $0.start < $1.start }
        for m in gazetteer where m.end - m.start > 1 {
            let inside = out.filter { $0.start < m.end && m.start < $0.end }
            guard inside.count > 1, inside.allSatisfy({ $0.start >= m.start && $0.end <= m.end }),
                  !inside.contains(where: isOwnListed) else { continue }
            let candidates = slots.indices.filter { s in
                isCustom(s) && m.entries.contains { $0.type == Int32(slots[s].type) } && !inside.contains { $0.slot == s }
                    && !out.contains { $0.slot == s }
            }
            guard candidates.count == 1, let slot = candidates.first else { continue }
            let confidence = inside.map(\.confidence).min() ?? 1
            out.removeAll { $0.start < m.end && m.start < $0.end }
            out.append((slot, m.start, m.end, confidence))
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
