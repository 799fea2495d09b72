import Foundation
import Testing
@testable import SkillDialog

@Suite struct ResponseBuilderTests {
    @Test func encodesAlexasResponseShape() throws {
        let response = ResponseBuilder()
            .speak("Hello")
            .reprompt("Are you there?")
            .withSimpleCard("Greeting", "Hello")
            .getResponse()
        let envelope = ResponseEnvelope(sessionAttributes: ["visits": 2], response: response)
        let json = try Fixtures.object(try JSONEncoder().encode(envelope))
        #expect(json["version"] as? String == "1.0")
        #expect((json["sessionAttributes"] as? [String: Any])?["visits"] as? Int == 2)
        let body = try #require(json["response"] as? [String: Any])
        let speech = try #require(body["outputSpeech"] as? [String: Any])
        #expect(speech["type"] as? String == "SSML")
        #expect(speech["ssml"] as? String == "<speak>Hello</speak>")
        let reprompt = try #require((body["reprompt"] as? [String: Any])?["outputSpeech"] as? [String: Any])
        #expect(reprompt["ssml"] as? String == "<speak>Are you there?</speak>")
        let card = try #require(body["card"] as? [String: Any])
        #expect(card["type"] as? String == "Simple")
        #expect(card["title"] as? String == "Greeting")
        #expect(card["content"] as? String == "Hello")
        // As in the SDK, a reprompt keeps the session open.
        #expect(body["shouldEndSession"] as? Bool == false)
        #expect(body["directives"] == nil)
    }

    @Test func endSessionAndNoReprompt() throws {
        let response = ResponseBuilder().speak("Bye").withShouldEndSession(true).getResponse()
        let body = try Fixtures.object(try JSONEncoder().encode(response))
        #expect(body["shouldEndSession"] as? Bool == true)
        #expect(body["reprompt"] == nil)
        let silent = try Fixtures.object(try JSONEncoder().encode(ResponseBuilder().getResponse()))
        #expect(silent.isEmpty)
    }

    @Test func dialogDirectivesCarryTheirFields() throws {
        var intent = IntentRequest.Intent(name: "OrderIntent")
        intent[slot: "size"] = .filled("size", value: "large")
        intent[slot: "crust"] = IntentRequest.Slot(name: "crust")
        let response = ResponseBuilder()
            .speak("Which crust?")
            .addElicitSlotDirective("crust", updatedIntent: intent)
            .addConfirmSlotDirective("size")
            .addConfirmIntentDirective(updatedIntent: intent)
            .addDelegateDirective(updatedIntent: IntentRequest.Intent(name: "OtherIntent"))
            .getResponse()
        let body = try Fixtures.object(try JSONEncoder().encode(response))
        let directives = try #require(body["directives"] as? [[String: Any]])
        #expect(directives.map { $0["type"] as? String } == ["Dialog.ElicitSlot", "Dialog.ConfirmSlot",
                                                             "Dialog.ConfirmIntent", "Dialog.Delegate"])
        #expect(directives[0]["slotToElicit"] as? String == "crust")
        #expect(directives[1]["slotToConfirm"] as? String == "size")
        #expect(directives[1]["updatedIntent"] == nil)
        let updated = try #require(directives[0]["updatedIntent"] as? [String: Any])
        #expect(updated["name"] as? String == "OrderIntent")
        #expect(updated["confirmationStatus"] as? String == "NONE")
        let slots = try #require(updated["slots"] as? [String: [String: Any]])
        #expect(slots["size"]?["value"] as? String == "large")
        #expect(slots["size"]?["confirmationStatus"] as? String == "NONE")
        #expect((slots["size"]?["slotValue"] as? [String: Any])?["type"] as? String == "Simple")
        #expect(slots["crust"]?["value"] == nil)
        #expect((directives[3]["updatedIntent"] as? [String: Any])?["name"] as? String == "OtherIntent")
        // Decoding gives the same directives back.
        let back = try JSONDecoder().decode(Response.self, from: try JSONEncoder().encode(response))
        #expect(back == response)
    }

    @Test func plainTextIsEscapedAndSSMLPassesThrough() {
        #expect(SSML.speech("Tom & Jerry <3") == "<speak>Tom &amp; Jerry &lt;3</speak>")
        #expect(SSML.speech("Wait <break time=\"1s\"/> now") == "<speak>Wait <break time=\"1s\"/> now</speak>")
        #expect(SSML.speech("<speak>Hi <emphasis level=\"strong\">you</emphasis></speak>")
            == "<speak>Hi <emphasis level=\"strong\">you</emphasis></speak>")
        #expect(SSML.speech("Fish &amp; chips") == "<speak>Fish &amp; chips</speak>")
        #expect(SSML.speech("a < b > c") == "<speak>a &lt; b &gt; c</speak>")
        #expect(SSML.speech("<script>x</script>") == "<speak>&lt;script&gt;x&lt;/script&gt;</speak>")
        #expect(SSML.speech("  ") == "<speak></speak>")
    }

    @Test func readsSpeechBackAsPlainText() {
        #expect(SSML.plainText("<speak>Tom &amp; Jerry<break time='1s'/>are  <sub alias=\"back\">bk</sub></speak>")
            == "Tom & Jerry are back")
        #expect(SSML.plainText(of: .plainText("  two   words ")) == "two words")
        #expect(ResponseBuilder().speak("5 &lt; 6").getResponse().speechText == "5 < 6")
    }

    @Test func joinsSpeechPieces() {
        #expect(SSML.join(["<speak>One.</speak>", "", "Two &amp; three."]) == "<speak>One. Two &amp; three.</speak>")
    }
}

