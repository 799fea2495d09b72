import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `nlu-chat` as a user would: from a script through a pipe, and from a
/// terminal (a pseudo-terminal the test types into).
@Suite struct ChatCommandTests {
    static let hello = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path

    func chat(_ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> Tools.Run {
        try Tools.run("nlu-chat", arguments, input: Data(input.utf8), sourceLocation: sourceLocation)
    }

    @Test func version() throws {
        let run = try chat(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    /// A script's transcript is exactly what it always was: answers only, no prompt, no
    /// terminal escapes, in both formats.
    @Test func pipedInputIsAnsweredAsBefore() throws {
        let input = "hello\n\n  say hi to ada \nstop\nhello\n"
        let text = try chat([Self.hello, "--model", try Tools.hello.get(), "--seed", "1"], input: input)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == """
            Welcome to hello world. What would you like to do?
            HelloWorldIntent.
              · HelloWorldIntent
            GreetByNameIntent with name ada.
              · GreetByNameIntent · name=ada
            Goodbye.
              · AMAZON.StopIntent · session ended
            HelloWorldIntent.
              · HelloWorldIntent

            """)
        let jsonl = try chat([Self.hello, "--model", try Tools.hello.get(), "--seed", "1", "--format", "jsonl"], input: input)
        #expect(jsonl.lines == [
            #"{"user":null,"intent":null,"dialogState":null,"speech":"Welcome to hello world. What would you like to do?","reprompt":"What would you like to do?","slots":{},"ended":false}"#,
            #"{"user":"hello","intent":"HelloWorldIntent","dialogState":null,"speech":"HelloWorldIntent.","reprompt":"What else would you like to do?","slots":{},"ended":false}"#,
            #"{"user":"say hi to ada","intent":"GreetByNameIntent","dialogState":null,"speech":"GreetByNameIntent with name ada.","reprompt":"What else would you like to do?","slots":{"name":"ada"},"ended":false}"#,
            #"{"user":"stop","intent":"AMAZON.StopIntent","dialogState":null,"speech":"Goodbye.","reprompt":null,"slots":{},"ended":true}"#,
            #"{"user":"hello","intent":"HelloWorldIntent","dialogState":null,"speech":"HelloWorldIntent.","reprompt":"What else would you like to do?","slots":{},"ended":false}"#,
        ])
        #expect(!jsonl.stdout.contains("\u{1B}") && !jsonl.stdout.contains("> "))
    }

    @Test func aModelTrainedFromAnotherSkillIsRefused() throws {
        let model = try Tools.hello.get()
        let other = try Tools.file("tiny.json", Tools.tinySkill)
        let run = try chat([other, "--model", model], input: "hello\n")
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: \(model) was not trained from this skill"), "\(run.stderr)")
        #expect(run.stderr.contains("HoursIntent, OrderIntent"))
        #expect(run.stdout.isEmpty, "no chat with the wrong model")
        // The same intents with one more sample: another version of the skill.
        let skillFile = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld/skill-package/interactionModels/custom/en-US.json")
        let text = try String(contentsOf: skillFile, encoding: .utf8)
        let changed = try Tools.file("en-US.json", text.replacingOccurrences(of: #""say hello""#, with: #""say hello", "good day""#))
        let edited = try chat([changed, "--model", model], input: "hello\n")
        #expect(edited.status == 65)
        #expect(edited.stderr.contains("another version of the skill"))
        // Its own skill, even from another copy of the file, is accepted.
        let copy = try Tools.file("en-US.json", text)
        #expect(try chat([copy, "--model", model], input: "hello\n").status == 0)
    }

    @Test func aLocaleTheModelWasNotTrainedForIsAnError() throws {
        let model = try Tools.tiny.get()
        let skill = try Tools.file("tiny.json", Tools.tinySkill)
        let run = try chat([skill, "--model", model, "--locale", "de-DE"], input: "hello\n")
        #expect(run.status == 64)
        #expect(run.stderr.contains("--locale de-DE disagrees with \(model), a model trained for en-US"), "\(run.stderr)")
        let unknown = try chat([skill, "--locale", "en-UK"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("en-GB") && unknown.stderr.contains("not 'en-UK'"))
    }
}
