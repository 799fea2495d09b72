import Foundation
import TestFixtures
import Testing
@testable import SkillDialog

/// A ``Conversation`` driving a backend over HTTP: the requests are Alexa's JSON, and the
/// backend's responses — speech, reprompt, the end of the session, dialog directives — are
/// carried out as Alexa carries them out. The backend is a local server scripted per request.
@Suite struct SkillEndpointTests {
    /// The endpoint's timeout is long by default: the local server answers at once, but the whole
    /// suite runs in parallel on a loaded machine, and a timeout only a quiet machine meets makes
    /// a test of something else fail as "no answer in time". The timeout test sets its own.
    static func conversation(_ server: LocalHTTPServer, timeout: TimeInterval = 60) throws -> Conversation {
        let model = try Fixtures.bookingModel()
        return Conversation(understanding: FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases),
                            interactionModel: model, skill: try SkillEndpoint(server.url, timeout: timeout),
                            seed: 1, options: Fixtures.options)
    }

    static func speech(_ text: String, ends: Bool? = false, attributes: String? = nil, directives: String? = nil) -> String {
        var response = #"{"outputSpeech":{"type":"PlainText","text":"\#(text)"}"#
        if let ends { response += #","shouldEndSession":\#(ends)"# }
        if let directives { response += #","directives":\#(directives)"# }
        response += "}"
        return #"{"version":"1.0",\#(attributes.map { #""sessionAttributes":\#($0),"# } ?? "")"response":\#(response)}"#
    }

    @Test func requestsAreTheJSONAlexaSends() async throws {
        let launch = #"""
            {"version":"1.0","sessionAttributes":{"visits":1},"response":{
              "outputSpeech":{"type":"SSML","ssml":"<speak>Welcome &amp; hello. <break time=\"1s\"/>What now?</speak>"},
              "reprompt":{"outputSpeech":{"type":"PlainText","text":"What now?"}},"shouldEndSession":false}}
            """#
        let answers = [launch, Self.speech("Booked."), Self.speech("We open at noon.", ends: true),
                       Self.speech("Hello again."), #"{"version":"1.0","response":{}}"#]
        let server = try LocalHTTPServer { index, _ in .json(answers[min(index, answers.count - 1)]) }
        defer { server.stop() }
        let conversation = try Self.conversation(server)

        let welcome = try await conversation.launch()
        #expect(welcome.speechText == "Welcome & hello. What now?")
        #expect(welcome.repromptText == "What now?")
        // Auto-delegated: the dialog model confirms the area and the intent without the backend.
        _ = try await conversation.turn("book a table tomorrow for four outside with soup and salad")
        _ = try await conversation.turn("yes")
        #expect(server.requests.count == 1)
        #expect(try await conversation.turn("yes").speechText == "Booked.")
        let hours = try await conversation.turn("when are you open")
        #expect(hours.speechText == "We open at noon.")
        #expect(await conversation.lastTurn?.sessionEnded == true)
        _ = try await conversation.launch()
        try await conversation.end()

        let requests = server.json
        try #require(requests.count == 5)
        #expect(requests.map { $0["request"]?["type"]?.stringValue } == [
            "LaunchRequest", "IntentRequest", "IntentRequest", "LaunchRequest", "SessionEndedRequest"])
        for request in requests {
            #expect(request["version"] == "1.0")
            #expect(request["session"]?["application"]?["applicationId"] == "amzn1.ask.skill.local")
            #expect(request["context"]?["System"]?["application"]?["applicationId"] == "amzn1.ask.skill.local")
            #expect(request["session"]?["user"]?["userId"] == "amzn1.ask.account.local-user")
            #expect(request["context"]?["System"]?["device"]?["deviceId"] == "amzn1.ask.device.local")
            #expect(request["request"]?["timestamp"] == "2026-05-01T10:00:00Z")
            #expect(request["request"]?["locale"] == "en-US")
        }
        #expect(Set(requests.compactMap { $0["request"]?["requestId"]?.stringValue }).count == 5)
        #expect(requests.map { $0["session"]?["new"]?.boolValue } == [true, false, false, true, false])
        #expect(requests[0]["session"]?["sessionId"] == requests[2]["session"]?["sessionId"])
        #expect(requests[3]["session"]?["sessionId"] != requests[2]["session"]?["sessionId"])
        // The attributes the backend returned last; none after a response that had none.
        #expect(requests.map { $0["session"]?["attributes"] } == [[:], ["visits": 1], [:], [:], [:]])

        let booking = try #require(requests[1]["request"])
        #expect(booking["dialogState"] == "COMPLETED")
        #expect(booking["intent"]?["name"] == "BookTableIntent")
        #expect(booking["intent"]?["confirmationStatus"] == "CONFIRMED")
        let area = try #require(booking["intent"]?["slots"]?["area"])
        #expect(area["value"] == "outside")
        #expect(area["confirmationStatus"] == "CONFIRMED")
        let authority = try #require(area["resolutions"]?["resolutionsPerAuthority"]?[0])
        #expect(authority["status"]?["code"] == "ER_SUCCESS_MATCH")
        #expect(authority["values"]?[0]?["value"]?["name"] == "terrace")
        #expect(authority["values"]?[0]?["value"]?["id"] == "TERRACE")
        #expect(booking["intent"]?["slots"]?["dishes"]?["slotValue"]?["type"] == "List")
        #expect(requests[2]["request"]?["dialogState"]?.stringValue == nil)
        #expect(requests[4]["request"]?["reason"] == "USER_INITIATED")
    }

    /// ElicitSlot, ConfirmSlot and ConfirmIntent ask with the backend's words and send the answer
    /// back (IN_PROGRESS); Dialog.Delegate with an updatedIntent of another name chains to it.
    @Test func dialogDirectivesAreCarriedOut() async throws {
        let rename = #"{"name":"RenameIntent","confirmationStatus":"NONE","slots":{"guest":{"name":"guest","value":"Ada","confirmationStatus":"NONE"}}}"#
        let chained = #"{"name":"BookTableIntent","confirmationStatus":"NONE","slots":{"people":{"name":"people","value":"2","confirmationStatus":"NONE"}}}"#
        let answers = [
            Self.speech("What name should I use?", directives: #"[{"type":"Dialog.ElicitSlot","slotToElicit":"guest"}]"#),
            Self.speech("Ada, right?", directives: #"[{"type":"Dialog.ConfirmSlot","slotToConfirm":"guest","updatedIntent":\#(rename)}]"#),
            Self.speech("Rename yourself to Ada?", directives: #"[{"type":"Dialog.ConfirmIntent"}]"#),
            Self.speech("Done, Ada.", ends: nil, directives: #"[{"type":"Dialog.Delegate","updatedIntent":\#(chained)}]"#),
        ]
        let server = try LocalHTTPServer { index, _ in .json(answers[min(index, answers.count - 1)]) }
        defer { server.stop() }
        let conversation = try Self.conversation(server)

        #expect(try await conversation.turn("change my name").speechText == "What name should I use?")
        #expect(await conversation.state.dialog?.awaiting == .elicitSlot("guest"))
        #expect(try await conversation.turn("ada").speechText == "Ada, right?")
        #expect(await conversation.state.dialog?.awaiting == .confirmSlot("guest"))
        #expect(try await conversation.turn("yes").speechText == "Rename yourself to Ada?")
        #expect(await conversation.state.dialog?.awaiting == .confirmIntent)
        let chain = try await conversation.turn("yes")
        #expect(chain.speechText.hasPrefix("Done, Ada. "))
        #expect(await conversation.state.dialog?.intent.name == "BookTableIntent")
        #expect(await conversation.state.dialog?.awaiting == .elicitSlot("date"))

        let requests = server.json.map { $0["request"] }
        #expect(requests.map { $0?["dialogState"]?.stringValue } == ["STARTED", "IN_PROGRESS", "IN_PROGRESS", "IN_PROGRESS"])
        #expect(requests[1]?["intent"]?["slots"]?["guest"]?["value"] == "ada")
        #expect(requests[2]?["intent"]?["slots"]?["guest"]?["value"] == "Ada")
        #expect(requests[2]?["intent"]?["slots"]?["guest"]?["confirmationStatus"] == "CONFIRMED")
        #expect(requests[3]?["intent"]?["confirmationStatus"] == "CONFIRMED")
    }
}

extension LocalHTTPServer {
    /// The request bodies received so far, parsed (`.null` for one that is not JSON).
    var json: [JSONValue] { requests.map { (try? JSONDecoder().decode(JSONValue.self, from: $0)) ?? .null } }
}
