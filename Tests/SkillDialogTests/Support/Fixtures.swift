import Foundation
import InteractionModel
import SkillNLU
import TestFixtures
@testable import SkillDialog

/// Inline interaction models and request helpers shared by the tests.
enum Fixtures {
    /// A restaurant booking skill: `BookTableIntent` has a full dialog model with auto
    /// delegation (elicitation order date → people → area, validations, slot and intent
    /// confirmation); `RenameIntent` is `SKILL_RESPONSE`; `OpeningHoursIntent` has no dialog.
    static let bookingJSON = #"""
    {
      "interactionModel": {
        "languageModel": {
          "invocationName": "table talk",
          "intents": [
            { "name": "BookTableIntent", "samples": ["book a table", "book a table for {people}"],
              "slots": [
                { "name": "date", "type": "AMAZON.DATE", "samples": ["{date}"] },
                { "name": "people", "type": "AMAZON.NUMBER", "samples": ["{people} people"] },
                { "name": "area", "type": "AreaType", "samples": ["on the {area}"] },
                { "name": "dishes", "type": "DishType", "multipleValues": { "enabled": true } }
              ] },
            { "name": "RenameIntent", "samples": ["change my name"],
              "slots": [ { "name": "guest", "type": "AMAZON.FirstName" } ] },
            { "name": "OpeningHoursIntent", "samples": ["when are you open"] },
            { "name": "AMAZON.HelpIntent", "samples": [] },
            { "name": "AMAZON.StopIntent", "samples": [] },
            { "name": "AMAZON.CancelIntent", "samples": [] },
            { "name": "AMAZON.RepeatIntent", "samples": [] },
            { "name": "AMAZON.FallbackIntent", "samples": [] }
          ],
          "types": [
            { "name": "AreaType", "values": [
              { "id": "TERRACE", "name": { "value": "terrace", "synonyms": ["outside", "patio"] } },
              { "id": "INDOORS", "name": { "value": "dining room", "synonyms": ["inside"] } } ] },
            { "name": "DishType", "values": [
              { "name": { "value": "soup" } }, { "name": { "value": "salad" } }, { "name": { "value": "pasta" } } ] }
          ]
        },
        "dialog": {
          "delegationStrategy": "ALWAYS",
          "intents": [
            { "name": "BookTableIntent", "confirmationRequired": true,
              "prompts": { "confirmation": "Confirm.Intent.Book" },
              "slots": [
                { "name": "date", "type": "AMAZON.DATE", "elicitationRequired": true, "confirmationRequired": false,
                  "prompts": { "elicitation": "Elicit.Slot.date" },
                  "validations": [ { "type": "isInDuration", "prompt": "Slot.Validation.date", "start": "P0D", "end": "P30D" } ] },
                { "name": "people", "type": "AMAZON.NUMBER", "elicitationRequired": true, "confirmationRequired": false,
                  "prompts": { "elicitation": "Elicit.Slot.people" },
                  "validations": [
                    { "type": "isGreaterThan", "prompt": "Slot.Validation.people.low", "value": "0" },
                    { "type": "isLessThanOrEqualTo", "prompt": "Slot.Validation.people.high", "value": 8 } ] },
                { "name": "area", "type": "AreaType", "elicitationRequired": true, "confirmationRequired": true,
                  "prompts": { "elicitation": "Elicit.Slot.area", "confirmation": "Confirm.Slot.area" },
                  "validations": [ { "type": "hasEntityResolutionMatch", "prompt": "Slot.Validation.area" } ] },
                { "name": "dishes", "type": "DishType", "elicitationRequired": false, "confirmationRequired": false,
                  "prompts": {},
                  "validations": [ { "type": "isNotInSet", "prompt": "Slot.Validation.dishes", "values": ["pasta"] } ] }
              ] },
            { "name": "RenameIntent", "delegationStrategy": "SKILL_RESPONSE", "confirmationRequired": false, "prompts": {},
              "slots": [
                { "name": "guest", "type": "AMAZON.FirstName", "elicitationRequired": true, "confirmationRequired": false,
                  "prompts": { "elicitation": "Elicit.Slot.guest" } } ] }
          ]
        },
        "prompts": [
          { "id": "Elicit.Slot.date", "variations": [
            { "type": "PlainText", "value": "For which day?" },
            { "type": "PlainText", "value": "What day would you like to come?" } ] },
          { "id": "Elicit.Slot.people", "variations": [ { "type": "PlainText", "value": "How many people, for {date}?" } ] },
          { "id": "Elicit.Slot.area", "variations": [ { "type": "SSML", "value": "<speak>Terrace or dining room?</speak>" } ] },
          { "id": "Confirm.Slot.area", "variations": [ { "type": "PlainText", "value": "The {area}, right?" } ] },
          { "id": "Confirm.Intent.Book", "variations": [
            { "type": "PlainText", "value": "A table for {people} on {date} in the {area}. Shall I book it?" } ] },
          { "id": "Slot.Validation.date", "variations": [
            { "type": "PlainText", "value": "We take bookings for the next thirty days only. Which day?" } ] },
          { "id": "Slot.Validation.people.low", "variations": [ { "type": "PlainText", "value": "At least one person, please." } ] },
          { "id": "Slot.Validation.people.high", "variations": [
            { "type": "PlainText", "value": "{people} is too many; at most eight. How many people?" } ] },
          { "id": "Slot.Validation.area", "variations": [ { "type": "PlainText", "value": "We have no {area}. Terrace or dining room?" } ] },
          { "id": "Slot.Validation.dishes", "variations": [ { "type": "PlainText", "value": "Pasta is off today. Which dishes?" } ] },
          { "id": "Elicit.Slot.guest", "variations": [ { "type": "PlainText", "value": "What name should I use?" } ] }
        ]
      }
    }
    """#

    static func bookingModel() throws -> InteractionModel {
        try Importer.decode(Data(bookingJSON.utf8))
    }

    /// The booking model trained with the quick options, once per test process.
    static func trainedBooking() throws -> NLUModel {
        try TrainedModels.model(try bookingModel(), options: .quick)
    }

    /// Phrases the fake understanding knows for the booking model.
    static let bookingPhrases: [String: FakeUnderstanding.Entry] = [
        "book a table": .init("BookTableIntent"),
        "book a table for two tomorrow": .init("BookTableIntent", ["people": "two", "date": "tomorrow"]),
        "book a table for twelve": .init("BookTableIntent", ["people": "twelve"]),
        "book a table tomorrow for four outside with soup and salad":
            .init("BookTableIntent", ["date": "tomorrow", "people": "four", "area": "outside", "dishes": "soup and salad"]),
        "change my name": .init("RenameIntent"),
        "when are you open": .init("OpeningHoursIntent"),
        "help": .init("AMAZON.HelpIntent"),
        "stop": .init("AMAZON.StopIntent"),
        "cancel": .init("AMAZON.CancelIntent"),
        "say that again": .init("AMAZON.RepeatIntent"),
    ]

    /// 2026-05-01 10:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_777_629_600)
    static let utc = TimeZone(identifier: "UTC")!

    static var options: Conversation.Options {
        Conversation.Options(timeZone: utc, clock: { Fixtures.now })
    }

    static func envelope(_ request: Request, attributes: Attributes? = [:], new: Bool = false,
                         userId: String = "amzn1.ask.account.TEST") -> RequestEnvelope {
        let application = Application(applicationId: "amzn1.ask.skill.test")
        let user = User(userId: userId)
        return RequestEnvelope(
            session: Session(new: new, sessionId: "amzn1.echo-api.session.test", application: application,
                             attributes: attributes, user: user),
            context: Context(system: SystemState(application: application, user: user, device: Device(deviceId: "device-1"))),
            request: request)
    }

    static func intentEnvelope(_ name: String, slots: [String: String] = [:], dialogState: DialogState? = nil,
                               attributes: Attributes? = [:], userId: String = "amzn1.ask.account.TEST") -> RequestEnvelope {
        var intent = IntentRequest.Intent(name: name)
        for (slot, value) in slots { intent[slot: slot] = .filled(slot, value: value) }
        return envelope(.intent(IntentRequest(requestId: "req-1", timestamp: "2026-05-01T10:00:00Z", locale: "en-US",
                                              dialogState: dialogState, intent: intent)),
                        attributes: attributes, userId: userId)
    }

    static var launchEnvelope: RequestEnvelope {
        envelope(.launch(LaunchRequest(requestId: "req-0", timestamp: "2026-05-01T10:00:00Z", locale: "en-US")), new: true)
    }

    /// Parses JSON text into a dictionary for shape comparisons.
    static func object(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}

/// Records what handlers saw, across the tasks the handlers run on.
actor Recorder {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}
