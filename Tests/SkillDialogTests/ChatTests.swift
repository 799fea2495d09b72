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
        // The initializer spelt with `model:`.
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
        #expect(records[2].textLines == [
            "You can say, for example, “book a table”, “change my name” or “when are you open”. What would you like to do?",
            "  · AMAZON.HelpIntent",
        ])
        #expect(records[0].textLines == ["Welcome to table talk. What would you like to do?"])
    }

    @Test func unclearUtterancesGetTheChatsOwnAnswer() async {
        let (records, _, _) = await chat(["fly me to the moon"])
        #expect(records[1].intent == "AMAZON.FallbackIntent")
        #expect(records[1].speech == "Sorry, I didn't get that. What would you like to do?")
        #expect(records[1].reprompt == "What would you like to do?")
    }

    /// The chat's own words in each language of the built-in catalogs, never English.
    @Test(arguments: [
        ("de-DE", "Willkommen bei table talk. Was möchtest du tun?", "Auf Wiedersehen.", "Entschuldigung, das habe ich nicht verstanden."),
        ("de-AT", "Willkommen bei table talk.", "Auf Wiedersehen.", "nicht verstanden"),
        ("fr-FR", "Bienvenue dans table talk.", "Au revoir.", "je n'ai pas compris"),
        ("fr-CA", "Bienvenue dans table talk.", "Au revoir.", "je n'ai pas compris"),
        ("es-ES", "Bienvenido a table talk.", "Adiós.", "no te he entendido"),
        ("es-MX", "Bienvenido a table talk.", "Adiós.", "no te he entendido"),
        ("it-IT", "Benvenuto in table talk.", "Arrivederci.", "non ho capito"),
        ("pt-BR", "Bem-vindo a table talk.", "Até logo.", "não entendi"),
        ("ja-JP", "table talkへようこそ。", "さようなら。", "よくわかりませんでした"),
        ("hi-IN", "table talk में आपका स्वागत है।", "अलविदा।", "समझ नहीं पाई"),
        ("ar-SA", "مرحبًا بك في table talk.", "مع السلامة.", "لم أفهم"),
    ])
    func ownWordsAreInTheSkillsLanguage(locale: String, welcome: String, goodbye: String, notUnderstood: String) async throws {
        var localized = model
        localized.locale = locale
        let conversation = Conversation(model: FakeUnderstanding(model: localized, phrases: Fixtures.bookingPhrases),
                                        interactionModel: localized, skill: EchoSkill.build(for: localized), seed: 1,
                                        options: Fixtures.options)
        var input = ["help", "fly me to the moon", "stop"].makeIterator()
        var records: [ChatRecord] = []
        await ChatDriver(conversation: conversation, model: localized)
            .run(nextLine: { input.next() }, emit: { records.append($0) }, report: { Issue.record($0) })
        try #require(records.count == 4)
        #expect(records[0].speech.hasPrefix(welcome))
        #expect(records[1].speech.contains("book a table") && !records[1].speech.contains("You can say"))
        #expect(records[2].speech.contains(notUnderstood))
        #expect(records[3].speech == goodbye)
        for record in records {
            #expect(!record.speech.contains("What would you like") && !record.speech.contains("Welcome"))
            #expect(!(record.reprompt ?? "").contains("What would you like"))
        }
    }

    @Test func everyCatalogLocaleHasItsOwnWords() {
        let sets = BuiltInIntents.supportedLocales.map(ChatPhrases.forLocale)
        #expect(Set(sets.map(\.goodbye)).count == BuiltInIntents.supportedLocales.count)
        #expect(Set(sets.map(\.notUnderstood)).count == BuiltInIntents.supportedLocales.count)
        #expect(ChatPhrases.forLocale("nl-NL") == ChatPhrases.forLocale("en-US"), "a language without a catalog speaks English")
        #expect(ChatPhrases.forLocale("de-DE").welcome(to: "") == "Willkommen bei diesem Skill. Was möchtest du tun?")
        #expect(ChatPhrases.forLocale("ja-JP").help(quoting: ["天気", "ニュース"]) == "たとえば、「天気」、「ニュース」と言ってみてください。何をしますか？")
    }

    /// Ctrl-D on a terminal: the skill hears the stop intent (whatever "stop" is in its
    /// language), answers, and the chat ends without reading further.
    @Test func theStopKeySaysStopAndEndsTheChat() async throws {
        let conversation = Conversation(model: understanding, interactionModel: model, skill: EchoSkill.build(for: model),
                                        seed: 1, options: Fixtures.options)
        var inputs: [ChatDriver.Input] = [.line("book a table"), .stop, .line("help")]
        var read = 0
        var records: [ChatRecord] = []
        await ChatDriver(conversation: conversation, model: model).run(
            nextInput: { read += 1; return inputs.isEmpty ? nil : inputs.removeFirst() },
            emit: { records.append($0) }, report: { Issue.record($0) })
        #expect(read == 2, "nothing is read after the stop key")
        #expect(records.map(\.intent) == [nil, "BookTableIntent", "AMAZON.StopIntent"])
        #expect(records.last?.speech == "Goodbye." && records.last?.ended == true && records.last?.user == nil)
        #expect(await conversation.state.sessionOpen == false)
        // A model without a stop intent: the key ends the chat (the session ends as at end of input).
        let bare = try Importer.decode(Data(#"{"interactionModel": {"languageModel": {"invocationName": "bare", "intents": [{"name": "A", "samples": ["a"]}]}}}"#.utf8))
        let quiet = Conversation(model: FakeUnderstanding(model: bare), interactionModel: bare, skill: EchoSkill.build(for: bare),
                                 seed: 1, options: Fixtures.options)
        var bareRecords: [ChatRecord] = []
        await ChatDriver(conversation: quiet, model: bare).run(nextInput: { .stop }, emit: { bareRecords.append($0) },
                                                               report: { Issue.record($0) })
        #expect(bareRecords.count == 1)
        #expect(await quiet.state.sessionOpen == false)
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
