import Foundation
import Testing

/// Feedback from the command line: `nlu-chat --feedback` records `/right` and `/wrong` from a
/// script, two chats may write one log at once, and `nlu-train --annotated` learns from the log
/// and says what it used and skipped.
@Suite struct FeedbackCommandTests {
    static let hello = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path

    static func scratchPath(_ name: String) throws -> String {
        let folder = Tools.workDirectory.appendingPathComponent("feedback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    static func entries(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aPipedChatRecordsRightAndWrong() throws {
        let log = try Self.scratchPath("feedback.jsonl")
        let model = try Tools.hello.get()
        let input = "/right\nhello\n/right\nsay hi to ada\n/wrong GreetByNameIntent name=Ada\n/wrong HelloWorldIntent\n/wrong Nope\n"
        let run = try Tools.run("nlu-chat", [Self.hello, "--model", model, "--seed", "1", "--feedback", log],
                                input: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            Welcome to hello world. What would you like to do?
            HelloWorldIntent.
              · HelloWorldIntent
            GreetByNameIntent with name ada.
              · GreetByNameIntent · name=ada

            """, "the commands are not said to the skill")
        #expect(run.stderr.contains("nlu-chat: there is no answer to judge yet"))
        #expect(run.stderr.contains("nlu-chat: noted: right, HelloWorldIntent"))
        #expect(run.stderr.contains("nlu-chat: noted: wrong, meant GreetByNameIntent name=ada"))
        #expect(run.stderr.contains("nlu-chat: the skill has no intent Nope; nothing recorded"))
        let entries = try Self.entries(log)
        #expect(entries.map { $0["verdict"] as? String } == ["right", "wrong", "wrong"])
        #expect(entries.map { $0["text"] as? String } == ["hello", "say hi to ada", "say hi to ada"])
        #expect(entries.map { $0["intent"] as? String } == ["HelloWorldIntent", "GreetByNameIntent", "HelloWorldIntent"])
        let digest = try #require(entries[0]["model"] as? String)
        #expect(digest.count == 16 && entries.allSatisfy { $0["model"] as? String == digest })
        let slots = try #require(entries[1]["slots"] as? [[String: Any]])
        #expect(slots.count == 1 && slots[0]["value"] as? String == "ada" && slots[0]["start"] as? Int == 10)
    }

    @Test func withoutFeedbackACommandIsSaidToTheSkill() throws {
        let run = try Tools.run("nlu-chat", [Self.hello, "--model", try Tools.hello.get(), "--seed", "1", "--format", "jsonl"],
                                input: Data("hello\n/right\n".utf8))
        #expect(try run.jsonLines().map { $0["user"] as? String } == [nil, "hello", "/right"])
    }

    @Test func twoChatsWriteOneLogAtOnce() async throws {
        let log = try Self.scratchPath("shared.jsonl")
        let model = try Tools.hello.get()
        let input = Data(("hello\n" + String(repeating: "/right\n", count: 150)).utf8)
        let arguments = [Self.hello, "--model", model, "--seed", "1", "--feedback", log]
        async let first = Task.detached { try Tools.run("nlu-chat", arguments, input: input) }.value
        async let second = Task.detached { try Tools.run("nlu-chat", arguments, input: input) }.value
        let runs = try await [first, second]
        #expect(runs.allSatisfy { $0.status == 0 })
        let entries = try Self.entries(log)
        #expect(entries.count == 300)
        #expect(entries.allSatisfy { $0["text"] as? String == "hello" && $0["verdict"] as? String == "right" })
    }

    @Test func trainingFromALogReportsWhatItUsedAndSkipped() throws {
        let skill = try Tools.file("pizza.json", #"""
        {"interactionModel": {"languageModel": {"invocationName": "corner pizza",
          "intents": [
            {"name": "OrderIntent", "slots": [{"name": "size", "type": "SizeType"}],
             "samples": ["order a {size} pizza", "i want a {size} pizza", "order a pizza", "get me a pizza"]},
            {"name": "HoursIntent", "samples": ["when are you open", "what are your opening hours", "are you open today"]}
          ],
          "types": [{"name": "SizeType", "values": [{"name": {"value": "small"}}, {"name": {"value": "large"}}]}]}}}
        """#)
        let given = #""given":{"intent":"HoursIntent","confidence":0.6,"slots":[]},"model":"00000000000000aa","time":"2027-01-15T08:00:00Z""#
        let log = try Tools.file("feedback.jsonl", """
            {"text":"feed me something large",\(given),"verdict":"wrong","intent":"OrderIntent","slots":[{"slot":"size","value":"large","start":18,"end":23}]}
            {"text":"when do you open",\(given),"verdict":"right","intent":"HoursIntent","slots":[]}
            {"text":"book a table",\(given),"verdict":"wrong","intent":"BookTableIntent","slots":[]}
            {"text":"a large with olives",\(given),"verdict":"wrong","intent":"OrderIntent","slots":[{"slot":"topping","value":"olives","start":13,"end":19}]}
            {"text":"when do you cl
            """)
        let output = try Self.scratchPath("pizza.nlu")
        let run = try Tools.run("nlu-train", [skill, "-o", output, "--annotated", log])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  feedback \(log): 2 judged turns used (1 corrected, 1 judged right), 2 skipped as stale, "
                                    + "1 unreadable line skipped (line 5)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("    skipped \"book a table\": stale, the skill has no intent BookTableIntent\n"))
        #expect(run.stdout.contains("    skipped \"a large with olives\": stale, OrderIntent has no slot topping\n"))
        // The two turns used are trained on besides the generated utterances.
        let plain = try Tools.run("nlu-train", [skill, "-o", try Self.scratchPath("plain.nlu")])
        #expect(try Self.utteranceCount(run.stdout) == Self.utteranceCount(plain.stdout) + 2)
    }

    /// "N generated utterances" from a training summary.
    static func utteranceCount(_ summary: String) throws -> Int {
        let words = summary.split(separator: " ")
        let index = try #require(words.firstIndex { $0.hasPrefix("generated") })
        return try #require(Int(words[index - 1]))
    }
}
