import Foundation
import SkillNLU
import Testing
@testable import SkillDialog

/// A handler that accepts one intent and says its own name, recording every question asked.
struct NamedHandler: RequestHandler {
    let name: String
    let intent: String
    let recorder: Recorder

    func canHandle(_ input: HandlerInput) async throws -> Bool {
        await recorder.add("canHandle \(name)")
        return Alexa.getIntentName(input.requestEnvelope) == intent
    }

    func handle(_ input: HandlerInput) async throws -> Response {
        await recorder.add("handle \(name)")
        return input.responseBuilder.speak("handled by \(name)").getResponse()
    }
}

struct Boom: Error, Equatable { let code: Int }

@Suite struct SkillTests {
    @Test func asksHandlersInOrderAndStopsAtTheFirstThatCan() async throws {
        let recorder = Recorder()
        let skill = SkillBuilder()
            .addRequestHandlers(NamedHandler(name: "A", intent: "OtherIntent", recorder: recorder),
                                NamedHandler(name: "B", intent: "HelloIntent", recorder: recorder),
                                NamedHandler(name: "C", intent: "HelloIntent", recorder: recorder))
            .build()
        let out = try await skill.invoke(Fixtures.intentEnvelope("HelloIntent"))
        #expect(await recorder.entries == ["canHandle A", "canHandle B", "handle B"])
        #expect(out.response.speechText == "handled by B")
        #expect(out.version == "1.0")
    }

