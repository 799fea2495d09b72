import ArgumentParser
import Foundation
import SkillNLU

/// Loading a model file written by `nlu-train`, with the exit codes the tools share: 66 when
/// the file is missing or cannot be read, 65 when it is not a valid model (wrong magic bytes,
/// truncated, damaged, from a newer SkillNLU).
public enum ModelLoading {
    /// The exit code for an error thrown by `NLUModel(contentsOf:)`.
    public static func exitCode(for error: Error) -> ExitCode {
        error is ModelIOError ? .noInput : .dataError
    }

    /// Loads the model at `path`, or prints why not (prefixed with `tool`) and throws the exit code.
    public static func loadOrExit(_ path: String, tool: String) throws -> NLUModel {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            SkillLoading.printError("\(tool): no model file at \(path); train one with nlu-train")
            throw ExitCode.noInput
        }
        if isDirectory.boolValue {
            SkillLoading.printError("\(tool): \(path) is a directory, not a model file; give the file nlu-train wrote (or use --skill for a skill directory)")
            throw ExitCode.noInput
        }
        do {
            return try NLUModel(contentsOf: URL(fileURLWithPath: path))
        } catch {
            SkillLoading.printError("\(tool): \(path): \(error)")
            throw exitCode(for: error)
        }
    }

    /// Refuses (exit 64) a `--locale` that disagrees with the locale the model at `path` was
    /// trained for: the tool would answer in the model's language whatever the option says.
    public static func checkLocale(_ given: String?, of model: NLUModel, at path: String, tool: String) throws {
        guard let given, given != model.interactionModel.locale else { return }
        SkillLoading.printError("\(tool): --locale \(given) disagrees with \(path), a model trained for "
                                + "\(model.interactionModel.locale); drop --locale or train a \(given) model with nlu-train")
        throw ExitCode.usage
    }
}
