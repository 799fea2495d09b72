import SkillNLU

extension TrainingOptions {
    /// Quick settings for the tests' models (8 classifier and 6 tagger epochs): tests check
    /// behaviour, not accuracy figures, and a default-options model costs several times as
    /// much in a debug build. `nlu-bench` and `make annotations` judge the default models.
    public static var quick: TrainingOptions {
        var options = TrainingOptions()
        var classifier = IntentClassifierOptions()
        classifier.epochs = 8
        options.classifier = classifier
        options.tagger.epochs = 6
        return options
    }
}
