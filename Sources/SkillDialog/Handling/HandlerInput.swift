import Understanding

/// What every handler, interceptor and error handler receives for one request.
public struct HandlerInput: Sendable {
    /// The request as Alexa would send it.
    public let requestEnvelope: RequestEnvelope
    /// Request, session and persistent attributes; shared by everything that sees this request.
    public let attributesManager: AttributesManager
    /// A fresh response builder.
    public var responseBuilder: ResponseBuilder { ResponseBuilder() }
    /// What only an on-device conversation knows (the words typed, what the NLU made of them,
    /// what was said last). Empty for an envelope that came from elsewhere.
    public let extras: RequestExtras

    public init(requestEnvelope: RequestEnvelope, attributesManager: AttributesManager, extras: RequestExtras = RequestExtras()) {
        self.requestEnvelope = requestEnvelope
        self.attributesManager = attributesManager
        self.extras = extras
    }

    /// The user's words for this turn, when a ``Conversation`` produced the request. Alexa does
    /// not send them; the answer conveniences (``YesNoAnswer``, ``ChoiceSet``, ``NumberAnswer``,
    /// ``PatternTemplate``) read them.
    public var utterance: String? { extras.utterance }

    /// The NLU's reading of ``utterance``, when a ``Conversation`` produced the request.
    public var understanding: NLUResult? { extras.understanding }

    /// The last speech and reprompt of this session, for `AMAZON.RepeatIntent`.
    public var lastOutput: SpokenOutput? { extras.lastOutput }
}

/// What a ``Conversation`` knows about a request beyond Alexa's JSON.
public struct RequestExtras: Sendable {
    public var utterance: String?
    public var understanding: NLUResult?
    public var lastOutput: SpokenOutput?

    public init(utterance: String? = nil, understanding: NLUResult? = nil, lastOutput: SpokenOutput? = nil) {
        self.utterance = utterance
        self.understanding = understanding
        self.lastOutput = lastOutput
    }
}

/// Speech and reprompt as they were sent (SSML), kept so they can be said again.
public struct SpokenOutput: Codable, Sendable, Equatable {
    public var speech: String
    public var reprompt: String?

    public init(speech: String, reprompt: String? = nil) {
        self.speech = speech
        self.reprompt = reprompt
    }
}
