import Foundation
import Testing

/// `--contextual-head` on the tools that train a skill at start (nlu-classify --skill, nlu-chat
/// SKILL), as on nlu-train: the model trained in memory gets the head, and the option is refused
/// where there is nothing to train or the name is no shipped encoder.
@Suite struct ContextualHeadCommandTests {
    @Test func classifyingASkillTrainsTheHeadAskedFor() throws {
        let skill = try Tools.file("two-intents-head.json", Tools.twoIntentSkill)
        let args = [skill, "--tier", "accurate", "--explain", "--format", "jsonl", "could i get a pizza delivered"]
        let withHead = try Tools.run("nlu-classify", ["--skill"] + args.prefix(1) + ["--contextual-head", "en"] + args.dropFirst())
        #expect(withHead.status == 0, "\(withHead.stderr)")
        // The explanation says what the encoder said: it ran, as the accurate tier asks.
        #expect(withHead.stdout.contains("\"contextual\""), "\(withHead.stdout)")
        let without = try Tools.run("nlu-classify", ["--skill"] + args.prefix(1) + ["--contextual-head", "none"] + args.dropFirst())
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!without.stdout.contains("\"contextual\""), "\(without.stdout)")
    }

    @Test func aModelFileKeepsItsOwnHead() throws {
        let run = try Tools.run("nlu-classify", ["--model", "no-such.nlu", "--contextual-head", "en", "hello"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--contextual-head is for a skill trained at start"), "\(run.stderr)")
        let chat = try Tools.run("nlu-chat", ["InteractionModels/HelloWorld", "--model", "no-such.nlu", "--contextual-head", "en"])
        #expect(chat.status == 64)
        #expect(chat.stderr.contains("--contextual-head is for the model trained at start"), "\(chat.stderr)")
    }

    @Test func anUnknownEncoderIsAUsageError() throws {
        for (tool, args) in [("nlu-chat", ["InteractionModels/HelloWorld"]), ("nlu-classify", ["--skill", "InteractionModels/HelloWorld", "hi"])] {
            let run = try Tools.run(tool, args + ["--contextual-head", "klingon"])
            #expect(run.status == 64, "\(tool)")
            #expect(run.stderr.contains("no sentence encoder named 'klingon' is shipped"), "\(tool): \(run.stderr)")
        }
    }
}
