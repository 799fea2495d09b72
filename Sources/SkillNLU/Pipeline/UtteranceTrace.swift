import BuiltInValues
/// Everything one classification found about one utterance, stage by stage: its tokens, the
/// value spans, the classifier's scores, the joint readings, the decision with the rules that
/// made it, the slot values and the answer. `classify` returns its ``result``; ``Explanation``
/// renders the rest, so that the explanation is of the very run that answered.
package struct UtteranceTrace {
    /// The utterance as classified: the input, cut at ``NLUModel/maximumUtteranceLength``.
    var text: String
    /// Whether the input was cut.
    var truncated = false
    /// Whether the classifier's scores are recorded even when an earlier layer decides without
    /// them (an explanation lists them).
    var recordsScores: Bool

    // Tokens (TokenizeStage).
    package var tokens: [Token] = []
    var scalars: [Unicode.Scalar] = []
    var keys: [UInt64] = []

    // Value spans (ValueSpanStage).
    /// The listed values and synonyms the utterance says.
    var gazetteer: [PhraseTrie.Match] = []
    /// The values the built-in parsers read.
    var builtIns: [BuiltInSpan] = []
    /// The caller's dynamic values the utterance says.
    var dynamicSpans: [(start: Int, end: Int, type: Int32)] = []
    /// Per token, the listed, parsed and dynamic values starting there, with their schema types.
    var valueSpans = ValueSpans()
    /// The tagger's typed spans, made when a stage first needs them (``typedSpans(_:)``).
    var spans: [TypedSpan]?

    // Scores (IntentScoreStage, JointDecodingStage).
    /// The intent classifier's probabilities (mixed with the language pack's scorer), by intent index.
    package var probabilities: [Float]?
    /// Intent indices, most probable first: the leading ones the stages and the answer read
    /// (``rankedCount(_:)``), every intent when scores are recorded for an explanation.
    package var ranking: [Int] = []
    /// What the contextual head said, when the tier ran the encoder (ContextualIntentStage).
    package var contextual: ContextualReading?
    /// The intents joint decoding read, in the order they were read.
    package var readings: [JointReading] = []
    /// Where in ``readings`` the reading whose slots the answer takes is, when the statistical
    /// layer chose one (an index: a copy of the reading would retain each of its arrays).
    var best: Int?

    // Decision and slots.
    package var decision: TraceDecision?
    /// What the app's matchers said before a decision that did not decide (a matcher that
    /// failed or was outranked), for the explanation; after one they join its rules.
    package var matcherRules: [DecisionRule] = []
    /// The slot spans of the answer and how they were found (SlotValueStage turns them into values).
    var slotSpans: SlotSpans?
    /// The slot values (SlotValueStage).
    var slots = FilledSlots()
    /// The answer (AnswerStage), set by ``answer(_:)``.
    package private(set) var result: NLUResult?
    /// Whether ``result`` is set: the pipeline asks before every stage, and comparing the
    /// optional result with nil copied it.
    private(set) var answered = false

    init(text: String, recordsScores: Bool) {
        self.text = text
        self.recordsScores = recordsScores
    }

    /// The tagger's typed spans: listed, parsed and dynamic values.
    mutating func typedSpans(_ model: NLUModel) -> [TypedSpan] {
        if let spans { return spans }
        let found = model.finder.spans(from: gazetteer, keys: keys, builtIns: builtIns)
            + dynamicSpans.map { TypedSpan(start: $0.start, end: $0.end, typeKey: model.finder.typeKeys[Int($0.type)]) }
        spans = found
        return found
    }

    /// How many intents ``ranking`` holds in `context` (``IntentRanking/leadingCount(topK:recordsScores:)``).
    func rankedCount(_ context: ClassificationContext) -> Int {
        IntentRanking.leadingCount(topK: context.topK, recordsScores: recordsScores)
    }

    /// Ends the pipeline with `result`.
    mutating func answer(_ result: consuming NLUResult) {
        self.result = result
        answered = true
    }

    /// The result, moved out of the trace (``result`` is nil afterwards).
    mutating func takeResult() -> NLUResult? {
        answered = false
        return result.take()
    }

    /// The classifier's probability of intent `i`.
    func probability(_ i: Int) -> Double { probabilities.map { Double($0[i]) } ?? 0 }
}

/// The answer's intent as the stages decided it, with the rules that did.
package struct TraceDecision {
    var intent: Int
    var confidence: Double
    var layer: DecisionLayer
    /// The rules applied, in order; the last one decided.
    package var rules: [DecisionRule]
    /// The sample an exact match spelled.
    var matchedSample: String? = nil
    /// The app's matcher that decided.
    var matcher: String? = nil
    /// Whether the answer lists the classifier's other intents (not for an elicited slot's own sample).
    var listsAlternatives = true
}

/// Slot spans of the answer's intent, before they become Alexa-style values.
struct SlotSpans {
    var intent: Int
    var assignments: [NLUModel.Assignment]
    var source: SlotSource
    /// Values an app's matcher gave for its spans, by slot name and the span's first scalar:
    /// they replace the model's reading of those words (``MatcherOutcome/Slot/value``).
    var givenValues: [GivenValue: String] = [:]
}

/// Where a value given by an app's matcher goes: the slot and the span's first scalar.
struct GivenValue: Hashable {
    var slot: String
    var start: Int
}
