import BuiltInValues

/// A date or time said right beside another slot's value fills its slot even when the tagger
/// left it out.
extension NLUModel {
    /// `assignments` with each date or time the parsers read (`builtIns`) that the tagger left
    /// untagged, right beside a span it tagged, given to the intent's one slot of that kind
    /// when that slot is empty.
    ///
    /// The decoder puts a slot right after another only where training data shows the two
    /// side by side (``PermittedTransitions``). Samples written as "on {date} at {time}" never
    /// do, so in "tomorrow morning" it can tag the date or the time, not both, and the other is
    /// lost. A value counts as beside a span when no word stands between them; an intent with
    /// several slots of the value's kind ("from {start} to {end}") gains none, since nothing
    /// says which of them the value is. The tagger gave the value no marginal: its confidence
    /// is ½ when ``ClassificationContext/slotConfidence`` asks for confidences, else 1 like
    /// every other value's.
    func withAdjacentBuiltIns(_ assignments: [Assignment], intent: Int, builtIns: [BuiltInSpan],
                              context: ClassificationContext) -> [Assignment] {
        guard !assignments.isEmpty, !builtIns.isEmpty else { return assignments }
        let slots = schema.intents[intent].slots
        var out = assignments
        for b in builtIns {
            guard let kind = b.kind, kind == .date || kind == .time else { continue }
            let ofKind = slots.indices.filter { schema.types[slots[$0].type].builtInKind == kind }
            guard ofKind.count == 1, let slot = ofKind.first, !out.contains(where: { $0.slot == slot }) else { continue }
            let r = b.tokens
            guard !out.contains(where: { $0.start < r.upperBound && r.lowerBound < $0.end }),
                  out.contains(where: { $0.end == r.lowerBound || $0.start == r.upperBound }) else { continue }
            out.append((slot, r.lowerBound, r.upperBound, context.slotConfidence ? 0.5 : 1))
        }
        return out
    }
}
