import Foundation
import InteractionModel
import Understanding

extension Conversation {
    // MARK: - Requests and sessions

    func sendIntent(_ intent: IntentRequest.Intent, dialogState: DialogState?, _ run: inout TurnRun) async throws -> Response {
        let request = IntentRequest(requestId: nextRequestId(), timestamp: timestamp(run.now), locale: state.locale,
                                    dialogState: dialogState, intent: intent)
        return try await send(.intent(request), &run)
    }

    func send(_ request: Request, _ run: inout TurnRun) async throws -> Response {
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
        // As on Alexa, the next request carries the attributes of this response: none when it has none.
        state.sessionAttributes = answer.sessionAttributes ?? [:]
        state.isNewSession = false
        return answer.response
    }

    func openSession() {
        state.sessionCount += 1
        state.sessionId = "amzn1.echo-api.session.local-\(state.sessionCount)"
        state.sessionOpen = true
        state.isNewSession = true
        state.sessionAttributes = [:]
        state.dialog = nil
        state.lastOutput = nil
    }

    func closeSession() {
        state.sessionOpen = false
        state.dialog = nil
    }

    func nextRequestId() -> String {
        state.requestCount += 1
        return "amzn1.echo-api.request.local-\(state.requestCount)"
    }

    func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
