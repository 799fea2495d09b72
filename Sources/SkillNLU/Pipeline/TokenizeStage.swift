import BuiltInValues
/// Cuts over-long input and splits the utterance into tokens; empty input is answered here
/// (no intent).
struct TokenizeStage: UtteranceStage {
    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        // A text of no more UTF-8 bytes than the limit has no more scalars either: its length
        // is known without counting them.
        if trace.text.utf8.count > NLUModel.maximumUtteranceLength,
           trace.text.unicodeScalars.count > NLUModel.maximumUtteranceLength {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: trace.text.unicodeScalars.prefix(NLUModel.maximumUtteranceLength))
            trace.text = String(view)
            trace.truncated = true
        }
        // The scalars come from the tokenizer's own pass over the text.
        let (tokens, scalars) = model.schema.tokenizer.tokenizeKeepingScalars(trace.text)
        trace.tokens = tokens
        guard !trace.tokens.isEmpty else {
            trace.answer(NLUResult(text: trace.text, intent: nil, truncated: trace.truncated))
            return
        }
        trace.scalars = scalars
        // Each token's folded form read in place: mapping the tokens copied each one.
        var keys = [UInt64](filled: 0, count: trace.tokens.count)
        trace.tokens.withUnsafeBufferPointer { tokens in
            for i in tokens.indices { keys[i] = PhraseTrie.key(folded: tokens[i].folded) }
        }
        trace.keys = keys
    }
}
