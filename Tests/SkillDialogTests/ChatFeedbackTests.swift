import Foundation
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

/// `/right` and `/wrong` in a chat: they judge the turn before them, go to the feedback log and
/// are never said to the skill; the help lists them in the skill's language.
@Suite struct ChatFeedbackTests {
    let model: InteractionModel
    let understanding: FakeUnderstanding

    init() throws {
        model = try Fixtures.bookingModel()
        understanding = FakeUnderstanding(model: model, phrases: Fixtures.bookingPhrases)
    }

    func chat(_ lines: [String], log: FeedbackLog) async -> (records: [ChatRecord], noted: [FeedbackEntry], errors: [String]) {
        let conversation = Conversation(model: understanding, interactionModel: model,
                                        skill: EchoSkill.build(for: model, feedbackCommands: true), seed: 1,
                                        options: Fixtures.options)
        let feedback = ChatFeedback(log: log, model: model, modelDigest: "00000000000000aa")
        var input = lines.makeIterator()
        var records: [ChatRecord] = []
        var noted: [FeedbackEntry] = []
        var errors: [String] = []
        await ChatDriver(conversation: conversation, model: model, feedback: feedback)
            .run(nextInput: { input.next().map(ChatDriver.Input.line) }, emit: { records.append($0) },
                 report: { errors.append("\($0)") }, noted: { noted.append($0) })
        return (records, noted, errors)
    }

    func scratchLog() throws -> FeedbackLog {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chat-feedback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return FeedbackLog(url: directory.appendingPathComponent("feedback.jsonl"))
    }

    @Test func judgementsGoToTheLogAndNotToTheSkill() async throws {
        let log = try scratchLog()
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        let (records, noted, errors) = await chat([
            "/right", "when are you open", "/right", "a table for Tomorrow please",
            "/wrong BookTableIntent date=tomorrow people=six", "/wrong NoSuchIntent", "/wrong BookTableIntent colour=red",
            "/wrong date=tomorrow", "/wrong",
        ], log: log)
        #expect(records.map(\.user) == [nil, "when are you open", "a table for Tomorrow please"], "only the utterances are answered")
        #expect(errors == [
            ChatFeedback.Failure.nothingToJudge.description,
            ChatFeedback.Failure.unknownIntent("NoSuchIntent").description,
            ChatFeedback.Failure.unknownSlot(intent: "BookTableIntent", slot: "colour").description,
            ChatFeedback.Failure.malformed("/wrong date=tomorrow").description,
        ])
        let entries = try log.read().entries
        #expect(entries == noted)
        try #require(entries.map(\.verdict) == [.right, .wrong, .wrong])
        #expect(entries[0].text == "when are you open" && entries[0].intent == "OpeningHoursIntent")
        #expect(entries[0].model == "00000000000000aa")
        #expect(entries[1].given.intent == "AMAZON.FallbackIntent" && entries[1].intent == "BookTableIntent")
        #expect(entries[1].slots == [FeedbackEntry.Slot(slot: "date", value: "Tomorrow", start: 12, end: 20),
                                     FeedbackEntry.Slot(slot: "people", value: "six")])
        #expect(entries[2].intent == nil && entries[2].slots.isEmpty, "a bare /wrong records the turn without a correction")
    }

    @Test func commandsAreParsed() throws {
        #expect(try ChatFeedback.command(in: "/right") == .right)
        #expect(try ChatFeedback.command(in: "/WRONG  OrderIntent size=large city=new_york") == .wrong(
            intent: "OrderIntent", slots: [.init(slot: "size", value: "large"), .init(slot: "city", value: "new york")]))
        #expect(try ChatFeedback.command(in: "book a table") == nil)
        #expect(try ChatFeedback.command(in: "/rightly") == nil)
        #expect(throws: ChatFeedback.Failure.malformed("/right now")) { try ChatFeedback.command(in: "/right now") }
        #expect(throws: ChatFeedback.Failure.malformed("/wrong X size")) { try ChatFeedback.command(in: "/wrong X size") }
    }

    @Test func theHelpListsTheCommandsInEveryLanguage() async throws {
        for locale in BuiltInIntents.supportedLocales {
            let words = ChatPhrases.forLocale(locale)
            #expect(words.feedbackHelp.contains("/right") && words.feedbackHelp.contains("/wrong"), "\(locale)")
            #expect(words.help(quoting: ["x"], feedbackCommands: true).contains(words.feedbackHelp))
            #expect(!words.help(quoting: ["x"]).contains("/wrong"))
        }
        #expect(Set(BuiltInIntents.supportedLocales.map { ChatPhrases.forLocale($0).feedbackHelp }).count
                == BuiltInIntents.supportedLocales.count)
        let log = try scratchLog()
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        let (records, _, _) = await chat(["help"], log: log)
        #expect(records.last?.speech == "You can say, for example, “book a table”, “change my name” or “when are you open”. "
                + "To judge my last answer, type /right, or /wrong with the intent you meant and its slots as slot=value. "
                + "What would you like to do?")
    }
}
