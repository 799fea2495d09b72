import BuiltInValues

/// A reading of an answer as the elicited intent's slots.
struct ElicitedReading {
    var assignments: [NLUModel.Assignment]
    var source: SlotSource
}

/// Which words of an answer are the elicited slot's value (step 4 of
/// ``ClassificationContext/elicitingSlot``): the ways of reading it, tried in order, the first
/// that finds a value answering.
struct ElicitedAnswerReader {
    let model: NLUModel
    let eliciting: ClassificationContext.ElicitedSlot
    let intent: Int
    let slot: Int
    let u: UtteranceTrace
    let context: ClassificationContext

    var slots: [SkillSchema.SlotInfo] { model.schema.intents[intent].slots }
    var info: SkillSchema.SlotInfo { slots[slot] }
    var type: SkillSchema.TypeInfo { model.schema.types[info.type] }

    /// The first reading that finds the slot's value, or nil.
    func read() -> ElicitedReading? {
        if let open = samplesAroundAnUnlistedValue() { return open }
        // Free text is the answer as said.
        if type.name == "AMAZON.SearchQuery" {
            return ElicitedReading(assignments: [(slot, 0, u.keys.count, 1)], source: .sample)
        }
        return tagged() ?? taggedAsThisSlotOnly() ?? valuesSaid() ?? bareSample()
    }

    /// Whether the tokens are a listed or parsed value of schema type `t`.
    func isValue(_ start: Int, _ end: Int, of t: Int) -> Bool {
        u.valueSpans.indices(startingAt: start).contains { u.valueSpans.end(of: $0) == end && u.valueSpans.isValue($0, of: Int32(t)) }
    }

    /// A span the slot can hold: anything for a type that takes unlisted values, a parsed
    /// value for numbers, dates and the like.
    func holds(_ start: Int, _ end: Int) -> Bool { type.builtInKind == nil || isValue(start, end, of: info.type) }

    /// The tagger's slots, when they account for the whole answer: every word outside them
    /// is a carrier or a word of the elicited intent's samples ("um a flat white" tagged
    /// "flat" leaves "white" unexplained).
    func explainsAll(_ found: [NLUModel.Assignment]) -> Bool {
        var covered = [Bool](repeating: false, count: u.keys.count)
        for a in found { for t in a.start..<a.end { covered[t] = true } }
        return u.keys.indices.allSatisfy {
            covered[$0] || model.elicitation.isAnswerWord(u.keys[$0], of: intent)
                || model.joinsListItems($0, found, intent: intent, tokens: u.tokens)
        }
    }

    /// The elicited slot's value span, or the slot it is a listed value of instead ("big"
    /// said when the drink is asked for is the size).
    func valueOrOtherSlot(_ start: Int, _ end: Int) -> NLUModel.Assignment {
        if !isValue(start, end, of: info.type),
           let other = slots.indices.first(where: { $0 != slot && isValue(start, end, of: slots[$0].type) }) {
            return (other, start, end, 1)
        }
        return (slot, start, end, 1)
    }

    /// The slot's own samples around an unlisted value: "a {size} one", "make it a {pizza}"
    /// (carrier phrases left in the value are taken off: "i'll have {pizza}" said as "i'll
    /// have a calzone please" gives "calzone").
    func samplesAroundAnUnlistedValue() -> ElicitedReading? {
        guard let open = model.elicitation.matchOpen(eliciting, keys: u.keys, valueSpans: u.valueSpans), open.literalTokens > 0,
              open.slots.contains(where: { $0.slot == slot }) else { return nil }
        let assignments = open.slots.map { s -> NLUModel.Assignment in
            guard s.slot == slot, type.name != "AMAZON.SearchQuery" else { return (s.slot, s.start, s.end, 1) }
            let value = model.elicitation.carriers.value(in: Array(u.keys[s.start..<s.end]))
            return valueOrOtherSlot(s.start + value.lowerBound, s.start + value.upperBound)
        }
        return ElicitedReading(assignments: assignments, source: .sample)
    }

