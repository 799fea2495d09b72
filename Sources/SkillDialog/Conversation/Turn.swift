import Understanding

/// One exchange of a ``Conversation``, with what happened behind the response: for transcripts,
/// tests and tools such as `nlu-chat`.
public struct Turn: Codable, Sendable, Equatable {
    /// The user's words; nil for the launch and for the end of the session.
    public var utterance: String?
    /// The NLU's reading of the words.
    public var understanding: NLUResult?
    /// The intent the turn was about, with its slots as they stand after the turn (the dialog's
    /// intent while a dialog runs); nil for a LaunchRequest answered without one.
    public var intent: IntentRequest.Intent?
    /// The intent's dialog state after the turn; nil outside a dialog.
    public var dialogState: DialogState?
    /// What the skill (or the dialog model) answered.
    public var response: Response
    /// Whether the session is over after this turn.
    public var sessionEnded: Bool
    /// The requests sent to the skill during the turn, in order (none when the dialog model
    /// answered by itself).
    public var requests: [RequestEnvelope]

    public init(utterance: String?, understanding: NLUResult?, intent: IntentRequest.Intent?, dialogState: DialogState?,
                response: Response, sessionEnded: Bool, requests: [RequestEnvelope]) {
        self.utterance = utterance
        self.understanding = understanding
        self.intent = intent
        self.dialogState = dialogState
        self.response = response
        self.sessionEnded = sessionEnded
        self.requests = requests
    }

    /// The filled slots of ``intent``: each name with its values (one, or several for a list).
    public var slotValues: [String: [String]] {
        var out: [String: [String]] = [:]
        for (name, slot) in intent?.slots ?? [:] where slot.isFilled { out[name] = slot.values }
        return out
    }
}
