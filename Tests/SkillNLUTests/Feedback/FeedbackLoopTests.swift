import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The whole loop on a small skill: an utterance the model misreads is judged wrong with what it
/// meant, the log trains a new model, and the new model understands it — and still every sample.
@Suite struct FeedbackLoopTests {
    @Test func aCorrectedTurnIsUnderstoodAfterRetrainingAndEverySampleStillIs() throws {
        let skill = try FeedbackTrainingTests.skill
        // Without the contextual head, which could know "starving" from other words for hunger:
        // the loop is what is checked here, on an utterance the samples' words do not reach.
        var plain = TrainingOptions()
        plain.contextualHead = "none"
        let before = try NLUModel.train(from: skill, options: plain)
        let text = "i am starving"
        let misread = before.classify(text)
        try #require(misread.intent?.name != "OrderIntent", "the test needs an utterance the first model gets wrong")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = FeedbackLog(url: directory.appendingPathComponent("feedback.jsonl"))
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        try log.append(.wrong(misread, intent: "OrderIntent"))
        let heard = before.classify("when are you open")
        try log.append(.right(heard))

        let training = FeedbackTraining(entries: try log.read().entries, for: skill)
        #expect(training.utterances.count == 2 && training.skipped.isEmpty)
        var options = plain
        options.annotated = training.utterances
        let after = try NLUModel.train(from: skill, options: options)
        #expect(after.classify(text).intent?.name == "OrderIntent")

        let check = after.sampleCheck()
        #expect(check.correct == check.total, "\(check.misses.map { "\($0.sample) → \($0.predicted)" })")
        for intent in skill.languageModel.intents {
            for sample in intent.samples {
                let filled = sample.replacingOccurrences(of: "{size}", with: "large")
                #expect(after.classify(filled).intent?.name == intent.name, "\(filled)")
            }
        }
    }
}
