import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillDialog
import SkillNLU
import SkillNLUTraining

/// The language understanding the chat runs on: the model file given with `--model`, or a model
/// trained from the interaction model at start.
enum ChatUnderstanding {
    /// - Parameters:
    ///   - locale: the `--locale` given, which must be the model's own.
    ///   - options: how a model trained at start is trained (the `--contextual-head` given).
    static func make(for interactionModel: InteractionModel, modelPath: String?, locale: String?,
                     options: TrainingOptions = TrainingOptions()) throws -> any LanguageUnderstanding {
        guard let modelPath else {
            do {
                return try NLUModel.train(from: interactionModel, options: options)
            } catch {
                SkillLoading.printError("nlu-chat: cannot train a model for this skill: \(error)")
                throw ExitCode.dataError
            }
        }
        let model = try ModelLoading.loadOrExit(modelPath, tool: "nlu-chat")
        try ModelLoading.checkLocale(locale, of: model, at: modelPath, tool: "nlu-chat")
        try checkTrained(model, at: modelPath, from: interactionModel)
        return model
    }

    /// Refuses a model that was not trained from this skill as it is now (another skill, an
    /// older version of it, another locale): its answers would name intents and slots the
    /// dialog model does not have, or miss new ones, and the chat would mislead. Exit 65.
    static func checkTrained(_ model: NLUModel, at path: String, from interactionModel: InteractionModel) throws {
        guard !model.isTrained(from: interactionModel) else { return }
        let trained = model.interactionModel
        let reason: String
        if trained.locale != interactionModel.locale {
            reason = "it was trained for \(trained.locale) and the skill was loaded for \(interactionModel.locale)"
        } else {
            let skillIntents = Set(interactionModel.languageModel.intents.map(\.name))
            let modelIntents = Set(trained.languageModel.intents.map(\.name))
            let missing = skillIntents.subtracting(modelIntents).sorted()
            let extra = modelIntents.subtracting(skillIntents).sorted()
            if !missing.isEmpty {
                reason = "it does not know the skill's intent\(missing.count == 1 ? "" : "s") \(missing.prefix(5).joined(separator: ", "))"
            } else if !extra.isEmpty {
                reason = "it has intent\(extra.count == 1 ? "" : "s") the skill does not (\(extra.prefix(5).joined(separator: ", ")))"
            } else {
                reason = "it was trained from another version of the skill (samples, slot types or dialog differ)"
            }
        }
        SkillLoading.printError("nlu-chat: error: \(path) was not trained from this skill: \(reason); "
                                + "retrain it with nlu-train, or leave out --model to train at start.")
        throw ExitCode.dataError
    }
}
