import Foundation
import InteractionModel

/// Fuzz target: bytes → `Importer.importModel` (parse, read, validate, tidy).
///
/// Besides not crashing, the importer must explain every refusal (an error with a message and
/// at least one error finding), give every finding a message, and keep its own output
/// readable: a model it accepts, written back as JSON and imported again, is still accepted.
public enum ImporterFuzzer {
    /// What went wrong importing this fuzz input (empty when nothing did).
    public static func violations(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let result: ImportResult
        do {
            result = try Importer.importModel(json: bytes, file: "fuzz.json")
        } catch {
            if error.description.isEmpty { problems.append("an import error without a description") }
            if !error.findings.contains(where: \.isError) { problems.append("an import error without an error finding") }
            return problems
        }
        for finding in result.findings where finding.message.isEmpty || finding.description.isEmpty {
            problems.append("a \(finding.rule) finding without a message")
        }
        guard result.isValid else { return problems }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let json = try encoder.encode(result.model)
            let again = try Importer.importModel(json: Array(json), file: "fuzz-again.json")
            if !again.isValid {
                let errors = again.errors.map(\.description).joined(separator: "; ")
                problems.append("an accepted model, written back as JSON, is refused: \(errors)")
            }
        } catch {
            problems.append("an accepted model cannot be written back and read again: \(error)")
        }
        return problems
    }
}
