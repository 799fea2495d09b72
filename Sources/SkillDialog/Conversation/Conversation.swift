import Foundation
import InteractionModel
import SkillNLU

/// A conversation with a skill on the device: reads each utterance with a
/// ``LanguageUnderstanding``, plays Alexa's part (sessions, the dialog model, intent chaining)
/// and asks the ``Skill``'s handlers for the answers.
///
/// What Alexa does, this does:
/// - a LaunchRequest on ``launch()``, an IntentRequest per ``turn(_:)``, a SessionEndedRequest on
///   ``end(reason:)`` (or after an error), session attributes carried from response to request;
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
    let skill: Skill
    let engine: DialogEngine
    let builder: IntentBuilder
    let options: Options

    /// Everything needed to resume the conversation later.
    public private(set) var state: ConversationState
    /// The last exchange, with what happened behind its response.
    public private(set) var lastTurn: Turn?
    private var busy = false

    public init(understanding: some LanguageUnderstanding, interactionModel: InteractionModel, skill: Skill,
                seed: UInt64 = 0, options: Options = Options()) {
        self.init(resuming: ConversationState(userId: options.userId, applicationId: options.applicationId,
                                              deviceId: options.deviceId, locale: interactionModel.locale, seed: seed),
                  understanding: understanding, interactionModel: interactionModel, skill: skill, options: options)
    }

    /// The same, with the understanding named `model`: `Conversation(model: nluModel, interactionModel:, skill:)`.
    public init(model: some LanguageUnderstanding, interactionModel: InteractionModel, skill: Skill,
                seed: UInt64 = 0, options: Options = Options()) {
        self.init(understanding: model, interactionModel: interactionModel, skill: skill, seed: seed, options: options)
    }

    /// Continues a conversation from a saved ``state``.
    public init(resuming state: ConversationState, understanding: some LanguageUnderstanding,
                interactionModel: InteractionModel, skill: Skill, options: Options = Options()) {
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

    // MARK: - Turn machinery

    /// What one turn has done so far.
    struct TurnRun {
        var now: Date
        var utterance: String?
        var understanding: NLUResult?
        var requests: [RequestEnvelope] = []
        /// Speech of handlers that delegated, said before whatever comes next.
        var leadingSpeech: [String] = []
        /// The card of a handler that delegated, shown unless a later response has its own.
        var leadingCard: Card?

        init(now: Date) { self.now = now }
    }

    private enum Reading { case progress, unclear, repeatLast, otherIntent }

    /// Runs one turn alone; on an error, ends the session as Alexa does (SessionEndedRequest
    /// with reason ERROR) and rethrows.
    private func exclusively(_ body: (inout TurnRun) async throws -> Response) async throws -> Response {
        guard !busy else { throw ConversationError.busy }
        busy = true
        defer { busy = false }
        var run = TurnRun(now: options.clock())
        do {
            return try await body(&run)
        } catch {
            if state.sessionOpen {
                let info = SessionEndedRequest.ErrorInfo(type: "INTERNAL_ERROR", message: "\(error)")
                let request = SessionEndedRequest(requestId: nextRequestId(), timestamp: timestamp(run.now),
                                                  locale: state.locale, reason: .error, error: info)
                var ending = TurnRun(now: run.now)
                _ = try? await send(.sessionEnded(request), &ending)
                closeSession()
            }
            throw error
        }
    }

    /// What the user's answer does to the question the dialog asked.
    private func read(_ result: NLUResult, text: String, awaiting: DialogAsk, dialog: inout DialogProgress) -> Reading {
        let name = result.intent?.name
        let sameIntent = name == dialog.intent.name
        let namesOtherIntent = name != nil && name != "AMAZON.FallbackIntent" && !sameIntent
        // "Say that again" in the middle of a dialog repeats the question and keeps the dialog.
        if name == "AMAZON.RepeatIntent" { return .repeatLast }
        switch awaiting {
        case .confirmSlot, .confirmIntent:
            if let answer = YesNoAnswer.from(intentName: name) ?? YesNoAnswer.parse(text, locale: state.locale) {
                let status: ConfirmationStatus = answer == .yes ? .confirmed : .denied
                if case .confirmSlot(let slot) = awaiting {
                    var filled = dialog.intent.slots?[slot] ?? IntentRequest.Slot(name: slot)
                    filled.confirmationStatus = status
                    dialog.intent[slot: slot] = filled
                } else {
                    dialog.intent.confirmationStatus = status
                }
                return .progress
            }
            if sameIntent, !builder.merge(result.slots, into: &dialog.intent).isEmpty { return .progress }
            return namesOtherIntent ? .otherIntent : .unclear
        case .elicitSlot:
            if sameIntent {
                builder.merge(result.slots, into: &dialog.intent)
                return .progress
            }
            return namesOtherIntent ? .otherIntent : .unclear
        }
    }

    /// A new intent: starts its dialog if it has one, else asks the skill.
    private func start(_ result: NLUResult, _ run: inout TurnRun) async throws -> Response {
        let intent = builder.intent(from: result)
        guard engine.hasDialog(intent.name) else {
            let response = try await sendIntent(intent, dialogState: nil, &run)
            return try await follow(response, dialog: nil, intent: intent, dispatched: nil, &run)
        }
        let dialog = DialogProgress(intent: intent)
        if engine.delegatesAutomatically(intent.name) { return try await delegate(dialog, &run) }
        let response = try await sendIntent(intent, dialogState: .started, &run)
        return try await follow(response, dialog: dialog, intent: intent, dispatched: .started, &run)
    }

    /// An answer moved the dialog on: the skill decides (SKILL_RESPONSE or skill-driven), or
    /// the dialog model does.
    private func continueDialog(_ dialog: DialogProgress, _ run: inout TurnRun) async throws -> Response {
        if dialog.skillDriven || !engine.delegatesAutomatically(dialog.intent.name) {
            let response = try await sendIntent(dialog.intent, dialogState: .inProgress, &run)
            return try await follow(response, dialog: dialog, intent: dialog.intent, dispatched: .inProgress, &run)
        }
        return try await delegate(dialog, &run)
    }

    /// The dialog model takes the next step: asks, or hands the completed intent to the skill.
    private func delegate(_ dialog: DialogProgress, _ run: inout TurnRun) async throws -> Response {
        var dialog = dialog
        dialog.skillDriven = false
        let validator = SlotValidator(referenceDate: run.now, timeZone: options.timeZone)
        switch engine.nextStep(for: &dialog.intent, validator: validator, generator: &state.generator) {
        case .ask(let ask, let prompt):
            dialog.awaiting = ask
            dialog.state = dialog.turns == 0 ? .started : .inProgress
            let response = Response(outputSpeech: .ssml(prompt), reprompt: Reprompt(outputSpeech: .ssml(prompt)),
                                    shouldEndSession: false)
            return finish(response, dialog: dialog, intent: dialog.intent, dialogState: dialog.state, &run)
        case .complete:
            dialog.awaiting = nil
            let response = try await sendIntent(dialog.intent, dialogState: .completed, &run)
            return try await follow(response, dialog: dialog, intent: dialog.intent, dispatched: .completed, &run)
        }
    }

    /// Acts on a skill's response: its dialog directive, if any, decides what happens next.
    private func follow(_ response: Response, dialog: DialogProgress?, intent: IntentRequest.Intent?,
                        dispatched: DialogState?, _ run: inout TurnRun) async throws -> Response {
        guard let directive = response.dialogDirective else {
            return finish(response, dialog: nil, intent: intent, dialogState: dispatched, &run)
        }
        guard let target = directive.updatedIntent ?? dialog?.intent ?? intent else {
            throw ConversationError.directiveWithoutIntent(directive: directive.type)
        }
        // Same intent: carry on with its dialog; another name: intent chaining, a fresh dialog.
        var next = dialog.flatMap { $0.intent.name == target.name ? $0 : nil } ?? DialogProgress(intent: target)
        next.intent = target
        switch directive {
        case .delegate:
            if let speech = response.outputSpeech { run.leadingSpeech.append(speech.ssmlValue) }
            if let card = response.card { run.leadingCard = card }
            return try await delegate(next, &run)
        case .elicitSlot(let slot, _):
            next.awaiting = .elicitSlot(slot)
        case .confirmSlot(let slot, _):
            next.awaiting = .confirmSlot(slot)
        case .confirmIntent:
            next.awaiting = .confirmIntent
        case .other:
            return finish(response, dialog: nil, intent: intent, dialogState: dispatched, &run)
        }
        next.skillDriven = true
        next.state = next.intent.name == intent?.name ? (dispatched ?? .started) : .started
        var out = response
        if out.outputSpeech == nil {
            // Alexa requires the handler's words here; the model's own prompt is a kinder default.
            let prompt = question(for: next.awaiting!, intent: next.intent)
            out.outputSpeech = .ssml(prompt)
            if out.reprompt == nil { out.reprompt = Reprompt(outputSpeech: .ssml(prompt)) }
        }
        out.shouldEndSession = false
        return finish(out, dialog: next, intent: next.intent, dialogState: next.state, &run)
    }

    /// The answer was not understood (or the user asked to hear it again): ask the same
    /// question again — the last words exactly when repeating, else the question's reprompt.
    private func askAgain(_ dialog: DialogProgress, repeatingLast: Bool, _ run: inout TurnRun) -> Response {
        var dialog = dialog
        dialog.state = .inProgress
        var response = Response(shouldEndSession: false)
        if let last = state.lastOutput, repeatingLast || dialog.skillDriven {
            let again = repeatingLast ? last.speech : (last.reprompt ?? last.speech)
            response.outputSpeech = .ssml(again)
            response.reprompt = Reprompt(outputSpeech: .ssml(last.reprompt ?? again))
        } else {
            let prompt = question(for: dialog.awaiting ?? .confirmIntent, intent: dialog.intent)
            response.outputSpeech = .ssml(prompt)
            response.reprompt = Reprompt(outputSpeech: .ssml(prompt))
        }
        return finish(response, dialog: dialog, intent: dialog.intent, dialogState: .inProgress, &run)
    }

    private func question(for ask: DialogAsk, intent: IntentRequest.Intent) -> String {
        switch ask {
        case .elicitSlot(let slot): engine.elicitationPrompt(slot: slot, intent: intent, generator: &state.generator)
        case .confirmSlot(let slot): engine.slotConfirmationPrompt(slot: slot, intent: intent, generator: &state.generator)
        case .confirmIntent: engine.intentConfirmationPrompt(intent: intent, generator: &state.generator)
        }
    }

    /// Records the end of a turn: the dialog to continue, the speech to remember, the session.
    private func finish(_ response: Response, dialog: DialogProgress?, intent: IntentRequest.Intent?,
                        dialogState: DialogState?, _ run: inout TurnRun) -> Response {
        var out = response
        if !run.leadingSpeech.isEmpty {
            out.outputSpeech = .ssml(SSML.join(run.leadingSpeech + [out.outputSpeech?.ssmlValue ?? ""]))
            run.leadingSpeech = []
        }
        if out.card == nil { out.card = run.leadingCard }
        var dialog = dialog
        dialog?.turns += 1
        let ends = dialog == nil && (out.shouldEndSession ?? options.endsSessionWhenUnspecified)
        state.dialog = ends ? nil : dialog
        if let speech = out.outputSpeech, !SSML.plainText(of: speech).isEmpty {
            state.lastOutput = SpokenOutput(speech: speech.ssmlValue, reprompt: out.reprompt?.outputSpeech.ssmlValue)
        }
        if ends { closeSession() }
        lastTurn = Turn(utterance: run.utterance, understanding: run.understanding, intent: intent,
                        dialogState: dialogState, response: out, sessionEnded: ends, requests: run.requests)
        return out
    }

    // MARK: - Requests and sessions

    private func sendIntent(_ intent: IntentRequest.Intent, dialogState: DialogState?, _ run: inout TurnRun) async throws -> Response {
        let request = IntentRequest(requestId: nextRequestId(), timestamp: timestamp(run.now), locale: state.locale,
                                    dialogState: dialogState, intent: intent)
        return try await send(.intent(request), &run)
    }

    private func send(_ request: Request, _ run: inout TurnRun) async throws -> Response {
        guard run.requests.count < options.maxRequestsPerTurn else {
            throw ConversationError.tooManyRequests(limit: options.maxRequestsPerTurn,
                                                    lastIntent: run.requests.last.flatMap { Alexa.getIntentName($0) })
        }
        let application = Application(applicationId: state.applicationId)
        let user = User(userId: state.userId)
        let envelope = RequestEnvelope(
            session: Session(new: state.isNewSession, sessionId: state.sessionId, application: application,
                             attributes: state.sessionAttributes, user: user),
            context: Context(system: SystemState(application: application, user: user,
                                                 device: Device(deviceId: state.deviceId))),
            request: request)
        run.requests.append(envelope)
        let extras = RequestExtras(utterance: run.utterance, understanding: run.understanding, lastOutput: state.lastOutput)
        let answer = try await skill.invoke(envelope, extras: extras)
        state.sessionAttributes = answer.sessionAttributes ?? state.sessionAttributes
        state.isNewSession = false
        return answer.response
    }

    private func openSession() {
        state.sessionCount += 1
        state.sessionId = "amzn1.echo-api.session.local-\(state.sessionCount)"
        state.sessionOpen = true
        state.isNewSession = true
        state.sessionAttributes = [:]
        state.dialog = nil
        state.lastOutput = nil
    }

    private func closeSession() {
        state.sessionOpen = false
        state.dialog = nil
    }

    private func nextRequestId() -> String {
        state.requestCount += 1
        return "amzn1.echo-api.request.local-\(state.requestCount)"
    }

    private func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}

/// Why a conversation could not take a turn.
public enum ConversationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A turn was asked for while another was still running.
    case busy
    /// The skill kept answering with dialog directives that led to more requests in one turn.
    case tooManyRequests(limit: Int, lastIntent: String?)
    /// A dialog directive came for a request with no intent and without `updatedIntent`.
    case directiveWithoutIntent(directive: String)

    public var description: String {
        switch self {
        case .busy:
            "A turn is already in progress: await each turn before starting the next."
        case .tooManyRequests(let limit, let intent):
            "One turn sent \(limit) requests to the skill\(intent.map { " (last for \($0))" } ?? ""): a handler probably "
                + "answers a COMPLETED dialog with Dialog.Delegate again. Return a final response once dialogState is COMPLETED."
        case .directiveWithoutIntent(let directive):
            "\(directive) was returned for a request that has no intent: pass updatedIntent to name the intent to continue."
        }
    }
}
