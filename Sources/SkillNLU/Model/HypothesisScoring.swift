/// How ``NLUModel/classify(hypotheses:context:scoring:)`` weighs the recogniser against the
/// language understanding. Every term is a natural logarithm, so a term of `-0.69` halves the
/// odds of a hypothesis and the terms simply add.
///
/// The defaults encode what is known about recogniser errors on short commands: a
/// misrecognition rarely spells one of the skill's own sample utterances word for word, and it
/// rarely lands on a listed slot value or a readable number or date. Those two signals are
/// worth more than a small difference in recogniser confidence, but not more than a large one
/// — the recogniser still heard the audio and the NLU did not.
public struct HypothesisScoring: Sendable, Equatable, Codable {
    /// Multiplies log(recogniser confidence). 1 treats the recogniser's confidence as a
    /// probability on the same footing as the NLU's.
    public var recogniserWeight: Double = 1
    /// Added when the hypothesis matches a sample utterance exactly (log 3 ≈ 1.1: an exact
    /// sample beats a hypothesis the recogniser found up to three times as likely).
    public var exactMatchBonus: Double = 1.1
    /// Added when the reading falls back to AMAZON.FallbackIntent (log ¼): a hypothesis the
    /// skill cannot understand is unlikely to be what the user said to it.
    public var fallbackPenalty: Double = -1.4
    /// Added per custom-type slot value that resolves to none of the type's values (log ½).
    /// Custom types are not enumerations, so an unlisted value is allowed — it is only less
    /// likely than a listed one to be a correct transcription.
    public var unresolvedSlotPenalty: Double = -0.7
    /// Added per slot of a number, date, time or duration type whose words no parser reads
    /// (log ¼): "at for o'clock" is a misrecognition far more often than a real value.
    public var unparsedBuiltInPenalty: Double = -1.4
    /// A hypothesis without a confidence gets that of the nearest hypothesis above it with
    /// one (1 for the top), times this per place below it: recognisers list best first, so
    /// order alone still says something.
    public var missingConfidenceDecay: Double = 0.9

    public init() {}
}

/// The parts of a hypothesis's joint score (natural logarithms; ``total`` is their sum).
public struct HypothesisScore: Sendable, Equatable, Codable {
    /// `recogniserWeight · log(confidence)`.
    public var recogniser: Double
    /// log of the reading's intent confidence (0 for an exact sample match), plus
    /// ``HypothesisScoring/fallbackPenalty`` when the reading fell back.
    public var intent: Double
    /// ``HypothesisScoring/exactMatchBonus`` for an exact sample match, else 0.
    public var exactMatch: Double
    /// Over every slot value: log of the tagger's confidence in the span, plus the penalties for
    /// values that do not resolve or parse; fuzzy resolutions add log of their similarity.
    public var slots: Double

    public var total: Double { recogniser + intent + exactMatch + slots }

    public init(recogniser: Double, intent: Double, exactMatch: Double, slots: Double) {
        self.recogniser = recogniser
        self.intent = intent
        self.exactMatch = exactMatch
        self.slots = slots
    }
}

/// One hypothesis of an n-best list with its reading and score.
public struct HypothesisReading: Sendable, Equatable, Codable {
    /// Its place in the recogniser's list, from 0.
    public var index: Int
    public var hypothesis: RecognitionHypothesis
    /// The confidence the score used: the recogniser's, or the one derived for a hypothesis
    /// that had none (see ``HypothesisScoring/missingConfidenceDecay``).
    public var recogniserConfidence: Double
    /// What the model understood of the hypothesis alone.
    public var result: NLUResult
    public var score: HypothesisScore
}

/// The best joint reading of an n-best list, and every other reading ranked below it.
public struct NBestResult: Sendable, Equatable, Codable {
    /// Every hypothesis's reading, best joint score first; on equal scores the recogniser's
    /// order is kept.
    public var readings: [HypothesisReading]

    /// The chosen reading.
    public var best: HypothesisReading { readings[0] }
    /// What was understood: the chosen hypothesis's result.
    public var result: NLUResult { readings[0].result }
    /// The chosen hypothesis's place in the recogniser's list (0 when it kept the top one).
    public var chosenIndex: Int { readings[0].index }
    /// The other readings, best first.
    public var alternatives: ArraySlice<HypothesisReading> { readings.dropFirst() }
}
