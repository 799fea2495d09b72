/// Answers AMAZON.RepeatIntent by saying the session's last speech and reprompt again.
///
/// A ``Conversation`` keeps them for every session (``HandlerInput/lastOutput``), so a skill
/// needs no interceptor of its own to support "say that again". (While a dialog waits for an
/// answer, the conversation repeats its question itself and keeps the dialog open.)
public struct RepeatIntentHandler: RequestHandler {
    /// Said when there is nothing to repeat yet.
    public var nothingToRepeat: String

    public init(nothingToRepeat: String = "I haven't said anything yet. What would you like to do?") {
        self.nothingToRepeat = nothingToRepeat
    }

    public func canHandle(_ input: HandlerInput) async throws -> Bool {
        Alexa.getIntentName(input.requestEnvelope) == "AMAZON.RepeatIntent"
    }

    public func handle(_ input: HandlerInput) async throws -> Response {
        guard let last = input.lastOutput else {
            return input.responseBuilder.speak(nothingToRepeat).reprompt(nothingToRepeat).getResponse()
        }
        var builder = input.responseBuilder.speak(last.speech)
        if let reprompt = last.reprompt { builder = builder.reprompt(reprompt) }
        return builder.getResponse()
    }
}
