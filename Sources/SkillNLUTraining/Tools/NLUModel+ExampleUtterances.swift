extension NLUModel {
    /// A few representative example utterances per intent, filled with real slot values: the
    /// model's answer to "what can I say?" (see ``ExampleSelector``).
    ///
    /// Only examples this model understands as their intent are shown (an intent whose
    /// candidates it all misreads keeps them, unchecked).
    public func exampleUtterances(perIntent: Int = 3) -> [IntentExamples] {
        ExampleSelector(schema: schema).examples(perIntent: perIntent) { text, intent in
            classify(text).intent?.name == intent
        }
    }
}
