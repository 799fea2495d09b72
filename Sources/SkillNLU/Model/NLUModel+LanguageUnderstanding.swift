/// The trained on-device model understands for a dialog (SkillDialog's `Conversation`): the
/// dialog's eliciting slot and the reference date go to `classify` as its `ClassificationContext`.
extension NLUModel: LanguageUnderstanding {
    public func understand(_ text: String, context: UnderstandingContext) -> NLUResult {
        var classification = ClassificationContext(referenceDate: context.referenceDate, timeZone: context.timeZone)
        if let eliciting = context.elicitingSlot {
            classification.elicitingSlot = ClassificationContext.ElicitedSlot(intent: eliciting.intent, slot: eliciting.slot)
        }
        return classify(text, context: classification)
    }
}
