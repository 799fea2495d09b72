import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// What `--annotated FILE` adds to training: plain annotated utterances (one
/// `{"text", "intent", "slots"}` object per line), or the turns of a feedback log (lines with a
/// `verdict`, as `nlu-chat --feedback` and ``FeedbackLog`` write them) that the skill as it is
/// now can learn from. The file's first line with content decides which.
struct AnnotatedInput {
    var utterances: [LabeledUtterance]
    /// For a feedback log, the summary's lines on what was used and skipped; empty otherwise.
    var feedbackSummary: String

    static func read(_ path: String, for model: InteractionModel) throws -> AnnotatedInput {
        guard let data = FileManager.default.contents(atPath: path) else {
            SkillLoading.printError("nlu-train: cannot read annotated utterances at \(path)")
            throw ExitCode.noInput
        }
        let lines = data.split(separator: 10, omittingEmptySubsequences: false)
        let first = lines.first { !$0.allSatisfy { $0 == 32 || $0 == 13 || $0 == 9 } }
        if let first, FeedbackLog.isEntryLine(first) {
            let contents = FeedbackLog.parse(data)
            let training = FeedbackTraining(entries: contents.entries, for: model)
            return AnnotatedInput(utterances: training.utterances,
                                  feedbackSummary: summary(training, unreadable: contents.unreadableLines, path: path))
        }
        return AnnotatedInput(utterances: try annotated(lines, path: path), feedbackSummary: "")
    }

    /// Plain annotated utterances: a line that is not one is an error (exit 65).
    private static func annotated(_ lines: [Data.SubSequence], path: String) throws -> [LabeledUtterance] {
        var out: [LabeledUtterance] = []
        let decoder = JSONDecoder()
        for (i, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == 32 || $0 == 13 || $0 == 9 }) { continue }
            do {
                out.append(try decoder.decode(LabeledUtterance.self, from: Data(line)))
            } catch {
                SkillLoading.printError("\(path):\(i + 1): not an annotated utterance ({\"text\", \"intent\", \"slots\": [{\"slot\", \"value\", \"start\", \"end\"}]})")
                throw ExitCode.dataError
            }
        }
        return out
    }

    /// "  feedback log.jsonl: 3 judged turns used (2 corrected, 1 judged right), 1 skipped as stale …",
    /// then each skipped turn (ten at most).
    static func summary(_ training: FeedbackTraining, unreadable: [Int], path: String) -> String {
        let used = training.utterances.count
        var parts = ["\(used) judged turn\(used == 1 ? "" : "s") used (\(training.corrected) corrected, \(used - training.corrected) judged right)",
                     "\(training.stale) skipped as stale"]
        let uncorrected = training.skipped.filter { $0.reason == .noCorrection }.count
        if uncorrected > 0 { parts.append("\(uncorrected) judged wrong without a correction") }
        let spanless = training.skipped.count - training.stale - uncorrected
        if spanless > 0 { parts.append("\(spanless) skipped with a slot value not in its text") }
        if !unreadable.isEmpty {
            parts.append("\(unreadable.count) unreadable line\(unreadable.count == 1 ? "" : "s") skipped (line "
                         + unreadable.prefix(5).map(String.init).joined(separator: ", ") + ")")
        }
        var text = "  feedback \(path): " + parts.joined(separator: ", ") + "\n"
        for skipped in training.skipped.prefix(10) {
            text += "    skipped \"\(skipped.entry.text)\": " + describe(skipped.reason) + "\n"
        }
        if training.skipped.count > 10 { text += "    … and \(training.skipped.count - 10) more\n" }
        return text
    }

    static func describe(_ reason: FeedbackTraining.Skip) -> String {
        switch reason {
        case .staleIntent(let name): "stale, the skill has no intent \(name)"
        case .staleSlot(let intent, let slot): "stale, \(intent) has no slot \(slot)"
        case .noCorrection: "judged wrong without saying what was meant"
        case .slotWithoutSpan(let slot, let value): "\(slot)=\(value) is not in the text"
        }
    }
}
