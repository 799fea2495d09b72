import BuiltInValues

/// Slots of closed phrase lists (``PhraseListType``) hold one of their forms or a near match.
extension NLUModel {
    /// The token keys (``PhraseTrie/key(_:)``) of every form of each closed phrase list of
    /// `schema`, by type index.
    static func phraseListForms(_ schema: SkillSchema) -> [Int: [[UInt64]]] {
        var out: [Int: [[UInt64]]] = [:]
        for (index, closed) in PhraseListType.closedTypes(schema: schema).enumerated() where closed {
            let forms = schema.types[index].surfaceForms.map { schema.tokenizer.tokenize($0.text).map(PhraseTrie.key) }
            out[index] = Array(Set(forms.filter { !$0.isEmpty }))
        }
        return out
    }

    /// `assignments` of intent `intent` without the spans of closed phrase lists that are
    /// neither a form of their type nor a word away from one (``PhraseListType/isNearListed(_:forms:)``),
    /// and, in an intent with a phrase list, without a custom slot's unlisted spans when
    /// another span of the same slot is a listed value.
    ///
    /// Decoding already keeps unlisted words out of a phrase list's slot; the first rule drops
    /// a span its listed words make up in an order no form says ("i i", "please the"). The
    /// second keeps the value said: the tagger of an intent whose samples are all slots has
    /// never seen a word outside a slot, and may give "more" of "add six more bananas" to the
    /// product before "bananas", which would then wait in ``NLUResult/repeatedSlots``.
    func withoutUnlistedPhrases(_ assignments: [Assignment], intent: Int, tokens: [Token], keys: [UInt64],
                                gazetteer: [PhraseTrie.Match], context: ClassificationContext) -> [Assignment] {
        let slots = schema.intents[intent].slots
        guard !phraseListForms.isEmpty, slots.contains(where: { phraseListForms[$0.type] != nil }) else { return assignments }
        let kept = assignments.filter { a in
            guard let forms = phraseListForms[slots[a.slot].type] else { return true }
            return PhraseListType.isNearListed(Array(keys[a.start..<a.end]), forms: forms)
        }
        func isListed(_ a: Assignment) -> Bool {
            isListedValue(a.start..<a.end, type: slots[a.slot].type, tokens: tokens, gazetteer: gazetteer, context: context)
        }
        let custom = { (a: Assignment) in
            let slot = slots[a.slot]
            return !slot.multipleValues && self.schema.types[slot.type].builtInKind == nil
                && self.schema.types[slot.type].surfaceFormCount > 0
        }
        let listed = Set(kept.filter { custom($0) && isListed($0) }.map(\.slot))
        return kept.filter { !listed.contains($0.slot) || !custom($0) || isListed($0) }
    }
}
