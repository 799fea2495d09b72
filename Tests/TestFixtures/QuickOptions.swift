import SkillNLU

extension TrainingOptions {
    /// Quick settings for the tests' models (8 classifier and 6 tagger epochs, an intent with
    /// slots filled up to 200 utterances rather than 2,000): tests check behaviour, not accuracy
    /// figures, and a default-options model costs several times as much in a debug build.
    /// `nlu-bench` and `make annotations` judge the default models.
    public static var quick: TrainingOptions {
        var options = TrainingOptions()
        options.generation.minimumPerIntent = 200
        var classifier = IntentClassifierOptions()
        classifier.epochs = 8
        options.classifier = classifier
        options.tagger.epochs = 6
        return options
    }

    /// ``quick`` with the default amount of generated data, for the few tests whose setting
    /// needs a model trained on that much: a tagger that reads a misheard word as the value
    /// it stands for, a fallback intent taught by negatives as a share of every intent's data.
    public static var quickWithFullData: TrainingOptions {
        var options = quick
        options.generation.minimumPerIntent = GenerationOptions().minimumPerIntent
        return options
    }
}
