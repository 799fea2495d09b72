import Foundation
import InteractionModel
import Understanding

/// A conversation with a skill on the device: reads each utterance with a
/// ``LanguageUnderstanding``, plays Alexa's part (sessions, the dialog model, intent chaining)
/// and asks the skill for the answers — the handlers of an in-process ``Skill``, or the skill's
/// own backend over HTTP (``SkillEndpoint``); any ``SkillBackend`` will do.
///
/// What Alexa does, this does:
/// - a LaunchRequest on ``launch()``, an IntentRequest per ``turn(_:)``, a SessionEndedRequest on
///   ``end(reason:)`` (or after an error), session attributes carried from response to request
///   (those of the last response, none when it had none);
/// - for an intent with a dialog model and delegation `ALWAYS`, the dialog model itself elicits,
///   validates and confirms (the handler sees only `COMPLETED`); with `SKILL_RESPONSE`, the
///   handler sees `STARTED` and `IN_PROGRESS` and steers with dialog directives;
/// - `Dialog.Delegate` hands the next step to the dialog model (an `updatedIntent` of another
///   name chains to that intent); `Dialog.ElicitSlot`, `ConfirmSlot` and `ConfirmIntent` ask with
///   the handler's words and send the answer back to the handler;
/// - while a slot is asked for, the understanding is told so, and an answer that is only a
///   value — listed or not — answers it (see <doc:ElicitedAnswers>); yes/no answers
///   (AMAZON.YesIntent/NoIntent or the words) confirm or deny; an answer naming another intent
///   leaves the dialog, and one not understood is asked again.
///
/// An actor: turns are taken one at a time. ``state`` is `Codable`; ``init(resuming:understanding:interactionModel:skill:options:)``
/// picks a saved conversation up where it stopped.
public actor Conversation {
    /// Settings that are not part of the saved state.
    public struct Options: Sendable {
        public var userId: String
        public var applicationId: String
        public var deviceId: String
        /// The time zone relative dates are read in and `isInDuration` is checked in.
        public var timeZone: TimeZone
        /// "Now", for request timestamps, the understanding's reference date and validations.
        public var clock: @Sendable () -> Date
        /// Whether a response that leaves `shouldEndSession` unset ends the session (Alexa's
        /// behaviour on a voice-only device). By default only `true` ends it, as suits an app.
        public var endsSessionWhenUnspecified: Bool
        /// How many requests one turn may send before the conversation calls it a loop.
        public var maxRequestsPerTurn: Int

        public init(userId: String = "amzn1.ask.account.local-user", applicationId: String = "amzn1.ask.skill.local",
                    deviceId: String = "amzn1.ask.device.local", timeZone: TimeZone = .current,
                    clock: @escaping @Sendable () -> Date = { Date() }, endsSessionWhenUnspecified: Bool = false,
                    maxRequestsPerTurn: Int = 8) {
            self.userId = userId
            self.applicationId = applicationId
            self.deviceId = deviceId
            self.timeZone = timeZone
            self.clock = clock
            self.endsSessionWhenUnspecified = endsSessionWhenUnspecified
            self.maxRequestsPerTurn = maxRequestsPerTurn
        }
    }

    let understanding: any LanguageUnderstanding
    public let interactionModel: InteractionModel
    let skill: any SkillBackend
    let engine: DialogEngine
    let builder: IntentBuilder
    let options: Options

    /// Everything needed to resume the conversation later.
    public internal(set) var state: ConversationState
    /// The last exchange, with what happened behind its response.
    public internal(set) var lastTurn: Turn?
    var busy = false

    public init(understanding: some LanguageUnderstanding, interactionModel: InteractionModel, skill: some SkillBackend,
                seed: UInt64 = 0, options: Options = Options()) {
        self.init(resuming: ConversationState(userId: options.userId, applicationId: options.applicationId,
                                              deviceId: options.deviceId, locale: interactionModel.locale, seed: seed),
                  understanding: understanding, interactionModel: interactionModel, skill: skill, options: options)
    }

    /// The same, with the understanding named `model`: `Conversation(model: nluModel, interactionModel:, skill:)`.
    public init(model: some LanguageUnderstanding, interactionModel: InteractionModel, skill: some SkillBackend,
                seed: UInt64 = 0, options: Options = Options()) {
        self.init(understanding: model, interactionModel: interactionModel, skill: skill, seed: seed, options: options)
    }

    /// Continues a conversation from a saved ``state``.
    public init(resuming state: ConversationState, understanding: some LanguageUnderstanding,
                interactionModel: InteractionModel, skill: some SkillBackend, options: Options = Options()) {
        self.understanding = understanding
        self.interactionModel = interactionModel
        self.skill = skill
        self.engine = DialogEngine(model: interactionModel)
        self.builder = IntentBuilder(model: interactionModel)
        self.options = options
        self.state = state
    }

    // MARK: - Public API

    /// Opens a new session with a LaunchRequest ("open pizza shop").
    public func launch() async throws -> Response {
        try await exclusively { run in
            openSession()
            let request = LaunchRequest(requestId: nextRequestId(), timestamp: timestamp(run.now), locale: state.locale)
            let response = try await send(.launch(request), &run)
            return try await follow(response, dialog: nil, intent: nil, dispatched: nil, &run)
        }
    }

    /// Answers what the user said (opening a session first if none is open).
    public func turn(_ text: String) async throws -> Response {
        try await exclusively { run in
            if !state.sessionOpen { openSession() }
            run.utterance = text
            let dialog = state.dialog
            var eliciting: SlotReference?
            if let dialog, case .elicitSlot(let slot)? = dialog.awaiting {
                eliciting = SlotReference(intent: dialog.intent.name, slot: slot)
            }
            let context = UnderstandingContext(referenceDate: run.now, timeZone: options.timeZone, elicitingSlot: eliciting,
                                               dialogIntent: dialog?.intent.name, awaiting: dialog?.awaiting)
            let result = understanding.understand(text, context: context)
            run.understanding = result
            if var dialog, let awaiting = dialog.awaiting {
                switch read(result, text: text, awaiting: awaiting, dialog: &dialog) {
                case .progress:
                    dialog.awaiting = nil
                    return try await continueDialog(dialog, &run)
                case .unclear:
                    return askAgain(dialog, repeatingLast: false, &run)
                case .repeatLast:
                    return askAgain(dialog, repeatingLast: true, &run)
                case .otherIntent:
                    break
                }
            }
            state.dialog = nil
            return try await start(result, &run)
        }
    }

    /// Sends `intentName` as if the user had said it, with no slots and without asking the
    /// language understanding (opening a session first if none is open); a dialog in progress
    /// is left. A chat sends AMAZON.StopIntent this way for its end-of-input key, whatever the
    /// skill's language.
    public func turn(intent intentName: String) async throws -> Response {
        try await exclusively { run in
            if !state.sessionOpen { openSession() }
            state.dialog = nil
            return try await start(NLUResult(text: "", intent: IntentHypothesis(name: intentName, confidence: 1)), &run)
        }
    }

    /// Ends the session with a SessionEndedRequest; the skill's answer is not spoken (as on
    /// Alexa). Does nothing when no session is open.
    public func end(reason: SessionEndedRequest.Reason = .userInitiated,
                    error: SessionEndedRequest.ErrorInfo? = nil) async throws {
        guard state.sessionOpen else { return }
        guard !busy else { throw ConversationError.busy }
        busy = true
        defer { busy = false }
        var run = TurnRun(now: options.clock())
        defer { closeSession() }
        let request = SessionEndedRequest(requestId: nextRequestId(), timestamp: timestamp(run.now), locale: state.locale,
                                          reason: reason, error: error)
        _ = try await send(.sessionEnded(request), &run)
        lastTurn = Turn(utterance: nil, understanding: nil, intent: nil, dialogState: nil, response: Response(),
                        sessionEnded: true, requests: run.requests)
    }
}
