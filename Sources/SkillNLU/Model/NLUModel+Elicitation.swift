import BuiltInValues

/// Steps 3 to 5 of reading an answer while a dialog elicits a slot (the rule is written out on
/// ``ClassificationContext/elicitingSlot``): does another intent take the turn, and if not,
/// which words are the slot's value.
extension NLUModel {
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
        let reader = ElicitedAnswerReader(model: self, eliciting: eliciting, intent: intent, slot: slot, u: u, context: context)
        guard let reading = reader.read() else { return nil }
        let bestOther = ranking.first { $0 != intent }
        let confidence = max(Double(probabilities[intent]), 1 - (bestOther.map { Double(probabilities[$0]) } ?? 0))
        return (intent, confidence, reading.assignments, reading.source)
    }
}
