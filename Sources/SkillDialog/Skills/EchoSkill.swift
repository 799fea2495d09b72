import InteractionModel

/// A skill for any interaction model, with no code: it greets on launch, lets the dialog model
/// run every dialog (delegating while a dialog is not complete, so `SKILL_RESPONSE` models run
/// too), and when an intent is complete says which intent it was and with which slot values.
///
/// This is what `nlu-chat` talks to; it is also a quick way to try a model's dialogs before
/// writing handlers.
public enum EchoSkill {
    /// The skill for this model.
    public static func build(for model: InteractionModel) -> Skill {
        SkillBuilder()
            .addRequestHandlers(handlers(for: model))
            .addErrorHandlers(ClosureErrorHandler { input, error in
                input.responseBuilder.speak("Sorry, something went wrong: \(error)").reprompt("What would you like to do?")
                    .getResponse()
            })
            .build()
    }

    /// The handlers, to combine with a skill's own (add yours first to take precedence).
    public static func handlers(for model: InteractionModel) -> [any RequestHandler] {
        let name = model.languageModel.invocationName.isEmpty ? "this skill" : model.languageModel.invocationName
        let engine = DialogEngine(model: model)
        return [
            ClosureRequestHandler(requestType: LaunchRequest.type) { input in
                input.responseBuilder.speak("Welcome to \(name). What would you like to do?")
                    .reprompt("What would you like to do?").getResponse()
            },
            ClosureRequestHandler(requestType: SessionEndedRequest.type) { input in input.responseBuilder.getResponse() },
            RepeatIntentHandler(),
            ClosureRequestHandler(intents: ["AMAZON.StopIntent", "AMAZON.CancelIntent"]) { input in
                input.responseBuilder.speak("Goodbye.").withShouldEndSession(true).getResponse()
            },
            ClosureRequestHandler(canHandle: { Alexa.getIntentName($0.requestEnvelope) != nil }) { input in
                let envelope = input.requestEnvelope
                guard let intent = Alexa.getIntent(envelope) else { return input.responseBuilder.getResponse() }
                if engine.hasDialog(intent.name), Alexa.getDialogState(envelope) != .completed {
                    return input.responseBuilder.addDelegateDirective().getResponse()
                }
                return input.responseBuilder.speak(describe(intent, model: model))
                    .reprompt("What else would you like to do?").getResponse()
            },
        ]
    }

    /// "OrderIntent with size large and toppings ham and olives." (or "… was not confirmed.").
    public static func describe(_ intent: IntentRequest.Intent, model: InteractionModel) -> String {
        if intent.confirmationStatus == .denied { return "\(intent.name) was not confirmed." }
        let order = model.intent(named: intent.name)?.slots.map(\.name) ?? []
        let names = order + (intent.slots ?? [:]).keys.filter { !order.contains($0) }.sorted()
        let renderer = PromptRenderer(model: model)
        let parts = names.compactMap { name -> String? in
            guard let slot = intent.slots?[name], slot.isFilled else { return nil }
            return "\(name) \(renderer.spokenValue(of: slot))"
        }
        return parts.isEmpty ? "\(intent.name)." : "\(intent.name) with \(parts.joined(separator: ", "))."
    }
}
