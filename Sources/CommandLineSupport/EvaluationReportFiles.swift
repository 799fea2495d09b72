import ArgumentParser
import Foundation

/// Writes the report files a tool was asked for (`--report`, `--report-json`), each
/// atomically, so a failed write never leaves half a report.
public enum EvaluationReportFiles {
    /// Writes the HTML report to `html` and the JSON one to `json` (either may be nil); on a
    /// failure says why on standard error, prefixed with `tool`, and throws exit status 73.
    public static func write(_ figures: EvaluationFigures, html: String?, json: String?, tool: String) throws {
        for (path, text) in [(html, { EvaluationReportHTML.render(figures) }), (json, { EvaluationReportJSON.render(figures) })] {
            guard let path else { continue }
            do {
                try Data(text().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                SkillLoading.printError("\(tool): cannot write the report \(path): \(error.localizedDescription)")
                throw ExitCode.cannotCreate
            }
        }
    }

    /// The command line as a shell would take it back: each argument quoted when it needs to be.
    public static func commandLine(_ arguments: [String] = CommandLine.arguments) -> String {
        arguments.enumerated().map { i, a in
            let word = i == 0 ? (a as NSString).lastPathComponent : a
            let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)
            }
            return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
