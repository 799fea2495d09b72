import Understanding

/// Everything a ``Conversation`` remembers between turns, `Codable` so an app can save a
/// conversation when it is suspended and resume it later, even in the middle of a dialog.
public struct ConversationState: Codable, Sendable, Equatable {
    public var userId: String
    public var applicationId: String
    public var deviceId: String
    public var locale: String
    /// Whether a session is open.
    public var sessionOpen: Bool
    public var sessionId: String
    /// How many sessions this conversation has opened (it numbers their ids).
    public var sessionCount: Int
    /// Whether the next request is the session's first.
    public var isNewSession: Bool
    /// The skill's session attributes, as returned with its last response.
    public var sessionAttributes: Attributes
    /// The dialog in progress, if any.
    public var dialog: DialogProgress?
    /// The last speech and reprompt, for AMAZON.RepeatIntent and for asking again.
    public var lastOutput: SpokenOutput?
    /// The prompt-variation generator, so a resumed conversation continues its sequence.
    public var generator: SeededGenerator
    /// How many requests have been sent (it numbers their ids).
    public var requestCount: Int

    public init(userId: String, applicationId: String, deviceId: String, locale: String, seed: UInt64) {
        self.userId = userId
        self.applicationId = applicationId
        self.deviceId = deviceId
        self.locale = locale
        self.sessionOpen = false
        self.sessionId = ""
        self.sessionCount = 0
        self.isNewSession = true
        self.sessionAttributes = [:]
        self.dialog = nil
        self.lastOutput = nil
        self.generator = SeededGenerator(seed: seed)
        self.requestCount = 0
    }
}

/// A dialog in progress: the intent with the values collected so far and what it waits for.
public struct DialogProgress: Codable, Sendable, Equatable {
    /// The intent, with its slots and confirmation statuses so far.
    public var intent: IntentRequest.Intent
    /// What the last question asked for.
    public var awaiting: DialogAsk?
    /// How many turns of this dialog are over (0 during its first turn).
    public var turns: Int
    /// Whether the user's next answer goes to the skill (a `SKILL_RESPONSE` intent, or a
    /// handler that asked with its own ElicitSlot / ConfirmSlot / ConfirmIntent directive)
    /// rather than to the dialog model.
    public var skillDriven: Bool
    /// The dialog state as of the last turn.
    public var state: DialogState

    public init(intent: IntentRequest.Intent, awaiting: DialogAsk? = nil, turns: Int = 0, skillDriven: Bool = false,
                state: DialogState = .started) {
        self.intent = intent
        self.awaiting = awaiting
        self.turns = turns
        self.skillDriven = skillDriven
        self.state = state
    }
}
