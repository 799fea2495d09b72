import BuiltInValues
/// Slot values and resolution: the spans of the answer's intent — from the layer that decided,
/// or from the chosen joint reading with carrier words taken off and role phrases applied —
/// become Alexa-style values with entity resolutions. The tagger's confidence in the spans is
/// computed here, for the chosen reading only, when the caller asks for it
/// (``ClassificationContext/slotConfidence``).
struct SlotValueStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard let decided = trace.decision?.intent else { return }
        if trace.slotSpans == nil, let best = trace.best, case let i = trace.readings[best].intent, i == decided {
            // The decoding read in place; only a caller that wants the spans' confidence has it
            // copied, to complete (a copy retains each of its arrays).
            let assignments: [NLUModel.Assignment]
            if context.slotConfidence {
                var decoding = trace.readings[best].decoding
                model.graphs.withGraph(i) { model.tagger.completeConfidence(&decoding, graph: $0, fromFirstSlot: true) }
                assignments = model.assignments(decoding, intent: i)
            } else {
                // The labels and confidences read through a pointer to the decoding: the reading
                // passed from the inout trace, or its decoding read from the buffer, was copied whole.
                assignments = trace.readings.withUnsafeBufferPointer { readings in
                    let decoding = (readings.baseAddress! + best).pointer(to: \.decoding)!
                    return model.assignments(labels: decoding.pointee.labels, confidence: decoding.pointee.confidence, intent: i)
                }
            }
            let decoded = model.withoutUnlistedPhrases(assignments, intent: i, tokens: trace.tokens,
                                                       keys: trace.keys, gazetteer: trace.gazetteer, context: context)
            let plain = model.withoutCarrierWords(decoded, intent: i, tokens: trace.tokens,
                                                  keys: trace.keys, gazetteer: trace.gazetteer, builtIns: trace.builtIns,
                                                  context: context)
            let whole = model.withListedWholes(plain, intent: i, tokens: trace.tokens, gazetteer: trace.gazetteer, context: context)
            let byRole = model.withRoles(whole, intent: i, tokens: trace.tokens, keys: trace.keys, gazetteer: trace.gazetteer,
                                        context: context)
            let adjacent = model.withAdjacentBuiltIns(byRole, intent: i, builtIns: trace.builtIns, context: context)
            let found = model.withUnheardValue(adjacent, intent: i, tokens: trace.tokens, keys: trace.keys, context: context)
            trace.slotSpans = SlotSpans(intent: i, assignments: found, source: .tagger)
        }
        guard let spans = trace.slotSpans else { return }
        trace.slots = model.makeSlots(intent: spans.intent, assignments: spans.assignments, tokens: trace.tokens,
                                      scalars: trace.scalars, source: spans.source, context: context, gazetteer: trace.gazetteer)
        if !spans.givenValues.isEmpty { trace.slots.give(spans.givenValues) }
    }
}

/// The slot values of one reading: what goes in ``NLUResult/slots`` and
/// ``NLUResult/repeatedSlots``.
struct FilledSlots {
    var slots: [SlotValue] = []
    var repeated: [SlotValue] = []

    /// Each value with a given value at its slot and start takes that value instead.
    mutating func give(_ given: [GivenValue: String]) {
        func apply(_ v: inout SlotValue) {
            if let value = given[GivenValue(slot: v.name, start: v.start)] { v.value = value }
            if var values = v.values {
                for k in values.indices { apply(&values[k]) }
                v.values = values
            }
        }
        for k in slots.indices { apply(&slots[k]) }
        for k in repeated.indices { apply(&repeated[k]) }
    }
}

extension NLUModel {
    /// The slot spans of a decoding, as (slot index within `intent`, start, end, mean marginal;
    /// 1 for a decoding without its confidence).
    func assignments(_ decoding: TaggerDecoding, intent: Int) -> [(slot: Int, start: Int, end: Int, confidence: Float)] {
        assignments(labels: decoding.labels, confidence: decoding.confidence, intent: intent)
    }