    /// The tagger over the elicited intent: keeps the other slots said with it. When all it
    /// finds are listed or parsed values of the intent's other slots ("a large" when the
    /// pizza is asked for), those are filled and the dialog asks for this slot again.
    func tagged() -> ElicitedReading? {
        let decoding = model.graphs.withGraph(intent) { graph in
            model.tagger.decode(tokens: u.tokens, spans: u.spans ?? [], intentKey: model.intentKeys[intent],
                                graph: graph, mode: context.slotConfidence ? .full : .labels)
        }
        let tagged = model.withRoles(model.assignments(decoding, intent: intent),
                                     intent: intent, tokens: u.tokens, keys: u.keys, gazetteer: u.gazetteer, context: context)
        var full = model.withListItems(model.givenToAsked(tagged, asked: slot, intent: intent, keys: u.keys),
                                       intent: intent, tokens: u.tokens, scalars: u.scalars, context: context)
        // The slot asked for comes first: a value the tagger gave another slot that is also a
        // value of the asked slot's type is the answer ("neunzehnhundertneunzig" while the year
        // is asked for is the year, though a number like it fills the day) — unless a role
        // phrase says whose it is ("from boston" while the destination is asked for).
        if !full.contains(where: { $0.slot == slot }),
           let k = full.firstIndex(where: { isValue($0.start, $0.end, of: info.type)
                                            && model.slotRoles[intent].slot(before: $0.start, keys: u.keys) == nil }) {
            full[k].slot = slot
        }
        guard explainsAll(full) else { return nil }
        if full.contains(where: { $0.slot == slot && holds($0.start, $0.end) })
            || (!full.isEmpty && full.allSatisfy { isValue($0.start, $0.end, of: slots[$0.slot].type) }) {
            return ElicitedReading(assignments: full, source: .tagger)
        }
        return nil
    }

    /// The tagger allowed only this slot.
    func taggedAsThisSlotOnly() -> ElicitedReading? {
        guard let global = model.schema.slotNames.firstIndex(of: info.name) else { return nil }
        let graph = model.tagger.graph(for: [0, SlotLabels.begin(global), SlotLabels.inside(global)],
                                       slotTypes: model.graphs.slotTypes(of: intent))
        let decoding = model.tagger.decode(tokens: u.tokens, spans: u.spans ?? [], intentKey: model.intentKeys[intent], graph: graph,
                                           mode: context.slotConfidence ? .full : .labels)
        let only = model.assignments(decoding, intent: intent).filter { holds($0.start, $0.end) }
        return !only.isEmpty && explainsAll(only) ? ElicitedReading(assignments: only, source: .tagger) : nil
    }

    /// The listed and parsed values the answer says, each given to the intent's slot of its
    /// type (the elicited one first), when they and the intent's words explain the whole
    /// answer: "pepperoni with olives" while the pizza is asked for, where the tagger, with
    /// no word before "pepperoni", found only the topping.
    func valuesSaid() -> ElicitedReading? {
        var said: [NLUModel.Assignment] = []
        var t = 0
        while t < u.keys.count {
            let value = u.valueSpans.starting(at: t).sorted { $0.end > $1.end }.lazy.compactMap { v -> (slot: Int, end: Int)? in
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
        return said.contains(where: { $0.slot == slot }) && explainsAll(said) ? ElicitedReading(assignments: said, source: .gazetteer) : nil
    }

    /// The bare "{slot}" sample: the answer without its carrier words, or the longest value
    /// of a parsed type.
    func bareSample() -> ElicitedReading? {
        if type.builtInKind == nil {
            let range = model.elicitation.carriers.value(in: u.keys)
            return ElicitedReading(assignments: [valueOrOtherSlot(range.lowerBound, range.upperBound)], source: .sample)
        }
        var longest: (start: Int, end: Int)?
        for start in 0..<u.valueSpans.tokenCount {
            for v in u.valueSpans.starting(at: start) where v.types.contains(Int32(info.type)) && v.end - start > (longest.map { $0.end - $0.start } ?? 0) {
                longest = (start, v.end)
            }
        }
        return longest.map { ElicitedReading(assignments: [(slot, $0.start, $0.end, 1)], source: .sample) }
    }
}
