import Foundation
import TestFixtures
import Testing

/// `nlu-chat SKILL --endpoint URL`: the understanding on the device, the answers from the skill's
/// backend (here a local server scripted per request). A request the backend fails is reported
/// on standard error and the chat goes on; a backend that cannot be reached ends the chat (69).
@Suite struct ChatEndpointCommandTests {
    static func answer(_ text: String, ends: Bool = false) -> LocalHTTPServer.Answer {
        .json(#"{"version":"1.0","sessionAttributes":{"turns":1},"response":{"outputSpeech":{"type":"SSML","ssml":"<speak>\#(text)</speak>"},"shouldEndSession":\#(ends)}}"#)
    }

    func chat(_ server: LocalHTTPServer, _ extra: [String] = [], input: String,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> Tools.Run {
        try Tools.run("nlu-chat", [ChatCommandTests.hello, "--model", try Tools.hello.get(), "--seed", "1",
                                   "--endpoint", server.url] + extra,
                      input: Data(input.utf8), sourceLocation: sourceLocation)
    }

    @Test func theBackendAnswers() throws {
        let answers = [Self.answer("Hi from the backend."), Self.answer("Hello <emphasis>there</emphasis> &amp; welcome."),
                       Self.answer("Bye.", ends: true)]
        let server = try LocalHTTPServer { index, _ in index < answers.count ? answers[index] : Self.answer("") }
        defer { server.stop() }
        let run = try chat(server, ["--format", "jsonl"], input: "hello\nstop\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == [
            #"{"user":null,"intent":null,"dialogState":null,"speech":"Hi from the backend.","reprompt":null,"slots":{},"ended":false}"#,
            #"{"user":"hello","intent":"HelloWorldIntent","dialogState":null,"speech":"Hello there & welcome.","reprompt":null,"slots":{},"ended":false}"#,
            #"{"user":"stop","intent":"AMAZON.StopIntent","dialogState":null,"speech":"Bye.","reprompt":null,"slots":{},"ended":true}"#,
        ])
        let bodies = server.requests.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let requests = bodies.compactMap { $0["request"] as? [String: Any] }
        #expect(requests.compactMap { $0["type"] as? String } == ["LaunchRequest", "IntentRequest", "IntentRequest"])
        #expect(requests.compactMap { ($0["intent"] as? [String: Any])?["name"] as? String } == ["HelloWorldIntent", "AMAZON.StopIntent"])
        #expect((bodies.last?["session"] as? [String: Any])?["attributes"] as? [String: Int] == ["turns": 1])
    }

    @Test func aFailedRequestIsReportedAndTheChatGoesOn() throws {
        let server = try LocalHTTPServer { index, _ in
            index == 1 ? .reply(status: 500, contentType: "text/plain", body: "boom") : Self.answer("Fine.")
        }
        defer { server.stop() }
        let run = try chat(server, input: "hello\nhello\n")
        #expect(run.status == 0)
        #expect(run.stderr.contains("nlu-chat: The skill endpoint \(server.url) answered HTTP 500 instead of a response «boom»"),
                "\(run.stderr)")
        #expect(run.lines == ["Fine.", "Fine.", "  · HelloWorldIntent"])
    }

    @Test func aBackendThatCannotBeReachedEndsTheChat() throws {
        let server = try LocalHTTPServer(always: Self.answer("Fine."))
        server.stop()
        let run = try chat(server, input: "hello\nhello\n")
        #expect(run.status == 69)
        #expect(run.stderr.contains("Cannot reach the skill endpoint \(server.url): the connection was refused"), "\(run.stderr)")
        #expect(run.stderr.contains("the chat cannot go on without its backend"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aBadURLOrTimeoutIsAUsageError() throws {
        let url = try Tools.run("nlu-chat", [ChatCommandTests.hello, "--model", try Tools.hello.get(), "--endpoint", "ftp://example.com/"])
        #expect(url.status == 64)
        #expect(url.stderr.contains("ftp://example.com/ is not a skill endpoint URL"), "\(url.stderr)")
        let timeout = try Tools.run("nlu-chat", [ChatCommandTests.hello, "--endpoint", "http://127.0.0.1:9/", "--endpoint-timeout", "0"])
        #expect(timeout.status == 64)
        #expect(timeout.stderr.contains("--endpoint-timeout must be a number of seconds greater than 0"), "\(timeout.stderr)")
    }
}
