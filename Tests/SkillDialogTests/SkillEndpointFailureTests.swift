import Foundation
import TestFixtures
import Testing
@testable import SkillDialog

/// A backend that fails a request — no answer in time, a closed connection, an HTTP error, a
/// body that is not JSON, a response that breaks Alexa's format — or cannot be reached: the
/// turn throws a ``SkillEndpointError`` naming the URL and the fault, and the session ends as on
/// Alexa (a SessionEndedRequest with reason ERROR and Alexa's error type). The conversation
/// itself goes on: the next turn opens a new session and is answered.
@Suite struct SkillEndpointFailureTests {
    static let fine = SkillEndpointTests.speech("Fine.")

    /// The first request gets `failure`, every later one `fine`; returns the launch's error.
    func failedLaunch(_ failure: LocalHTTPServer.Answer, timeout: TimeInterval = 60,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> (SkillEndpointError, LocalHTTPServer) {
        let server = try LocalHTTPServer { index, _ in index == 0 ? failure : .json(Self.fine) }
        let conversation = try SkillEndpointTests.conversation(server, timeout: timeout)
        var caught: SkillEndpointError?
        do {
            _ = try await conversation.launch()
        } catch let error as SkillEndpointError {
            caught = error
        }
        let error = try #require(caught, "the launch did not fail", sourceLocation: sourceLocation)
        #expect(error.url == server.url, sourceLocation: sourceLocation)
        #expect(error.description.contains(server.url), sourceLocation: sourceLocation)
        #expect(await !conversation.state.sessionOpen, sourceLocation: sourceLocation)
        // The session ended as on Alexa: a SessionEndedRequest with reason ERROR and the error's type.
        // The server records a request once it has read it, which on a busy machine may come a
        // little after the launch gave up (a half-second deadline is short when cores are shared).
        for _ in 0..<50 where server.json.count < 2 { try await Task.sleep(for: .milliseconds(100)) }
        let ended = try #require(server.json.dropFirst().first?["request"], sourceLocation: sourceLocation)
        #expect(ended["type"] == "SessionEndedRequest", sourceLocation: sourceLocation)
        #expect(ended["reason"] == "ERROR", sourceLocation: sourceLocation)
        #expect(ended["error"]?["type"]?.stringValue == error.sessionEndedErrorType, sourceLocation: sourceLocation)
        // The conversation goes on in a new session.
        #expect(try await conversation.turn("when are you open").speechText == "Fine.", sourceLocation: sourceLocation)
        #expect(server.json.last?["session"]?["new"] == true, sourceLocation: sourceLocation)
        return (error, server)
    }

    @Test func aBackendThatNeverAnswersTimesOut() async throws {
        let (error, server) = try await failedLaunch(.silence, timeout: 0.5)
        defer { server.stop() }
        #expect(error == .timedOut(url: server.url, seconds: 0.5))
        #expect(error.sessionEndedErrorType == "ENDPOINT_TIMEOUT")
        #expect(error.description.contains("did not answer within 0.5 seconds"))
        // The request was given up on (its connection closed) after half a second, not a whole
        // one or more: the endpoint's own deadline, not the platform's whole-second timeout.
        for _ in 0..<50 where server.silenceLasted(0) == nil { try await Task.sleep(for: .milliseconds(100)) }
        let lasted = try #require(server.silenceLasted(0), "the silent request is still open")
        #expect(lasted >= 0.25 && lasted < 0.95, "\(lasted) s")
    }

    @Test func aConnectionClosedWithoutAnAnswer() async throws {
        let (error, server) = try await failedLaunch(.hangUp)
        defer { server.stop() }
        guard case .noAnswer = error else { Issue.record("\(error)"); return }
        #expect(error.sessionEndedErrorType == "INVALID_RESPONSE")
    }

    @Test func anHTTPErrorStatus() async throws {
        let (error, server) = try await failedLaunch(
            .reply(status: 500, contentType: "text/plain", body: "Traceback (most recent call last):\n  KeyError: 'orders'\n"))
        defer { server.stop() }
        guard case .httpStatus(_, 500, _) = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("answered HTTP 500"))
        #expect(error.description.contains("KeyError: 'orders'"))
        #expect(error.sessionEndedErrorType == "INVALID_RESPONSE")
    }

