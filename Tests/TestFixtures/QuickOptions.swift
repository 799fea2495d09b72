import SkillNLU

extension TrainingOptions {
    /// Quick settings for the tests' models (8 classifier and 6 tagger epochs, an intent with
    /// slots filled up to 200 utterances rather than 2,000, no contextual head): tests check behaviour, not accuracy
    /// figures, and a default-options model costs several times as much in a debug build.
    /// `nlu-bench` and `make annotations` judge the default models.
    public static var quick: TrainingOptions { quick(utterancesPerIntent: 200) }

    /// ``quick`` with an intent that has slots filled up to `utterancesPerIntent` generated
    /// utterances, for the few tests whose setting needs a model trained on more data.
    public static func quick(utterancesPerIntent: Int) -> TrainingOptions {
        var options = TrainingOptions()
        options.generation.minimumPerIntent = utterancesPerIntent
        var classifier = IntentClassifierOptions()
        classifier.epochs = 8
        options.classifier = classifier
        options.tagger.epochs = 6
        // The contextual head costs an encoder pass per training utterance, slow in a debug
        // build; its own suites train it.
        options.contextualHead = "none"
        return options
    }

    /// The bundled PizzaShop model's options, the same in every test target so that a run trains
    /// it once: 500 utterances an intent, on which its tagger reads a misheard time ("deliver it
    /// tomorrow at fore") as the time, as the hypotheses tests need (on 200 it does not).
    public static var quickPizzaShop: TrainingOptions { quick(utterancesPerIntent: 500) }
}
