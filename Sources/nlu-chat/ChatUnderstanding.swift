import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillDialog

/// The language understanding the chat runs on.
///
/// It is the trained `NLUModel`: loaded from `--model`, or trained from the interaction model at
/// start. `NLUModel` is not in this build yet (it lands with the classifier and tagger work),
/// so for now the command stops here with a clear message; once it lands, this is the only
/// place to change:
///
///     let nlu = try modelPath.map { try NLUModel(contentsOf: URL(fileURLWithPath: $0)) }
///         ?? NLUModel.train(from: interactionModel)
///     return nlu   // NLUModel conforms to LanguageUnderstanding in SkillDialog
enum ChatUnderstanding {
    static func make(for interactionModel: InteractionModel, modelPath: String?) throws -> any LanguageUnderstanding {
        SkillLoading.printError("nlu-chat: this build has no NLU engine yet (NLUModel is not on main); nothing to converse with.")
        throw ExitCode(69)   // EX_UNAVAILABLE
    }
}