@Suite struct RequestModelTests {
    /// A request as an Alexa endpoint receives it (values made up).
    static let intentRequestJSON = #"""
    {
      "version": "1.0",
      "session": {
        "new": false,
        "sessionId": "amzn1.echo-api.session.0001",
        "application": { "applicationId": "amzn1.ask.skill.0002" },
        "attributes": { "lastSize": "small", "orders": 3 },
        "user": { "userId": "amzn1.ask.account.0003" }
      },
      "context": {
        "System": {
          "application": { "applicationId": "amzn1.ask.skill.0002" },
          "user": { "userId": "amzn1.ask.account.0003" },
          "device": { "deviceId": "amzn1.ask.device.0004", "supportedInterfaces": { "Display": {} } },
          "apiEndpoint": "https://api.amazonalexa.com"
        },
        "Viewport": { "dpi": 160 }
      },
      "request": {
        "type": "IntentRequest",
        "requestId": "amzn1.echo-api.request.0005",
        "timestamp": "2026-05-01T10:00:00Z",
        "locale": "en-US",
        "dialogState": "IN_PROGRESS",
        "intent": {
          "name": "OrderPizzaIntent",
          "confirmationStatus": "NONE",
          "slots": {
            "size": {
              "name": "size", "value": "big", "confirmationStatus": "CONFIRMED", "source": "USER",
              "resolutions": { "resolutionsPerAuthority": [ {
                "authority": "amzn1.er-authority.echo-sdk.amzn1.ask.skill.0002.SizeType",
                "status": { "code": "ER_SUCCESS_MATCH" },
                "values": [ { "value": { "name": "large", "id": "LARGE" } } ] } ] },
              "slotValue": { "type": "Simple", "value": "big", "resolutions": { "resolutionsPerAuthority": [] } }
            },
            "toppings": {
              "name": "toppings", "confirmationStatus": "NONE", "source": "USER",
              "slotValue": { "type": "List", "values": [
                { "type": "Simple", "value": "ham" }, { "type": "Simple", "value": "olives" } ] }
            },
            "crust": { "name": "crust", "confirmationStatus": "NONE" }
          }
        }
      }
    }
    """#

    @Test func decodesAnAlexaIntentRequest() throws {
        let envelope = try JSONDecoder().decode(RequestEnvelope.self, from: Data(Self.intentRequestJSON.utf8))
        #expect(envelope.session?.attributes?["orders"]?.intValue == 3)
        #expect(envelope.context.system.device?.supportedInterfaces["Display"] == [:])
        guard case .intent(let request) = envelope.request else {
            Issue.record("not an intent request")
            return
        }
        #expect(request.dialogState == .inProgress)
        #expect(request.intent.value(of: "size") == "big")
        #expect(request.intent.slots?["size"]?.confirmationStatus == .confirmed)
        #expect(request.intent.slots?["size"]?.resolved?.id == "LARGE")
        #expect(request.intent.slots?["toppings"]?.values == ["ham", "olives"])
        #expect(request.intent.slots?["crust"]?.isFilled == false)
    }

    @Test func reEncodesToTheSameJSON() throws {
        let envelope = try JSONDecoder().decode(RequestEnvelope.self, from: Data(Self.intentRequestJSON.utf8))
        let again = try JSONDecoder().decode(RequestEnvelope.self, from: try JSONEncoder().encode(envelope))
        #expect(again == envelope)
        let original = try Fixtures.object(Data(Self.intentRequestJSON.utf8))
        let encoded = try Fixtures.object(try JSONEncoder().encode(envelope))
        // Every member we model comes back identical (Viewport is not modelled and is dropped).
        let originalRequest = original["request"] as? NSDictionary
        let encodedRequest = encoded["request"] as? NSDictionary
        #expect(originalRequest == encodedRequest)
        #expect((original["session"] as? NSDictionary) == (encoded["session"] as? NSDictionary))
    }

    @Test func decodesOtherRequestTypesAndKeepsUnknownOnes() throws {
        let ended = #"{"type":"SessionEndedRequest","requestId":"r","timestamp":"t","locale":"en-US","reason":"ERROR","error":{"type":"INVALID_RESPONSE","message":"bad"}}"#
        let request = try JSONDecoder().decode(Request.self, from: Data(ended.utf8))
        #expect(request == .sessionEnded(SessionEndedRequest(requestId: "r", timestamp: "t", locale: "en-US", reason: .error,
                                                              error: .init(type: "INVALID_RESPONSE", message: "bad"))))
        let unknown = #"{"type":"AudioPlayer.PlaybackStarted","requestId":"r2","token":"abc","offsetInMilliseconds":0}"#
        let other = try JSONDecoder().decode(Request.self, from: Data(unknown.utf8))
        #expect(other.type == "AudioPlayer.PlaybackStarted")
        #expect(other.requestId == "r2")
        let back = try Fixtures.object(try JSONEncoder().encode(other))
        #expect(back["token"] as? String == "abc")
        let launch = try JSONEncoder().encode(Request.launch(LaunchRequest(requestId: "r", timestamp: "t", locale: "de-DE")))
        #expect(try Fixtures.object(launch)["type"] as? String == "LaunchRequest")
    }
}
