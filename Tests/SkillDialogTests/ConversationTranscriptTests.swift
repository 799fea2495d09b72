import Foundation
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

/// Scripted multi-turn conversations with the booking model: every prompt, elicitation,
/// confirmation, validation failure and completion is checked.
@Suite struct ConversationTranscriptTests {
    let model: InteractionModel
    let understanding: FakeUnderstanding
    let datePrompts = ["For which day?", "What day would you like to come?"]

    init() throws {
        model = try Fixtures.bookingModel()
        understanding = FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases)
    }

    func conversation(_ recorder: Recorder, seed: UInt64 = 1) -> Conversation {
        Conversation(understanding: understanding, interactionModel: model, skill: BookingSkill.build(recorder: recorder),
                     seed: seed, options: Fixtures.options)
    }

    /// Takes a turn and returns the plain speech with the turn's details.
    func say(_ c: Conversation, _ text: String) async throws -> (speech: String, turn: Turn) {
        let response = try await c.turn(text)
        let turn = try #require(await c.lastTurn)
        #expect(turn.response == response)
        return (response.speechText, turn)
    }

    @Test func fullBookingWithAutoDelegation() async throws {
        let recorder = Recorder()
        let c = conversation(recorder)
        let welcome = try await c.launch()
        #expect(welcome.speechText == "Welcome to Table Talk. What would you like?")
        #expect(await c.lastTurn?.dialogState == nil)

        var (speech, turn) = try await say(c, "book a table")
        #expect(datePrompts.contains(speech))
        #expect(turn.dialogState == .started)
        #expect(turn.intent?.name == "BookTableIntent")
        #expect(turn.requests.isEmpty, "with delegation ALWAYS the dialog model asks, not the handler")
        #expect(turn.response.repromptText == speech)
        #expect(turn.response.shouldEndSession == false)

        (speech, turn) = try await say(c, "tomorrow")
        #expect(speech == "How many people, for 2026-05-02?")
        #expect(turn.dialogState == .inProgress)
        #expect(turn.slotValues["date"] == ["2026-05-02"])

        (speech, turn) = try await say(c, "twelve")
        #expect(speech == "12 is too many; at most eight. How many people?")
        #expect(turn.slotValues["people"] == nil, "an invalid value is dropped")

        (speech, turn) = try await say(c, "four")
        #expect(speech == "Terrace or dining room?")

        (speech, _) = try await say(c, "the roof")
        #expect(speech == "We have no the roof. Terrace or dining room?")

        (speech, turn) = try await say(c, "outside")
        #expect(speech == "The outside, right?")
        #expect(turn.intent?.slots?["area"]?.resolved?.name == "terrace")

        (speech, turn) = try await say(c, "yes please")
        #expect(speech == "A table for 4 on 2026-05-02 in the outside. Shall I book it?")
        #expect(turn.intent?.slots?["area"]?.confirmationStatus == .confirmed)
        #expect(turn.dialogState == .inProgress)

        (speech, turn) = try await say(c, "yeah")
        #expect(speech == "Booked for 4 on 2026-05-02 in the terrace.")
        #expect(turn.dialogState == .completed)
        #expect(turn.requests.count == 1)
        #expect(await recorder.entries == ["BookTableIntent COMPLETED CONFIRMED"])

        // The completed request is the IntentRequest Alexa would send.
        guard case .intent(let request)? = turn.requests.first?.request else {
            Issue.record("no intent request")
            return
        }
        #expect(request.dialogState == .completed)
        #expect(request.intent.confirmationStatus == .confirmed)
        #expect(Set(request.intent.slots?.keys ?? [:].keys) == ["date", "people", "area", "dishes"])
        #expect(request.intent.slots?["dishes"]?.isFilled == false)
        #expect(request.intent.slots?["area"]?.source == "USER")
        #expect(turn.requests.first?.session?.new == false)
        #expect(await c.state.dialog == nil, "the dialog is over")
    }

    @Test func deniedSlotIsAskedAgainAndDeniedIntentCompletesDenied() async throws {
        let recorder = Recorder()
        let c = conversation(recorder)
        _ = try await say(c, "book a table for two tomorrow")
        var (speech, _) = try await say(c, "inside")
        #expect(speech == "The inside, right?")
        (speech, _) = try await say(c, "no")
        #expect(speech == "Terrace or dining room?")
        (speech, _) = try await say(c, "patio")
        #expect(speech == "The patio, right?")
        (speech, _) = try await say(c, "correct")
        #expect(speech == "A table for 2 on 2026-05-02 in the patio. Shall I book it?")
        let (final, turn) = try await say(c, "no thanks")
        #expect(final == "Okay, no booking.")
        #expect(turn.dialogState == .completed)
        #expect(await recorder.entries == ["BookTableIntent COMPLETED DENIED"])
    }

    @Test func unclearAnswersAreAskedAgainAndRepeatKeepsTheDialog() async throws {
        let c = conversation(Recorder())
        _ = try await say(c, "book a table tomorrow for four outside with soup and salad")
        var (speech, turn) = try await say(c, "purple")
        #expect(speech == "The outside, right?")
        #expect(turn.dialogState == .inProgress)
        (speech, _) = try await say(c, "say that again")
        #expect(speech == "The outside, right?")
        (speech, turn) = try await say(c, "yes")
        #expect(speech == "A table for 4 on 2026-05-02 in the outside. Shall I book it?")
        (speech, turn) = try await say(c, "sure")
        #expect(speech == "Booked for 4 on 2026-05-02 in the terrace with soup and salad.")
        #expect(turn.slotValues["dishes"] == ["soup", "salad"])
    }

    @Test func everythingInTheFirstUtteranceSkipsToConfirmation() async throws {
        let c = conversation(Recorder())
        let (speech, turn) = try await say(c, "book a table tomorrow for four outside with soup and salad")
        #expect(speech == "The outside, right?")
        #expect(turn.dialogState == .started)
        #expect(turn.slotValues == ["date": ["2026-05-02"], "people": ["4"], "area": ["outside"], "dishes": ["soup", "salad"]])
        guard case .list(let items)? = turn.intent?.slots?["dishes"]?.slotValue else {
            Issue.record("dishes should be a List slot value")
            return
        }
        #expect(items.count == 2)
    }

    @Test func validationOfDatesAgainstTheReferenceDate() async throws {
        let c = conversation(Recorder())
        _ = try await say(c, "book a table")
        var (speech, _) = try await say(c, "yesterday")
        #expect(speech == "We take bookings for the next thirty days only. Which day?")
        (speech, _) = try await say(c, "today")
        #expect(speech == "How many people, for 2026-05-01?")
        (speech, _) = try await say(c, "zero")
        #expect(speech == "At least one person, please.")
    }

    @Test func interruptingWithAnotherIntentLeavesTheDialog() async throws {
        let c = conversation(Recorder())
        _ = try await say(c, "book a table")
        var (speech, turn) = try await say(c, "help")
        #expect(speech == "Help number 1: you can book a table.")
        #expect(turn.dialogState == nil)
        #expect(await c.state.dialog == nil)
        (speech, _) = try await say(c, "tomorrow")
        #expect(speech == "Sorry, I didn't get that.")
        (speech, _) = try await say(c, "help")
        #expect(speech == "Help number 2: you can book a table.", "session attributes carry across turns")
        (speech, turn) = try await say(c, "say that again")
        #expect(speech == "Help number 2: you can book a table.")
        #expect(turn.response.repromptText == "What would you like?")
    }

    @Test func skillResponseDialogWithHandlerDirectives() async throws {
        let recorder = Recorder()
        let c = conversation(recorder)
        var (speech, turn) = try await say(c, "change my name")
        #expect(speech == "What name should I use?")
        #expect(turn.dialogState == .started)
        (speech, turn) = try await say(c, "Bob")
        #expect(speech == "Bob is taken. Another name?")
        #expect(turn.dialogState == .inProgress)
        (speech, turn) = try await say(c, "Dave")
        #expect(speech == "Dave, is that right?")
        (speech, turn) = try await say(c, "yes")
        #expect(speech == "Rename to Dave?")
        (speech, turn) = try await say(c, "purple")
        #expect(speech == "Rename to Dave?", "a handler's own question is repeated when the answer is unclear")
        (speech, turn) = try await say(c, "yes")
        #expect(speech == "Hello, Dave.")
        #expect(turn.dialogState == .completed)
        let entries = await recorder.entries
        #expect(entries == [
            "RenameIntent STARTED NONE guest= NONE",
            "RenameIntent IN_PROGRESS NONE guest=Bob NONE",
            "RenameIntent IN_PROGRESS NONE guest=Dave NONE",
            "RenameIntent IN_PROGRESS NONE guest=Dave CONFIRMED",
            "RenameIntent IN_PROGRESS CONFIRMED guest=Dave CONFIRMED",
            "RenameIntent COMPLETED CONFIRMED guest=Dave CONFIRMED",
        ])
    }

    @Test func intentChainingWithDelegateToAnotherIntent() async throws {
        let recorder = Recorder()
        let c = conversation(recorder)
        let (speech, turn) = try await say(c, "when are you open")
        #expect(speech == "We open at noon. How many people, for 2026-05-02?")
        #expect(turn.intent?.name == "BookTableIntent")
        #expect(turn.dialogState == .started)
        #expect(turn.requests.count == 1)
        let (next, _) = try await say(c, "three")
        #expect(next == "Terrace or dining room?")
    }

    @Test func sessionsEndAsOnAlexa() async throws {
        let recorder = Recorder()
        let c = conversation(recorder)
        _ = try await c.launch()
        let (speech, turn) = try await say(c, "stop")
        #expect(speech == "Goodbye.")
        #expect(turn.sessionEnded)
        #expect(await c.state.sessionOpen == false)
        // The skill ended the session itself: no SessionEndedRequest.
        #expect(await recorder.entries.isEmpty)
        try await c.end()
        #expect(await recorder.entries.isEmpty)

        // The next utterance opens a new session with fresh attributes.
        let (_, helpTurn) = try await say(c, "help")
        #expect(helpTurn.requests.first?.session?.new == true)
        #expect(helpTurn.requests.first?.session?.sessionId == "amzn1.echo-api.session.local-2")
        try await c.end()
        #expect(await recorder.entries == ["SessionEnded USER_INITIATED"])
        #expect(await c.lastTurn?.response == Response())
        #expect(await c.lastTurn?.sessionEnded == true)
    }

    @Test func anErrorEndsTheSessionWithReasonError() async throws {
        let recorder = Recorder()
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(requestType: "SessionEndedRequest") { input in
                if case .sessionEnded(let r) = input.requestEnvelope.request { await recorder.add("ended \(r.reason.rawValue)") }
                return input.responseBuilder.getResponse()
            })
            .build()
        let c = Conversation(understanding: understanding, interactionModel: model, skill: skill, options: Fixtures.options)
        await #expect(throws: SkillError.noRequestHandler(requestType: "IntentRequest", intentName: "AMAZON.HelpIntent")) {
            try await c.turn("help")
        }
        #expect(await recorder.entries == ["ended ERROR"])
        #expect(await c.state.sessionOpen == false)
    }

    @Test func aConversationResumesMidDialogFromItsSavedState() async throws {
        let script = ["tomorrow", "four", "outside", "yes", "yes"]
        let original = conversation(Recorder(), seed: 7)
        _ = try await original.turn("book a table")
        // Save after the first turn, as an app being suspended would.
        let saved = try JSONEncoder().encode(await original.state)
        let restored = try JSONDecoder().decode(ConversationState.self, from: saved)
        #expect(restored == (await original.state))
        #expect(restored.dialog?.awaiting == .elicitSlot("date"))

        let resumedRecorder = Recorder()
        let resumed = Conversation(resuming: restored, understanding: understanding, interactionModel: model,
                                   skill: BookingSkill.build(recorder: resumedRecorder), options: Fixtures.options)
        var a: [String] = [], b: [String] = []
        for line in script {
            a.append(try await original.turn(line).speechText)
            b.append(try await resumed.turn(line).speechText)
        }
        #expect(a == b)
        #expect(b.last == "Booked for 4 on 2026-05-02 in the terrace.")
        #expect(await resumedRecorder.entries == ["BookTableIntent COMPLETED CONFIRMED"])
    }

    @Test func promptVariationsAreSeeded() async throws {
        func firstPrompt(seed: UInt64) async throws -> String {
            let c = conversation(Recorder(), seed: seed)
            return try await c.turn("book a table").speechText
        }
        #expect(try await firstPrompt(seed: 3) == (try await firstPrompt(seed: 3)))
        var seen = Set<String>()
        for seed in 0..<16 as Range<UInt64> { seen.insert(try await firstPrompt(seed: seed)) }
        #expect(seen == Set(datePrompts))
    }

    @Test func understandingIsToldWhichSlotIsElicited() async throws {
        let log = ContextLog()
        let spy = SpyUnderstanding(inner: understanding, log: log)
        let c = Conversation(understanding: spy, interactionModel: model, skill: BookingSkill.build(recorder: Recorder()),
                             options: Fixtures.options)
        for line in ["book a table", "tomorrow", "four", "outside"] { _ = try await c.turn(line) }
        let contexts = log.all
        #expect(contexts.count == 4)
        #expect(contexts[0].elicitingSlot == nil && contexts[0].dialogIntent == nil)
        #expect(contexts[1].elicitingSlot == SlotReference(intent: "BookTableIntent", slot: "date"))
        #expect(contexts[1].referenceDate == Fixtures.now && contexts[1].timeZone == Fixtures.utc)
        #expect(contexts[2].elicitingSlot?.slot == "people")
        #expect(contexts[3].elicitingSlot?.slot == "area")
        _ = try await c.turn("yes")
        #expect(log.all[4].awaiting == .confirmSlot("area"))
        #expect(log.all[4].expectsConfirmation && log.all[4].elicitingSlot == nil)
        // Without the eliciting slot, the same bare answer means nothing to the fake NLU.
        #expect(understanding.understand("tomorrow", context: UnderstandingContext()).intent?.name == "AMAZON.FallbackIntent")
    }
}

final class ContextLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [UnderstandingContext] = []
    func add(_ context: UnderstandingContext) { lock.withLock { items.append(context) } }
    var all: [UnderstandingContext] { lock.withLock { items } }
}

struct SpyUnderstanding: LanguageUnderstanding {
    let inner: FakeUnderstanding
    let log: ContextLog
    func understand(_ text: String, context: UnderstandingContext) -> NLUResult {
        log.add(context)
        return inner.understand(text, context: context)
    }
}
