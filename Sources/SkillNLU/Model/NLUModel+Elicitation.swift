import BuiltInValues

/// Steps 3 to 5 of reading an answer while a dialog elicits a slot (the rule is written out on
/// ``ClassificationContext/elicitingSlot``): does another intent take the turn, and if not,
/// which words are the slot's value.
extension NLUModel {
    /// A reading of the answer as the elicited intent's slots.
    private struct ElicitedReading {
        var assignments: [(slot: Int, start: Int, end: Int, confidence: Float)]
        var source: SlotSource
    }

    /// Whether an exact match is, while a slot is elicited, a sample of another intent that is
    /// nothing but slots ("{answer}"): its words are only a value, no evidence of that intent,
    /// and the elicited slot may take them (step 2 of ``ClassificationContext/elicitingSlot``).
    func isOnlyAValueOfAnotherIntent(_ m: ExactMatcher.Match, tokenCount: Int,
                                     eliciting: ClassificationContext.ElicitedSlot?) -> Bool {
        guard let eliciting, let (intent, _) = elicitation.indices(of: eliciting), m.intent != intent else { return false }
        return m.slots.reduce(0) { $0 + $1.end - $1.start } == tokenCount
    }

    /// The answer read as the elicited slot's value: the elicited intent, its confidence (its
    /// probability or, when higher, one minus the best other intent's) and its slot spans; nil
    /// when another intent has evidence enough to take the turn or a parsed slot finds no value
    /// (the later stages then classify as without a dialog).
    func readElicitedAnswer(_ eliciting: ClassificationContext.ElicitedSlot, utterance u: UtteranceTrace,
                            probabilities: [Float], ranking: [Int], context: ClassificationContext)
        -> (intent: Int, confidence: Double, assignments: [Assignment], source: SlotSource)? {
        guard let (intent, slot) = elicitation.indices(of: eliciting), let top = ranking.first else { return nil }
        if top != intent, top != fallback.intent, Double(probabilities[top]) >= context.intentSwitchConfidence,
           elicitation.hasEvidence(for: top, against: intent, keys: u.keys) {
            return nil
        }
        guard let reading = read(eliciting, intent: intent, slot: slot, u, context: context) else { return nil }
        let bestOther = ranking.first { $0 != intent }
        let confidence = max(Double(probabilities[intent]), 1 - (bestOther.map { Double(probabilities[$0]) } ?? 0))
        return (intent, confidence, reading.assignments, reading.source)
    }

