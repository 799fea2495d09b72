import Foundation
import InteractionModel
import Testing
@testable import SkillDialog

/// The loop and transcript format behind `nlu-chat`, with the EchoSkill.
@Suite struct ChatTests {
    let model: InteractionModel
    let understanding: FakeUnderstanding

    init() throws {
        model = try Fixtures.bookingModel()
        understanding = FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases)
    }

    func chat(_ lines: [String], skill: Skill? = nil) async -> (records: [ChatRecord], errors: [String], conversation: Conversation) {
        // Issue 6 spells the initializer with `model:`.
        let conversation = Conversation(model: understanding, interactionModel: model,
                                        skill: skill ?? EchoSkill.build(for: model), seed: 1, options: Fixtures.options)
        var input = lines.makeIterator()
        var records: [ChatRecord] = []
        var errors: [String] = []
        await ChatDriver(conversation: conversation, model: model)
            .run(nextLine: { input.next() }, emit: { records.append($0) }, report: { errors.append("\($0)") })
        return (records, errors, conversation)
    }

    @Test func jsonlTranscriptOfADialog() async throws {
        let (records, errors, conversation) = await chat([
            "book a table tomorrow for four outside with soup and salad", "", "yes", "yes", "change my name", "Ada",
        ])
        #expect(errors.isEmpty)
        let lines = records.map(\.jsonLine)
        #expect(lines == [
            #"{"user":null,"intent":null,"dialogState":null,"speech":"Welcome to table talk. What would you like to do?","reprompt":"What would you like to do?","slots":{},"ended":false}"#,
            #"{"user":"book a table tomorrow for four outside with soup and salad","intent":"BookTableIntent","dialogState":"STARTED","speech":"The outside, right?","reprompt":"The outside, right?","slots":{"date":"2026-05-02","people":"4","area":"outside","dishes":["soup","salad"]},"ended":false}"#,
            #"{"user":"yes","intent":"BookTableIntent","dialogState":"IN_PROGRESS","speech":"A table for 4 on 2026-05-02 in the outside. Shall I book it?","reprompt":"A table for 4 on 2026-05-02 in the outside. Shall I book it?","slots":{"date":"2026-05-02","people":"4","area":"outside","dishes":["soup","salad"]},"ended":false}"#,
            #"{"user":"yes","intent":"BookTableIntent","dialogState":"COMPLETED","speech":"BookTableIntent with date 2026-05-02, people 4, area outside, dishes soup and salad.","reprompt":"What else would you like to do?","slots":{"date":"2026-05-02","people":"4","area":"outside","dishes":["soup","salad"]},"ended":false}"#,
            #"{"user":"change my name","intent":"RenameIntent","dialogState":"STARTED","speech":"What name should I use?","reprompt":"What name should I use?","slots":{},"ended":false}"#,
            #"{"user":"Ada","intent":"RenameIntent","dialogState":"COMPLETED","speech":"RenameIntent with guest Ada.","reprompt":"What else would you like to do?","slots":{"guest":"Ada"},"ended":false}"#,
        ])
        // Every line is valid JSON with exactly the documented members.
        for line in lines {
            let object = try Fixtures.object(Data(line.utf8))
            #expect(Set(object.keys) == ["user", "intent", "dialogState", "speech", "reprompt", "slots", "ended"])
        }
        // End of input ended the session with a SessionEndedRequest, and printed nothing for it.
        #expect(await conversation.state.sessionOpen == false)
        let last = try #require(await conversation.lastTurn)
        #expect(last.requests.map { Alexa.getRequestType($0) } == ["SessionEndedRequest"])
    }

    @Test func sessionEndAndTextFormat() async {
        let (records, _, _) = await chat(["stop", "help"])
        #expect(records.map(\.ended) == [false, true, false])
        #expect(records[1].textLines == ["Goodbye.", "  · AMAZON.StopIntent · session ended"])
        #expect(records[2].textLines == ["AMAZON.HelpIntent.", "  · AMAZON.HelpIntent"])
        #expect(records[0].textLines == ["Welcome to table talk. What would you like to do?"])
    }

    @Test func failuresAreReportedAndTheChatGoesOn() async {
        let skill = SkillBuilder()
            .addRequestHandlers(ClosureRequestHandler(intents: ["AMAZON.HelpIntent"]) { $0.responseBuilder.speak("Help!").getResponse() })
            .build()
        let (records, errors, _) = await chat(["stop", "help"], skill: skill)
        #expect(records.map(\.speech) == ["Help!"])
        #expect(errors.count == 3, "launch, stop and the session end found no handler: \(errors)")
        #expect(errors.allSatisfy { $0.contains("No request handler") })
    }

    @Test func specialCharactersAreEscaped() {
        let record = ChatRecord(user: "say \"hi\" / bye", intent: nil, dialogState: nil, speech: "Tom & Jerry\n", reprompt: nil,
                                slots: [.init(name: "a", values: ["x\"y"], isList: false)], ended: true)
        let object = try? Fixtures.object(Data(record.jsonLine.utf8))
        #expect(object?["user"] as? String == "say \"hi\" / bye")
        #expect(object?["speech"] as? String == "Tom & Jerry\n")
        #expect((object?["slots"] as? [String: String])?["a"] == "x\"y")
        #expect(object?["ended"] as? Bool == true)
        #expect(record.jsonLine.contains("/ bye"), "slashes are not escaped")
    }
}
