import ArgumentParser
import CommandLineSupport
import InteractionModel

/// Trains and writes the model. Placeholder until the training path is built: the lead
/// replaces this file; the model given here is already imported, validated and tidied, and
/// its findings were printed.
func train(model: InteractionModel, findings: [Finding], options: TrainOptions) throws {
    SkillLoading.printError("nlu-train: training is not available in this build")
    throw ExitCode.usage
}
