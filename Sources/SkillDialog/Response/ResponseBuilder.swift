/// Builds a ``Response`` the way the ASK SDK's `responseBuilder` does, as a value.
///
/// Each method returns a changed copy, so `input.responseBuilder.speak(…).reprompt(…)
/// .getResponse()` reads exactly like the Node.js original while no two handlers can ever
/// share a half-built response.
public struct ResponseBuilder: Sendable, Equatable {
    private var response = Response()

    public init() {}

    /// Sets the speech. SSML passes through, plain text is escaped; either way the result is one
    /// `<speak>` element.
    public func speak(_ speech: String, playBehavior: OutputSpeech.PlayBehavior? = nil) -> ResponseBuilder {
        var copy = self
        copy.response.outputSpeech = .ssml(SSML.speech(speech), playBehavior: playBehavior)
        return copy
    }

    /// Sets what is said if the user does not answer, and keeps the session open (as the SDK does).
    public func reprompt(_ speech: String, playBehavior: OutputSpeech.PlayBehavior? = nil) -> ResponseBuilder {
        var copy = self
        copy.response.reprompt = Reprompt(outputSpeech: .ssml(SSML.speech(speech), playBehavior: playBehavior))
        copy.response.shouldEndSession = false
        return copy
    }

    /// Adds a card with a title and plain-text content.
    public func withSimpleCard(_ title: String, _ content: String) -> ResponseBuilder {
        var copy = self
        copy.response.card = .simple(title: title, content: content)
        return copy
    }

    /// Adds a card with a title, text and optional images.
    public func withStandardCard(_ title: String, _ text: String, smallImageUrl: String? = nil,
                                 largeImageUrl: String? = nil) -> ResponseBuilder {
        var copy = self
        copy.response.card = .standard(title: title, text: text, smallImageUrl: smallImageUrl, largeImageUrl: largeImageUrl)
        return copy
    }

    /// Adds the account-linking card.
    public func withLinkAccountCard() -> ResponseBuilder {
        var copy = self
        copy.response.card = .linkAccount
        return copy
    }

    /// Ends the session (`true`) or keeps it open (`false`).
    public func withShouldEndSession(_ value: Bool) -> ResponseBuilder {
        var copy = self
        copy.response.shouldEndSession = value
        return copy
    }

    /// Adds any directive.
    public func addDirective(_ directive: Directive) -> ResponseBuilder {
        var copy = self
        copy.response.directives = (copy.response.directives ?? []) + [directive]
        return copy
    }

    /// `Dialog.Delegate`: the dialog model takes the next step. An `updatedIntent` naming another
    /// intent chains to it.
    public func addDelegateDirective(updatedIntent: IntentRequest.Intent? = nil) -> ResponseBuilder {
        addDirective(.delegate(updatedIntent: updatedIntent))
    }

    /// `Dialog.ElicitSlot`: asks for a slot with this response's speech.
    public func addElicitSlotDirective(_ slotToElicit: String, updatedIntent: IntentRequest.Intent? = nil) -> ResponseBuilder {
        addDirective(.elicitSlot(slotToElicit: slotToElicit, updatedIntent: updatedIntent))
    }

    /// `Dialog.ConfirmSlot`: asks the user to confirm a slot's value with this response's speech.
    public func addConfirmSlotDirective(_ slotToConfirm: String, updatedIntent: IntentRequest.Intent? = nil) -> ResponseBuilder {
        addDirective(.confirmSlot(slotToConfirm: slotToConfirm, updatedIntent: updatedIntent))
    }

    /// `Dialog.ConfirmIntent`: asks the user to confirm the whole intent with this response's speech.
    public func addConfirmIntentDirective(updatedIntent: IntentRequest.Intent? = nil) -> ResponseBuilder {
        addDirective(.confirmIntent(updatedIntent: updatedIntent))
    }

    /// The response built so far.
    public func getResponse() -> Response { response }
}
