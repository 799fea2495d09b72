import InteractionModel
import Understanding

/// Alexa's dialog model: given an intent and the values collected so far, decides the next
/// step — elicit a required slot, reject an invalid value, confirm a slot, confirm the intent,
/// or declare the dialog complete.
///
/// Slots are taken in the dialog model's order. For each: a filled value is validated (the
/// first failing rule's prompt asks again and the value is dropped), then confirmed if the
/// model requires it (a denied value is dropped and asked again); an empty required slot is
/// elicited. When all slots pass, the intent is confirmed if required. A denied intent still
/// completes — the handler receives `confirmationStatus: DENIED` — as on Alexa.
public struct DialogEngine: Sendable {
    public let model: InteractionModel
    public let renderer: PromptRenderer

    public init(model: InteractionModel) {
        self.model = model
        self.renderer = PromptRenderer(model: model)
    }

    /// The next step of a dialog.
    public enum Step: Sendable, Equatable {
        /// Ask the user: the question (SSML) and what it waits for.
        case ask(DialogAsk, prompt: String)
        /// Nothing left to collect: the handler gets the intent with dialogState COMPLETED.
        case complete
    }

    /// The dialog rules of this intent, if the model has any.
    public func dialogIntent(named name: String) -> DialogIntent? { model.dialog?.intent(named: name) }

    /// Whether this intent has a dialog model (and so a dialogState).
    public func hasDialog(_ intentName: String) -> Bool { dialogIntent(named: intentName) != nil }

    /// Whether Alexa runs this intent's dialog without asking the skill (delegation strategy
    /// `ALWAYS`, the intent's own setting winning over the skill's). Absent means
    /// `SKILL_RESPONSE`, as in models written before auto-delegation existed.
    public func delegatesAutomatically(_ intentName: String) -> Bool {
        guard let dialog = model.dialog, let intent = dialog.intent(named: intentName) else { return false }
        let strategy = intent.delegationStrategy ?? dialog.delegationStrategy ?? "SKILL_RESPONSE"
        return strategy.uppercased() == "ALWAYS"
    }

    /// The type of a slot: from the dialog model, else from the language model.
    public func slotType(intent: String, slot: String) -> String? {
        dialogIntent(named: intent)?.slot(named: slot)?.type ?? model.intent(named: intent)?.slot(named: slot)?.type
    }

    /// Decides the next step. Invalid and denied values are removed from `intent`.
    public func nextStep(for intent: inout IntentRequest.Intent, validator: SlotValidator,
                         generator: inout SeededGenerator) -> Step {
        guard let rules = dialogIntent(named: intent.name) else { return .complete }
        for dialogSlot in rules.slots {
            let name = dialogSlot.name
            let slot = intent.slots?[name] ?? IntentRequest.Slot(name: name)
            if slot.isFilled {
                let type = dialogSlot.type ?? slotType(intent: intent.name, slot: name)
                if let failed = validator.firstFailure(of: slot, slotType: type, rules: dialogSlot.validations) {
                    let value = renderer.spokenValue(of: slot)
                    let prompt = renderer.render(promptId: failed.prompt, intent: intent,
                                                 fallback: renderer.validationFallback(slot: name, value: value),
                                                 generator: &generator)
                    intent[slot: name] = slot.cleared()
                    return .ask(.elicitSlot(name), prompt: prompt)
                }
                if dialogSlot.confirmationRequired {
                    switch slot.confirmationStatus {
                    case .none:
                        let prompt = renderer.render(promptId: dialogSlot.prompts.confirmation, intent: intent,
                                                     fallback: renderer.slotConfirmationFallback(slot: name, intent: intent),
                                                     generator: &generator)
                        return .ask(.confirmSlot(name), prompt: prompt)
                    case .denied:
                        intent[slot: name] = slot.cleared()
                        return .ask(.elicitSlot(name), prompt: elicitation(for: dialogSlot, intent: intent, generator: &generator))
                    case .confirmed:
                        break
                    }
                }
            } else if dialogSlot.elicitationRequired {
                return .ask(.elicitSlot(name), prompt: elicitation(for: dialogSlot, intent: intent, generator: &generator))
            }
        }
        if rules.confirmationRequired && intent.confirmationStatus == .none {
            let prompt = renderer.render(promptId: rules.prompts.confirmation, intent: intent,
                                         fallback: renderer.intentConfirmationFallback(intent: intent, dialogSlots: rules.slots.map(\.name)),
                                         generator: &generator)
            return .ask(.confirmIntent, prompt: prompt)
        }
        return .complete
    }

    /// The prompt that asks for a slot (for handlers' `Dialog.ElicitSlot` without speech too).
    public func elicitationPrompt(slot: String, intent: IntentRequest.Intent, generator: inout SeededGenerator) -> String {
        let id = dialogIntent(named: intent.name)?.slot(named: slot)?.prompts.elicitation
        return renderer.render(promptId: id, intent: intent, fallback: renderer.elicitationFallback(slot: slot), generator: &generator)
    }

    /// The prompt that confirms a slot.
    public func slotConfirmationPrompt(slot: String, intent: IntentRequest.Intent, generator: inout SeededGenerator) -> String {
        let id = dialogIntent(named: intent.name)?.slot(named: slot)?.prompts.confirmation
        return renderer.render(promptId: id, intent: intent,
                               fallback: renderer.slotConfirmationFallback(slot: slot, intent: intent), generator: &generator)
    }

    /// The prompt that confirms the intent.
    public func intentConfirmationPrompt(intent: IntentRequest.Intent, generator: inout SeededGenerator) -> String {
        let rules = dialogIntent(named: intent.name)
        return renderer.render(promptId: rules?.prompts.confirmation, intent: intent,
                               fallback: renderer.intentConfirmationFallback(intent: intent, dialogSlots: rules?.slots.map(\.name) ?? []),
                               generator: &generator)
    }

    private func elicitation(for dialogSlot: DialogSlot, intent: IntentRequest.Intent, generator: inout SeededGenerator) -> String {
        renderer.render(promptId: dialogSlot.prompts.elicitation, intent: intent,
                        fallback: renderer.elicitationFallback(slot: dialogSlot.name), generator: &generator)
    }
}
