import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillDialog
import SkillNLU

/// The language understanding the chat runs on: the model file given with `--model`, or a model
/// trained from the interaction model at start.
enum ChatUnderstanding {
    static func make(for interactionModel: InteractionModel, modelPath: String?) throws -> any LanguageUnderstanding {
        guard let modelPath else {
            do {
                return try NLUModel.train(from: interactionModel)
            } catch {
                SkillLoading.printError("nlu-chat: cannot train a model for this skill: \(error)")
                throw ExitCode.dataError
            }
        }
        guard FileManager.default.fileExists(atPath: modelPath) else {
            SkillLoading.printError("nlu-chat: \(modelPath): no such model file (train one with nlu-train).")
            throw ExitCode.noInput
        }
        let model: NLUModel
        do {
            model = try NLUModel(contentsOf: URL(fileURLWithPath: modelPath))
        } catch {
            SkillLoading.printError("nlu-chat: \(modelPath): \(error)")
            throw ExitCode.dataError
        }
        let missing = Set(interactionModel.languageModel.intents.map(\.name)).subtracting(model.intentNames)
        if !missing.isEmpty {
            SkillLoading.printError("nlu-chat: warning: \(modelPath) was not trained on this skill's intents; "
                + "retrain it with nlu-train.")
        }
        return model
    }
}