    /// ``assignments(_:intent:)`` of a decoding's `labels` and `confidence` (empty: not computed).
    func assignments(labels tokenLabels: [Int32], confidence: [Float],
                     intent: Int) -> [(slot: Int, start: Int, end: Int, confidence: Float)] {
        // The intent's labels list its slots in order, each as its begin and inside labels
        // after the outside label (``allowedLabels(_:)``).
        let labels = allowedLabels[intent]
        // Counted first, then gathered straight from the labels: one allocation at its size.
        var count = 0
        SlotLabels.forEachSpan(tokenLabels) { _, _, _ in count += 1 }
        guard count > 0 else { return [] }
        var out: [Assignment] = []
        out.reserveCapacity(count)
        SlotLabels.forEachSpan(tokenLabels) { slot, start, end in
            guard let at = labels.firstIndex(of: SlotLabels.begin(slot)) else { return }
            let local = (at - 1) / 2
            let c = confidence.isEmpty ? 1 : confidence[start..<end].reduce(0, +) / Float(end - start)
            out.append((local, start, end, c))
        }
        return out
    }

    /// Turns token spans into Alexa-style slot values; several spans of a `multipleValues`
    /// slot become one slot with `values`, further spans of a single-value slot go to
    /// ``FilledSlots/repeated``.
    func makeSlots(intent: Int, assignments: [(slot: Int, start: Int, end: Int, confidence: Float)], tokens: [Token],
                   scalars: [Unicode.Scalar], source: SlotSource, context: ClassificationContext,
                   gazetteer: [PhraseTrie.Match] = []) -> FilledSlots {
        let slots = schema.intents[intent].slots
        // Only free text needs them.
        lazy var keys = tokens.map(PhraseTrie.key)
        var items = withListItems(assignments, intent: intent, tokens: tokens, scalars: scalars, context: context).map {
            let a = withoutAnswerCarriers($0, intent: intent, tokens: tokens, gazetteer: gazetteer, context: context)
            guard schema.types[slots[a.slot].type].name == "AMAZON.SearchQuery" else { return a }
            return withoutRequestClauses(withoutRequestWords(a, intent: intent, tokens: tokens), intent: intent, keys: keys)
        }
        // Sorted in place (the sort is stable, as `sorted` is): the mapped array is this call's own.
        items.sort { $0.start < $1.start }
        guard !items.isEmpty else { return FilledSlots() }
        var out: [SlotValue] = []
        out.reserveCapacity(items.count)
        var repeated: [SlotValue] = []
        // Where each slot's first value is in `out`, by slot index; -1 before it has one. A
        // few words on the stack: an intent has a handful of slots.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: slots.count) { indexOfSlot in
            indexOfSlot.initialize(repeating: -1)
            for a in items {
                let slot = slots[a.slot]
                let start = tokens[a.start].range.lowerBound, end = tokens[a.end - 1].range.upperBound
                let raw = String(scalars: scalars[start..<end])
                let span = tokens[a.start..<a.end]
                var found = source
                var spoken = raw
                var resolutions: Resolutions?
                if let kind = schema.types[slot.type].builtInKind {
                    if let parsed = finder.parser.parse(kind: kind, tokens: span, context: context.builtIn) {
                        spoken = parsed
                        if source == .tagger { found = .builtIn }
                    }
                } else {
                    let listed = gazetteer.contains { $0.start == a.start && $0.end == a.end && $0.entries.contains { $0.type == Int32(slot.type) } }
                    if source == .tagger && listed { found = .gazetteer }
                    resolutions = resolvers.resolve(type: slot.type, tokens: span, dynamic: context.dynamicEntities)
                }
                let value = SlotValue(name: slot.name, type: schema.types[slot.type].name, value: spoken, rawValue: raw, start: start, end: end,
                                      resolutions: resolutions, confidence: Double(a.confidence), source: found)
                let existing = indexOfSlot[a.slot]
                if existing >= 0 {
                    if slot.multipleValues {
                        var merged = out[existing]
                        merged.values = (merged.values ?? [merged]) + [value]
                        out[existing] = merged
                    } else {
                        // A single-value slot reports its first value, as Alexa does.
                        repeated.append(consume value)
                    }
                } else {
                    indexOfSlot[a.slot] = out.count
                    out.append(consume value)
                }
            }
            return FilledSlots(slots: out, repeated: repeated)
        }
    }
}