    @Test func interceptorsRunAroundTheHandlerAndShareRequestAttributes() async throws {
        let recorder = Recorder()
        let skill = SkillBuilder()
            .addRequestInterceptors(
                ClosureRequestInterceptor { input in
                    await recorder.add("request 1")
                    input.attributesManager.requestAttributes["greeting"] = "Hello"
                },
                ClosureRequestInterceptor { _ in await recorder.add("request 2") })
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { input in
                await recorder.add("handler")
                let greeting = input.attributesManager.requestAttributes["greeting"]?.stringValue ?? "?"
                return input.responseBuilder.speak(greeting + " there").getResponse()
            })
            .addResponseInterceptors(
                ClosureResponseInterceptor { _, response in
                    await recorder.add("response 1")
                    var changed = response
                    changed.card = .simple(title: "Seen", content: response.speechText)
                    return changed
                },
                ClosureResponseInterceptor { _, response in
                    await recorder.add("response 2")
                    return response
                })
            .build()
        let out = try await skill.invoke(Fixtures.intentEnvelope("HelloIntent"))
        #expect(await recorder.entries == ["request 1", "request 2", "handler", "response 1", "response 2"])
        #expect(out.response.speechText == "Hello there")
        #expect(out.response.card == .simple(title: "Seen", content: "Hello there"))
    }

    @Test func errorsGoToTheFirstErrorHandlerThatCanHandleThem() async throws {
        let recorder = Recorder()
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { _ in throw Boom(code: 7) })
            .addResponseInterceptors(ClosureResponseInterceptor { _, r in
                await recorder.add("response interceptor")
                return r
            })
            .addErrorHandler({ _, error in error is SkillError }, { input, _ in
                input.responseBuilder.speak("no handler").getResponse()
            })
            .addErrorHandler({ _, error in (error as? Boom)?.code == 7 }, { input, error in
                await recorder.add("boom handler")
                return input.responseBuilder.speak("Sorry, code \((error as! Boom).code)").getResponse()
            })
            .addErrorHandler({ _, _ in true }, { input, _ in input.responseBuilder.speak("generic").getResponse() })
            .build()
        let out = try await skill.invoke(Fixtures.intentEnvelope("HelloIntent"))
        #expect(out.response.speechText == "Sorry, code 7")
        // As in the SDK, response interceptors do not run when an error handler answered.
        #expect(await recorder.entries == ["boom handler"])
    }

    @Test func interceptorErrorsAreRoutedToo() async throws {
        let skill = SkillBuilder()
            .addRequestInterceptors(ClosureRequestInterceptor { _ in throw Boom(code: 1) })
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { $0.responseBuilder.speak("hi").getResponse() })
            .addErrorHandlers(ClosureErrorHandler { input, error in
                input.responseBuilder.speak("caught \(error is Boom)").getResponse()
            })
            .build()
        #expect(try await skill.invoke(Fixtures.intentEnvelope("HelloIntent")).response.speechText == "caught true")
    }

    @Test func noMatchingHandlerIsATypedError() async throws {
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { $0.responseBuilder.getResponse() })
            .build()
        await #expect(throws: SkillError.noRequestHandler(requestType: "IntentRequest", intentName: "GoodbyeIntent")) {
            try await skill.invoke(Fixtures.intentEnvelope("GoodbyeIntent"))
        }
        await #expect(throws: SkillError.noRequestHandler(requestType: "LaunchRequest", intentName: nil)) {
            try await skill.invoke(Fixtures.launchEnvelope)
        }
        let description = SkillError.noRequestHandler(requestType: "IntentRequest", intentName: "GoodbyeIntent").description
        #expect(description.contains("GoodbyeIntent") && description.contains("canHandle"))
    }

    @Test func unhandledErrorsAreRethrown() async throws {
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { _ in throw Boom(code: 2) })
            .addErrorHandler({ _, error in error is SkillError }, { input, _ in input.responseBuilder.getResponse() })
            .build()
        await #expect(throws: Boom(code: 2)) { try await skill.invoke(Fixtures.intentEnvelope("HelloIntent")) }
    }

    @Test func refusesRequestsForAnotherSkillId() async throws {
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["HelloIntent"]) { $0.responseBuilder.getResponse() })
            .withSkillId("amzn1.ask.skill.other")
            .build()
        await #expect(throws: SkillError.skillIdMismatch(expected: "amzn1.ask.skill.other", received: "amzn1.ask.skill.test")) {
            try await skill.invoke(Fixtures.intentEnvelope("HelloIntent"))
        }
    }

    @Test func sessionAttributesTravelBackInTheResponseEnvelope() async throws {
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["CountIntent"]) { input in
                let count = input.attributesManager.getSessionAttributes()["count"]?.intValue ?? 0
                try input.attributesManager.setSessionAttributes(["count": .number(Double(count + 1))])
                return input.responseBuilder.speak("\(count + 1)").getResponse()
            })
            .withCustomUserAgent("test-agent")
            .build()
        let out = try await skill.invoke(Fixtures.intentEnvelope("CountIntent", attributes: ["count": 4]))
        #expect(out.sessionAttributes == ["count": 5])
        #expect(out.userAgent == "test-agent")
        #expect(out.response.speechText == "5")
    }

    @Test func helpersReadTheRequestLikeTheSDK() throws {
        var intent = IntentRequest.Intent(name: "OrderIntent", confirmationStatus: .confirmed)
        intent[slot: "size"] = .filled("size", value: "large", resolutions: Resolutions(resolutionsPerAuthority: [
            ResolutionAuthority(authority: "a", status: ResolutionStatus(code: .successMatch),
                                values: [ResolutionValueWrapper(value: ResolvedValue(name: "LARGE", id: "L"))]),
        ]))
        intent[slot: "toppings"] = .list("toppings", values: [("ham", nil), ("olives", nil)])
        intent[slot: "crust"] = IntentRequest.Slot(name: "crust")
        let envelope = Fixtures.envelope(.intent(IntentRequest(requestId: "r", timestamp: "t", locale: "en-GB",
                                                               dialogState: .inProgress, intent: intent)))
        #expect(Alexa.getRequestType(envelope) == "IntentRequest")
        #expect(Alexa.getIntentName(envelope) == "OrderIntent")
        #expect(Alexa.getLocale(envelope) == "en-GB")
        #expect(Alexa.getDialogState(envelope) == .inProgress)
        #expect(Alexa.getIntentConfirmationStatus(envelope) == .confirmed)
        #expect(Alexa.getSlotValue(envelope, "size") == "large")
        #expect(Alexa.getSlotValue(envelope, "crust") == nil)
        #expect(Alexa.getSlotValue(envelope, "missing") == nil)
        #expect(Alexa.getResolvedSlotValue(envelope, "size") == ResolvedSlotValue(name: "LARGE", id: "L"))
        #expect(Alexa.getSimpleSlotValues(envelope, "toppings") == ["ham", "olives"])
        #expect(Alexa.getSlot(envelope, "toppings")?.isFilled == true)
        #expect(Alexa.getSlot(envelope, "crust")?.isFilled == false)
        #expect(Alexa.getUserId(envelope) == "amzn1.ask.account.TEST")
        #expect(Alexa.getDeviceId(envelope) == "device-1")
        #expect(Alexa.isIntent(envelope, "HelpIntent", "OrderIntent"))
        #expect(!Alexa.isNewSession(envelope))
        #expect(Alexa.getIntentName(Fixtures.launchEnvelope) == nil)
        #expect(Alexa.isNewSession(Fixtures.launchEnvelope))
    }
}
