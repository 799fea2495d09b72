import Foundation
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

@Suite struct DialogEngineTests {
    /// A dialog model without any prompts, as many real models have for skill-driven dialogs.
    static let promptlessJSON = #"""
    { "interactionModel": {
        "languageModel": { "invocationName": "planner", "intents": [
          { "name": "PlanMeetingIntent", "slots": [
            { "name": "meetingDate", "type": "AMAZON.DATE" }, { "name": "topic", "type": "AMAZON.SearchQuery" },
            { "name": "room", "type": "RoomType" } ] },
          { "name": "AMAZON.StopIntent" } ],
          "types": [ { "name": "RoomType", "values": [ { "name": { "value": "blue room" } } ] } ] },
        "dialog": { "intents": [
          { "name": "PlanMeetingIntent", "confirmationRequired": true, "prompts": {}, "slots": [
            { "name": "room", "type": "RoomType", "elicitationRequired": false, "prompts": {},
              "validations": [ { "type": "hasEntityResolutionMatch" } ] },
            { "name": "meetingDate", "type": "AMAZON.DATE", "elicitationRequired": true, "prompts": {} },
            { "name": "topic", "type": "AMAZON.SearchQuery", "elicitationRequired": true, "confirmationRequired": true, "prompts": {} }
            ] } ] } } }
    """#

    @Test func standInWordingsWhenTheModelHasNoPrompts() async throws {
        let model = try Importer.decode(Data(Self.promptlessJSON.utf8))
        let engine = DialogEngine(model: model)
        #expect(!engine.delegatesAutomatically("PlanMeetingIntent"), "no strategy means SKILL_RESPONSE")
        let fake = FakeUnderstanding(model: model, phrases: [
            "plan a meeting": .init("PlanMeetingIntent"),
            "plan a meeting in the cellar": .init("PlanMeetingIntent", ["room": "cellar"]),
        ])
        let c = Conversation(understanding: fake, interactionModel: model, skill: EchoSkill.build(for: model),
                             options: Fixtures.options)
        #expect(try await c.turn("plan a meeting").speechText == "Please tell me the meeting date.")
        #expect(try await c.turn("tomorrow").speechText == "Please tell me the topic.")
        #expect(try await c.turn("budget & plans").speechText == "You said budget & plans for the topic. Is that right?")
        #expect(try await c.turn("yes").speechText
            == "To confirm, plan meeting with meeting date 2026-05-02, topic budget & plans. Is that right?")
        // The dialog model's slot order: the invalid room is asked for before the date.
        #expect(try await c.turn("yes").speechText == "PlanMeetingIntent with meetingDate 2026-05-02, topic budget & plans.")
        #expect(try await c.turn("plan a meeting in the cellar").speechText
            == "Sorry, cellar is not a valid room. Please tell me the room.")
    }

    @Test func wordsAndLists() {
        #expect(PromptRenderer.words("appointmentDate") == "appointment date")
        #expect(PromptRenderer.words("I_Want") == "i want")
        #expect(PromptRenderer.words("SERVICONAME") == "serviconame")
        #expect(PromptRenderer.words("day2Of") == "day2 of")
        #expect(PromptRenderer.spokenList(["a", "b", "c"], locale: "en-US") == "a, b and c")
        #expect(PromptRenderer.spokenList(["a", "b"], locale: "de-DE") == "a, b")
        #expect(PromptRenderer.spokenList([], locale: "en-US") == "")
    }

    @Test func slotReferencesInPromptsAreEscapedForSSML() throws {
        let model = InteractionModel(
            languageModel: LanguageModel(intents: [Intent(name: "A", slots: [Slot(name: "x", type: "AMAZON.SearchQuery")])]),
            prompts: [Prompt(id: "p", variations: [PromptVariation(type: "SSML", value: "<speak>Got <emphasis>{x}</emphasis>{missing}.</speak>")])])
        var intent = IntentRequest.Intent(name: "A")
        intent[slot: "x"] = .filled("x", value: "fish & <chips>")
        var generator = SeededGenerator(seed: 0)
        let ssml = PromptRenderer(model: model).render(promptId: "p", intent: intent, fallback: "", generator: &generator)
        #expect(ssml == "<speak>Got <emphasis>fish &amp; &lt;chips&gt;</emphasis>.</speak>")
        #expect(SSML.plainText(ssml) == "Got fish & <chips>.")
    }

    @Test func aBusyConversationRefusesAnotherTurn() async throws {
        let model = try Fixtures.bookingModel()
        let gate = Gate()
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["AMAZON.HelpIntent"]) { input in
                await gate.enterAndWait()
                return input.responseBuilder.speak("help").getResponse()
            })
            .build()
        let c = Conversation(understanding: FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases),
                             interactionModel: model, skill: skill, options: Fixtures.options)
        let first = Task { try await c.turn("help") }
        await gate.waitUntilEntered()
        await #expect(throws: ConversationError.busy) { try await c.turn("help") }
        await gate.open()
        #expect(try await first.value.speechText == "help")
    }

    @Test func aHandlerThatNeverStopsDelegatingIsStopped() async throws {
        let model = try Fixtures.bookingModel()
        let recorder = Recorder()
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["BookTableIntent"]) { input in
                input.responseBuilder.addDelegateDirective().getResponse()
            }, ClosureRequestHandler(requestType: "SessionEndedRequest") { input in
                if case .sessionEnded(let r) = input.requestEnvelope.request {
                    await recorder.add("\(r.reason.rawValue) \(r.error?.message.contains("COMPLETED") == true)")
                }
                return input.responseBuilder.getResponse()
            })
            .build()
        let c = Conversation(understanding: FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases),
                             interactionModel: model, skill: skill, options: Fixtures.options)
        _ = try await c.turn("book a table tomorrow for four outside with soup and salad")
        _ = try await c.turn("yes")
        await #expect(throws: ConversationError.tooManyRequests(limit: 8, lastIntent: "BookTableIntent")) {
            try await c.turn("yes")
        }
        // The session was ended with reason ERROR, in a request of its own.
        #expect(await c.state.sessionOpen == false)
        #expect(await recorder.entries == ["ERROR true"])
    }
}

/// Lets a test hold a handler until it has checked something.
actor Gate {
    private var entered = false
    private var isOpen = false
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    func enterAndWait() async {
        entered = true
        enteredWaiters.forEach { $0.resume() }
        enteredWaiters = []
        if isOpen { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func open() {
        isOpen = true
        openWaiters.forEach { $0.resume() }
        openWaiters = []
    }
}
