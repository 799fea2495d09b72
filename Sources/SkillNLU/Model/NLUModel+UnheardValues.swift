import BuiltInValues

/// A word nobody taught the model, said beside the words that surround a slot in the samples,
/// fills that slot when the tagger left it empty.
extension NLUModel {
    /// `assignments` of intent `intent` with its one slot of an unparsed type (a custom list,
    /// free text, a built-in list such as first names) filled by a run of words the
    /// classifier never saw, when the tagger gave that slot nothing and exactly one such run
    /// stands right beside a word the intent's samples say next to a slot ("eine", "sauce" of
    /// "wie mache ich eine {Item} sauce").
    ///
    /// The tagger reads an unheard word by its neighbours, in the order the samples put them:
    /// "eine sauce hollandaise" says the carrier before the value where every sample says it
    /// after, so the value is left out, and the answer would name the intent without the one
    /// thing it is about. A run is made of words neither the language's function words, its
    /// request openers ("gern" of "ich hätte gern") nor the samples' carrier words hold
    /// (``SampleCarriers/wordsOfNoValue()``, ``RequestWords``), and takes in words of
    /// the type's listed forms beside it ("senf" of "honig senf" before an unheard "dill"). An
    /// intent with several such slots gains nothing: nothing says whose value the run is.
    /// The tagger gave the value no marginal: its confidence is ½ when
    /// ``ClassificationContext/slotConfidence`` asks for confidences, else 1.
    func withUnheardValue(_ assignments: [Assignment], intent: Int, tokens: [Token], keys: [UInt64],
                          context: ClassificationContext) -> [Assignment] {
        let slots = schema.intents[intent].slots
        // The one slot of an unparsed type, found without listing them: a second ends the search.
        var slot = -1
        for k in slots.indices where schema.types[slots[k].type].builtInKind == nil {
            guard slot < 0 else { return assignments }
            slot = k
        }
        guard slot >= 0, !assignments.contains(where: { $0.slot == slot }) else { return assignments }
        let phrases = sampleCarriers.phrases(of: intent)
        let beside = Set(phrases.leading.oneKeyRuns).union(phrases.trailing.oneKeyRuns)
        guard !beside.isEmpty else { return assignments }
        // Two sets asked in turn: their union would copy the skill's carrier words each time.
        let noValue = sampleCarriers.wordsOfNoValue(), openers = sampleCarriers.requestWords.openers
        let seen = classifier.seenWords(tokens)
        // Read only beside a run, and only for a word that may be a value: the type's forms are
        // in the interaction model, which classification otherwise leaves undecoded.
        lazy var listedWords = sampleCarriers.words(of: slots[slot].type)
        func isFree(_ t: Int) -> Bool { !assignments.contains { $0.start <= t && t < $0.end } && !noValue.contains(keys[t]) && !openers.contains(keys[t]) }
        func isUnheard(_ t: Int) -> Bool { tokens[t].kind == .word && !seen[t] && isFree(t) }
        func isListedWord(_ t: Int) -> Bool { tokens[t].kind == .word && isFree(t) && listedWords.contains(keys[t]) }
        var found: Range<Int>?
        var t = 0
        while t < tokens.count {
            guard isUnheard(t) else { t += 1; continue }
            var lower = t, upper = t + 1
            while upper < tokens.count, isUnheard(upper) || isListedWord(upper) { upper += 1 }
            while lower > 0, isListedWord(lower - 1) { lower -= 1 }
            t = upper
            let besideCarrier = (lower > 0 && beside.contains(keys[lower - 1])) || (upper < tokens.count && beside.contains(keys[upper]))
            guard besideCarrier else { continue }
            guard found == nil else { return assignments }
            found = lower..<upper
        }
        guard let found else { return assignments }
        var out = assignments
        out.append((slot, found.lowerBound, found.upperBound, context.slotConfidence ? 0.5 : 1))
        return out
    }
}