    @Test func aBodyThatIsNotJSON() async throws {
        let (error, server) = try await failedLaunch(
            .reply(status: 200, contentType: "text/html", body: "<html><body>It works!</body></html>"))
        defer { server.stop() }
        guard case .notJSON = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("not a JSON object (Content-Type text/html)"))
        #expect(error.description.contains("It works!"))
        #expect(error.sessionEndedErrorType == "INVALID_RESPONSE")
    }

    /// Each body breaks Alexa's response format in one place; the message names that place.
    @Test(arguments: [
        (#"{"version":"1.0"}"#, "`response` is missing"),
        (#"{"response":{}}"#, "`version` is missing"),
        (#"[1, 2]"#, "not a JSON object"),
        (#"{"version":"1.0","response":{"outputSpeech":{"type":"SSML"}}}"#, "`response.outputSpeech.ssml` is missing"),
        (#"{"version":"1.0","response":{"outputSpeech":{"type":"SSML","ssml":"Hi"}}}"#, "not wrapped in <speak>"),
        (#"{"version":"1.0","response":{"outputSpeech":{"type":"Speech","text":"Hi"}}}"#, "`response.outputSpeech.type` is \"Speech\""),
        (#"{"version":"1.0","response":{"reprompt":{"outputSpeech":{"type":"PlainText"}}}}"#, "`response.reprompt.outputSpeech.text` is missing"),
        (#"{"version":"1.0","response":{"shouldEndSession":"no"}}"#, "`response.shouldEndSession` is not true or false"),
        (#"{"version":"1.0","response":{"directives":[{"type":"Dialog.ElicitSlot"}]}}"#, "`response.directives[0].slotToElicit` is missing"),
        (#"{"version":"1.0","response":{"directives":[{"type":"Dialog.Delegate"}],"shouldEndSession":true}}"#,
         "`response.directives[0]` is Dialog.Delegate, but `response.shouldEndSession` is true"),
        (#"{"version":"1.0","sessionAttributes":[],"response":{}}"#, "`sessionAttributes` is not an object"),
    ])
    func aResponseThatBreaksTheFormat(body: String, problem: String) async throws {
        let (error, server) = try await failedLaunch(.json(body))
        defer { server.stop() }
        #expect(error.description.contains(problem), "\(error)")
        #expect(error.sessionEndedErrorType == "INVALID_RESPONSE")
    }

    @Test func aBackendThatIsNotRunning() async throws {
        let closed = try LocalHTTPServer(always: .json(Self.fine))
        closed.stop()
        let conversation = try SkillEndpointTests.conversation(closed)
        await #expect(throws: SkillEndpointError.unreachable(url: closed.url, reason: "the connection was refused")) {
            try await conversation.launch()
        }
        #expect(await !conversation.state.sessionOpen)
        let error = SkillEndpointError.unreachable(url: closed.url, reason: "the connection was refused")
        #expect(error.isUnreachable)
        #expect(error.description == "Cannot reach the skill endpoint \(closed.url): the connection was refused. "
            + "Is the backend running, at this address and port?")
    }

    /// A client of an earlier test's server, whose port this server now has, is answered 404 and
    /// not counted: it cannot take the place of this test's first request.
    @Test func aRequestForAnotherServersPathIsNotCounted() async throws {
        let server = try LocalHTTPServer(always: .json(Self.fine))
        defer { server.stop() }
        let otherPath = "http://127.0.0.1:\(server.port)/an-earlier-server"
        let model = try Fixtures.bookingModel()
        let stale = Conversation(understanding: FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases),
                                 interactionModel: model, skill: try SkillEndpoint(otherPath), seed: 1, options: Fixtures.options)
        await #expect(throws: SkillEndpointError.self) { try await stale.launch() }
        #expect(server.requests.isEmpty)
        #expect(try await SkillEndpointTests.conversation(server).launch().speechText == "Fine.")
        #expect(server.requests.count == 1)
    }

    /// A server stopped as soon as it started leaves no thread behind that could accept a later
    /// server's connections (its socket's number handed on by the system) and answer them 404:
    /// every request of the later server reaches it.
    @Test func aStoppedServerTakesNoLaterServersConnections() async throws {
        for _ in 0..<100 {
            for _ in 0..<3 { try LocalHTTPServer(always: .json(Self.fine)).stop() }
            let server = try LocalHTTPServer(always: .json(Self.fine))
            defer { server.stop() }
            #expect(try await SkillEndpointTests.conversation(server).launch().speechText == "Fine.")
            #expect(server.requests.count == 1)
        }
    }

    @Test func onlyHTTPURLsAreEndpoints() {
        #expect(throws: SkillEndpointError.unsupportedURL("ftp://example.com/skill")) { try SkillEndpoint("ftp://example.com/skill") }
        #expect(throws: SkillEndpointError.unsupportedURL("localhost:3000")) { try SkillEndpoint("localhost:3000") }
        #expect((try? SkillEndpoint("https://skill.example.com/alexa")) != nil)
    }
}
