import SkillDialog

/// "Open pizza shop": greets, and a returning customer hears about their last order.
struct LaunchHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getRequestType(input.requestEnvelope) == LaunchRequest.type
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let record = try input.shopRecord
        let greeting = record.lastOpenOrder.map { "Welcome back to Pizza Shop! Last time you had \($0.summary)." }
            ?? "Welcome to Pizza Shop! You can order a pizza, hear the menu, or ask about an order."
        return input.responseBuilder.speak(greeting + " What would you like?").reprompt("What would you like?").getResponse()
    }
}

/// "What can I say": one example of each of the shop's own intents, taken from the model's
/// representative utterances when the skill was given them.
struct HelpHandler: RequestHandler {
    var examples: [IntentExamples] = []

    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == "AMAZON.HelpIntent"
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        let phrases = examples.filter { !$0.intent.hasPrefix("AMAZON.") }.compactMap(\.examples.first).prefix(4)
        let speech: String
        if phrases.isEmpty {
            speech = "You can say: order a large pepperoni pizza, what's on the menu, or where is my order."
        } else {
            speech = "You can say: " + phrases.dropLast().joined(separator: ", ")
                + (phrases.count > 1 ? ", or " : "") + (phrases.last ?? "") + "."
        }
        return input.responseBuilder.speak(speech + " What would you like?").reprompt("What would you like?").getResponse()
    }
}

struct StartOverHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == "AMAZON.StartOverIntent"
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        try input.attributesManager.setSessionAttributes([:])
        return input.responseBuilder.speak("Okay, let's start over. What would you like?").reprompt("What would you like?")
            .getResponse()
    }
}

/// Stop and cancel end the session.
struct ExitHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.isIntent(input.requestEnvelope, "AMAZON.StopIntent", "AMAZON.CancelIntent", "AMAZON.NavigateHomeIntent")
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        input.responseBuilder.speak("Thanks for stopping by Pizza Shop. Goodbye!").withShouldEndSession(true).getResponse()
    }
}

struct FallbackHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == "AMAZON.FallbackIntent"
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        input.responseBuilder.speak("Sorry, Pizza Shop can't help with that. You can order a pizza or hear the menu. What would you like?")
            .reprompt("What would you like?").getResponse()
    }
}

/// The session is over: nothing can be said; orders were already saved by the interceptor.
struct SessionEndedHandler: RequestHandler {
    func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getRequestType(input.requestEnvelope) == SessionEndedRequest.type
    }

    func handle(_ input: HandlerInput) async throws -> Response { input.responseBuilder.getResponse() }
}

/// Any error: apologise and keep the session open, as the sample skills do.
struct ApologizingErrorHandler: ErrorHandler {
    func canHandle(_ input: HandlerInput, error: any Error) async throws -> Bool { true }

    func handle(_ input: HandlerInput, error: any Error) async throws -> Response {
        input.responseBuilder.speak("Sorry, I had trouble doing what you asked. Please try again.")
            .reprompt("What would you like?").getResponse()
    }
}
