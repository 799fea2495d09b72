import Foundation
import InteractionModel
import Understanding

extension Conversation {
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

    enum Reading { case progress, unclear, repeatLast, otherIntent }

    /// Runs one turn alone; on an error, ends the session as Alexa does (SessionEndedRequest
    /// with reason ERROR, and for a backend's failure Alexa's error type such as
    /// `ENDPOINT_TIMEOUT` or `INVALID_RESPONSE`) and rethrows.
    func exclusively(_ body: (inout TurnRun) async throws -> Response) async throws -> Response {
        guard !busy else { throw ConversationError.busy }
        busy = true
        defer { busy = false }
        var run = TurnRun(now: options.clock())
        do {
            return try await body(&run)
        } catch {
            if state.sessionOpen {
                let type = (error as? SkillEndpointError)?.sessionEndedErrorType ?? "INTERNAL_ERROR"
                let info = SessionEndedRequest.ErrorInfo(type: type, message: "\(error)")
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
    func read(_ result: NLUResult, text: String, awaiting: DialogAsk, dialog: inout DialogProgress) -> Reading {
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
    func start(_ result: NLUResult, _ run: inout TurnRun) async throws -> Response {
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
    func continueDialog(_ dialog: DialogProgress, _ run: inout TurnRun) async throws -> Response {
        if dialog.skillDriven || !engine.delegatesAutomatically(dialog.intent.name) {
            let response = try await sendIntent(dialog.intent, dialogState: .inProgress, &run)
            return try await follow(response, dialog: dialog, intent: dialog.intent, dispatched: .inProgress, &run)
        }
        return try await delegate(dialog, &run)
    }

    /// The dialog model takes the next step: asks, or hands the completed intent to the skill.
    func delegate(_ dialog: DialogProgress, _ run: inout TurnRun) async throws -> Response {
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
    func follow(_ response: Response, dialog: DialogProgress?, intent: IntentRequest.Intent?,
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
    func askAgain(_ dialog: DialogProgress, repeatingLast: Bool, _ run: inout TurnRun) -> Response {
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

    func question(for ask: DialogAsk, intent: IntentRequest.Intent) -> String {
        switch ask {
        case .elicitSlot(let slot): engine.elicitationPrompt(slot: slot, intent: intent, generator: &state.generator)
        case .confirmSlot(let slot): engine.slotConfirmationPrompt(slot: slot, intent: intent, generator: &state.generator)
        case .confirmIntent: engine.intentConfirmationPrompt(intent: intent, generator: &state.generator)
        }
    }

    /// Records the end of a turn: the dialog to continue, the speech to remember, the session.
    func finish(_ response: Response, dialog: DialogProgress?, intent: IntentRequest.Intent?,
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
}