    /// Which words of the answer are the elicited slot's value (step 4), first reading that
    /// finds one.
    private func read(_ eliciting: ClassificationContext.ElicitedSlot, intent: Int, slot: Int,
                      _ u: UtteranceTrace, context: ClassificationContext) -> ElicitedReading? {
        let slots = schema.intents[intent].slots
        let info = slots[slot]
        let type = schema.types[info.type]
        /// Whether the tokens are a listed or parsed value of schema type `t`.
        func isValue(_ start: Int, _ end: Int, of t: Int) -> Bool {
            u.valueSpans[start].contains { $0.end == end && $0.types.contains(Int32(t)) }
        }
        /// A span the slot can hold: anything for a type that takes unlisted values, a parsed
        /// value for numbers, dates and the like.
        func holds(_ start: Int, _ end: Int) -> Bool { type.builtInKind == nil || isValue(start, end, of: info.type) }
        /// The tagger's slots, when they account for the whole answer: every word outside them
        /// is a carrier or a word of the elicited intent's samples ("um a flat white" tagged
        /// "flat" leaves "white" unexplained).
        func explainsAll(_ found: [(slot: Int, start: Int, end: Int, confidence: Float)]) -> Bool {
            var covered = [Bool](repeating: false, count: u.keys.count)
            for a in found { for t in a.start..<a.end { covered[t] = true } }
            return u.keys.indices.allSatisfy {
                covered[$0] || elicitation.isAnswerWord(u.keys[$0], of: intent) || joinsListItems($0, found, intent: intent, tokens: u.tokens)
            }
        }
        /// The elicited slot's value span, or the slot it is a listed value of instead ("big"
        /// said when the drink is asked for is the size).
        func valueOrOtherSlot(_ start: Int, _ end: Int) -> (slot: Int, start: Int, end: Int, confidence: Float) {
            if !isValue(start, end, of: info.type),
               let other = slots.indices.first(where: { $0 != slot && isValue(start, end, of: slots[$0].type) }) {
                return (other, start, end, 1)
            }
            return (slot, start, end, 1)
        }
        // The slot's own samples around an unlisted value: "a {size} one", "make it a {pizza}"
        // (carrier phrases left in the value are taken off: "i'll have {pizza}" said as "i'll
        // have a calzone please" gives "calzone").
        if let open = elicitation.matchOpen(eliciting, keys: u.keys, valueSpans: u.valueSpans), open.literalTokens > 0,
           open.slots.contains(where: { $0.slot == slot }) {
            let assignments = open.slots.map { s -> (slot: Int, start: Int, end: Int, confidence: Float) in
                guard s.slot == slot, type.name != "AMAZON.SearchQuery" else { return (s.slot, s.start, s.end, 1) }
                let value = elicitation.carriers.value(in: Array(u.keys[s.start..<s.end]))
                return valueOrOtherSlot(s.start + value.lowerBound, s.start + value.upperBound)
            }
            return ElicitedReading(assignments: assignments, source: .sample)
        }
        // Free text is the answer as said.
        if type.name == "AMAZON.SearchQuery" {
            return ElicitedReading(assignments: [(slot, 0, u.keys.count, 1)], source: .sample)
        }
        // The tagger over the elicited intent: keeps the other slots said with it. When all it
        // finds are listed or parsed values of the intent's other slots ("a large" when the
        // pizza is asked for), those are filled and the dialog asks for this slot again.
        let tagged = withRoles(assignments(tagger.decode(tokens: u.tokens, spans: u.spans ?? [], intentKey: intentKeys[intent],
                                                         graph: graphs[intent]), intent: intent),
                               intent: intent, tokens: u.tokens, keys: u.keys, gazetteer: u.gazetteer, context: context)
        var full = withListItems(givenToAsked(tagged, asked: slot, intent: intent, keys: u.keys),
                                 intent: intent, tokens: u.tokens, scalars: u.scalars, context: context)
        // The slot asked for comes first: a value the tagger gave another slot that is also a
        // value of the asked slot's type is the answer ("neunzehnhundertneunzig" while the year
        // is asked for is the year, though a number like it fills the day) — unless a role
        // phrase says whose it is ("from boston" while the destination is asked for).
        if !full.contains(where: { $0.slot == slot }),
           let k = full.firstIndex(where: { isValue($0.start, $0.end, of: info.type)
                                            && slotRoles[intent].slot(before: $0.start, keys: u.keys) == nil }) {
            full[k].slot = slot
        }
        if explainsAll(full) {
            if full.contains(where: { $0.slot == slot && holds($0.start, $0.end) })
                || (!full.isEmpty && full.allSatisfy { isValue($0.start, $0.end, of: slots[$0.slot].type) }) {
                return ElicitedReading(assignments: full, source: .tagger)
            }
        }
        // The tagger allowed only this slot.
        if let global = schema.slotNames.firstIndex(of: info.name) {
            let graph = tagger.graph(for: [0, SlotLabels.begin(global), SlotLabels.inside(global)],
                                     slotTypes: graphs[intent].slotTypes)
            let only = assignments(tagger.decode(tokens: u.tokens, spans: u.spans ?? [], intentKey: intentKeys[intent], graph: graph),
                                   intent: intent).filter { holds($0.start, $0.end) }
            if !only.isEmpty, explainsAll(only) { return ElicitedReading(assignments: only, source: .tagger) }
        }
        // The listed and parsed values the answer says, each given to the intent's slot of its
        // type (the elicited one first), when they and the intent's words explain the whole
        // answer: "pepperoni with olives" while the pizza is asked for, where the tagger, with
        // no word before "pepperoni", found only the topping.
        var said: [(slot: Int, start: Int, end: Int, confidence: Float)] = []
        var t = 0
        while t < u.keys.count {
            let value = u.valueSpans[t].sorted { $0.end > $1.end }.lazy.compactMap { v -> (slot: Int, end: Int)? in
                let owners = slots.indices.filter { v.types.contains(Int32(slots[$0].type)) }
                return (owners.contains(slot) ? slot : owners.first).map { ($0, v.end) }
            }.first
            if let value {
                said.append((value.slot, t, value.end, 1))
                t = value.end
            } else {
                t += 1
            }
        }
        if said.contains(where: { $0.slot == slot }), explainsAll(said) {
            return ElicitedReading(assignments: said, source: .gazetteer)
        }
        // The bare "{slot}" sample: the answer without its carrier words, or the longest value
        // of a parsed type.
        if type.builtInKind == nil {
            let range = elicitation.carriers.value(in: u.keys)
            return ElicitedReading(assignments: [valueOrOtherSlot(range.lowerBound, range.upperBound)], source: .sample)
        }
        var longest: (start: Int, end: Int)?
        for (start, found) in u.valueSpans.enumerated() {
            for v in found where v.types.contains(Int32(info.type)) && v.end - start > (longest.map { $0.end - $0.start } ?? 0) {
                longest = (start, v.end)
            }
        }
        return longest.map { ElicitedReading(assignments: [(slot, $0.start, $0.end, 1)], source: .sample) }
    }
}
