import InteractionModel
import SkillNLU

/// Everything `nlu-train` was asked besides the model itself, handed to ``train(model:findings:options:)``.
struct TrainOptions {
    /// The SKILL argument as given.
    var skill: String
    /// Where the model came from: file, format, locale, skill name, source map.
    var source: ModelSource
    /// `-o`: the model file to write; nil for the default.
    var output: String?
    var seed: UInt64?
    /// `--annotated`: extra annotated utterances (JSON lines).
    var annotated: String?
    /// `--language-pack`: the shipped pack to read utterances through, or nil for none.
    var languagePack: String?
    /// `--word-clusters`: the shipped word clusters the slot tagger reads, or nil for none.
    var wordClusters: String?
    /// `--contextual-head`: the shipped sentence encoder to train a contextual head over, or nil for none.
    var contextualHead: String?
    /// `--precision`: the classifier tables' precision, or nil for the recommended one.
    var precision: IntentClassifierOptions.Precision?
    var strict: Bool
    var quiet: Bool
    var verbose: Bool

    /// `<skill-name>.<locale>.nlu` in the current directory.
    var defaultOutput: String { "\(source.skillName).\(source.locale).nlu" }

    /// The file to write.
    var outputPath: String { output ?? defaultOutput }
}
