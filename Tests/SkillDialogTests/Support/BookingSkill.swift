import Foundation
@testable import SkillDialog

/// Handlers for the booking model of ``Fixtures``; each records what it was given.
enum BookingSkill {
    static func build(recorder: Recorder) -> Skill {
        SkillBuilder()
            .addRequestHandlers(
                ClosureRequestHandler(requestType: "LaunchRequest") { input in
                    input.responseBuilder.speak("Welcome to Table Talk. What would you like?")
                        .reprompt("What would you like?").getResponse()
                },
                ClosureRequestHandler(intents: ["BookTableIntent"]) { input in
                    let envelope = input.requestEnvelope
                    let intent = Alexa.getIntent(envelope)!
                    await recorder.add("BookTableIntent \(Alexa.getDialogState(envelope)?.rawValue ?? "-") \(intent.confirmationStatus.rawValue)")
                    if Alexa.getDialogState(envelope) != .completed {
                        return input.responseBuilder.addDelegateDirective().getResponse()
                    }
                    if intent.confirmationStatus == .denied {
                        return input.responseBuilder.speak("Okay, no booking.").reprompt("Anything else?").getResponse()
                    }
                    let area = Alexa.getResolvedSlotValue(envelope, "area")?.name ?? "?"
                    var text = "Booked for \(intent.value(of: "people") ?? "?") on \(intent.value(of: "date") ?? "?") in the \(area)"
                    let dishes = Alexa.getSimpleSlotValues(envelope, "dishes")
                    if !dishes.isEmpty { text += " with \(dishes.joined(separator: " and "))" }
                    return input.responseBuilder.speak(text + ".").reprompt("Anything else?").getResponse()
                },
                ClosureRequestHandler(intents: ["RenameIntent"]) { input in
                    let envelope = input.requestEnvelope
                    let state = Alexa.getDialogState(envelope)
                    let intent = Alexa.getIntent(envelope)!
                    let guest = Alexa.getSlot(envelope, "guest")
                    await recorder.add("RenameIntent \(state?.rawValue ?? "-") \(intent.confirmationStatus.rawValue) "
                        + "guest=\(guest?.value ?? "") \(guest?.confirmationStatus.rawValue ?? "")")
                    if state == .completed {
                        return input.responseBuilder.speak("Hello, \(guest?.value ?? "stranger").").reprompt("Anything else?")
                            .getResponse()
                    }
                    switch (guest?.value, guest?.confirmationStatus, intent.confirmationStatus) {
                    case ("Bob"?, _, _):
                        var cleared = intent
                        cleared[slot: "guest"] = IntentRequest.Slot(name: "guest")
                        return input.responseBuilder.speak("Bob is taken. Another name?")
                            .addElicitSlotDirective("guest", updatedIntent: cleared).getResponse()
                    case ("Dave"?, ConfirmationStatus.none?, _):
                        return input.responseBuilder.speak("Dave, is that right?").addConfirmSlotDirective("guest").getResponse()
                    case ("Dave"?, .confirmed?, ConfirmationStatus.none):
                        return input.responseBuilder.speak("Rename to Dave?").addConfirmIntentDirective().getResponse()
                    default:
                        return input.responseBuilder.addDelegateDirective().getResponse()
                    }
                },
                ClosureRequestHandler(intents: ["OpeningHoursIntent"]) { input in
                    var next = IntentRequest.Intent(name: "BookTableIntent")
                    next[slot: "date"] = .filled("date", value: "2026-05-02")
                    return input.responseBuilder.speak("We open at noon.").addDelegateDirective(updatedIntent: next)
                        .getResponse()
                },
                ClosureRequestHandler(intents: ["AMAZON.HelpIntent"]) { input in
                    let count = (input.attributesManager.sessionAttributes["helpCount"]?.intValue ?? 0) + 1
                    input.attributesManager.sessionAttributes["helpCount"] = .number(Double(count))
                    return input.responseBuilder.speak("Help number \(count): you can book a table.")
                        .reprompt("What would you like?").getResponse()
                },
                ClosureRequestHandler(intents: ["AMAZON.StopIntent", "AMAZON.CancelIntent"]) { input in
                    input.responseBuilder.speak("Goodbye.").withShouldEndSession(true).getResponse()
                },
                RepeatIntentHandler(),
                ClosureRequestHandler(intents: ["AMAZON.FallbackIntent"]) { input in
                    input.responseBuilder.speak("Sorry, I didn't get that.").reprompt("What would you like?").getResponse()
                },
                ClosureRequestHandler(requestType: "SessionEndedRequest") { input in
                    if case .sessionEnded(let request) = input.requestEnvelope.request {
                        await recorder.add("SessionEnded \(request.reason.rawValue)")
                    }
                    return input.responseBuilder.getResponse()
                })
            .build()
    }
}
