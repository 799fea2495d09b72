import InteractionModel

/// A skill for any interaction model, with no code: it greets on launch, lets the dialog model
/// run every dialog (delegating while a dialog is not complete, so `SKILL_RESPONSE` models run
/// too), and when an intent is complete says which intent it was and with which slot values.
/// Its own words (welcome, goodbye, help, "I didn't get that") are in the skill's language
/// (``ChatPhrases``); help quotes a few of the skill's samples.
///
/// This is what `nlu-chat` talks to; it is also a quick way to try a model's dialogs before
/// writing handlers.
public enum EchoSkill {
    /// The skill for this model. With `feedbackCommands` its help also tells how to judge an
    /// answer (`/right`, `/wrong`), for a chat that records feedback.
    public static func build(for model: InteractionModel, feedbackCommands: Bool = false) -> Skill {
        let words = ChatPhrases.forLocale(model.locale)
        return SkillBuilder()
            .addRequestHandlers(handlers(for: model, feedbackCommands: feedbackCommands))
            .addErrorHandlers(ClosureErrorHandler { input, error in
                input.responseBuilder.speak(words.somethingWentWrong + "\(error)").reprompt(words.whatToDo).getResponse()
            })
            .build()
    }

    /// The handlers, to combine with a skill's own (add yours first to take precedence).
    public static func handlers(for model: InteractionModel, feedbackCommands: Bool = false) -> [any RequestHandler] {
        let words = ChatPhrases.forLocale(model.locale)
        let welcome = words.welcome(to: model.languageModel.invocationName)
        let help = words.help(quoting: helpSamples(of: model), feedbackCommands: feedbackCommands)
        let engine = DialogEngine(model: model)
        return [
            ClosureRequestHandler(requestType: LaunchRequest.type) { input in
                input.responseBuilder.speak(welcome).reprompt(words.whatToDo).getResponse()
            },
            ClosureRequestHandler(requestType: SessionEndedRequest.type) { input in input.responseBuilder.getResponse() },
            RepeatIntentHandler(),
            ClosureRequestHandler(intents: ["AMAZON.StopIntent", "AMAZON.CancelIntent"]) { input in
                input.responseBuilder.speak(words.goodbye).withShouldEndSession(true).getResponse()
            },
            ClosureRequestHandler(intents: ["AMAZON.HelpIntent"]) { input in
                input.responseBuilder.speak(help).reprompt(words.whatToDo).getResponse()
            },
            ClosureRequestHandler(intents: ["AMAZON.FallbackIntent"]) { input in
                input.responseBuilder.speak(words.notUnderstood).reprompt(words.whatToDo).getResponse()
            },
            ClosureRequestHandler(canHandle: { Alexa.getIntentName($0.requestEnvelope) != nil }) { input in
                let envelope = input.requestEnvelope
                guard let intent = Alexa.getIntent(envelope) else { return input.responseBuilder.getResponse() }
                if engine.hasDialog(intent.name), Alexa.getDialogState(envelope) != .completed {
                    return input.responseBuilder.addDelegateDirective().getResponse()
                }
                return input.responseBuilder.speak(describe(intent, model: model)).reprompt(words.whatElse).getResponse()
            },
        ]
    }

    /// What help quotes: the first sample without slots of each of the skill's own intents
    /// that has one, three at most, none twice.
    static func helpSamples(of model: InteractionModel) -> [String] {
        let own = model.languageModel.intents.filter { !BuiltInIntents.isKnown($0.name) }
        var seen: Set<String> = []
        let samples = own.compactMap { intent in intent.samples.first { !$0.contains("{") } }
        return Array(samples.filter { seen.insert(BuiltInIntents.normalize($0)).inserted }.prefix(3))
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
