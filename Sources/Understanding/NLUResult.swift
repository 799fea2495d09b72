/// What the engine understood of one utterance: the intent, how sure it is, the runners-up,
/// and the slots with Alexa-style values and entity resolutions.
public struct NLUResult: Sendable, Codable, Equatable {
    /// The utterance as given (after truncation, if it was too long).
    public var text: String
    /// The chosen intent, or `nil` for an empty utterance.
    public var intent: IntentHypothesis?
    /// The next most likely intents, best first (not including ``intent``).
    public var alternatives: [IntentHypothesis]
    /// Slots of the chosen intent that were found, in the order they appear in the input.
    public var slots: [SlotValue]
    /// Further values of slots that take one value, in input order: what Alexa's request
    /// leaves out.
    ///
    /// Alexa reports one value per slot name, so a slot said twice ("from boston or from
    /// denver", "at eight or nine") keeps its first value in ``slots``, as on the speaker. The
    /// other spans the engine found are kept here rather than thrown away: a handler that wants
    /// every city can read them, and an evaluation that scores every span (as the ATIS and SNIPS
    /// metrics do) can count them. A `multipleValues` slot gathers all its spans in
    /// ``SlotValue/values`` instead, so it never appears here.
    public var repeatedSlots: [SlotValue]
    /// Which layer decided the intent.
    public var decidedBy: DecisionLayer
    /// The sample utterance that matched, when ``decidedBy`` is ``DecisionLayer/exact``.
    public var matchedSample: String?
    /// The name of the app's matcher that decided, when ``decidedBy`` is
    /// ``DecisionLayer/matcher``.
    public var matcher: String?
    /// Whether the input was longer than the engine reads (SkillNLU's
    /// `NLUModel.maximumUtteranceLength`) and was cut.
    public var truncated: Bool

    public init(text: String, intent: IntentHypothesis?, alternatives: [IntentHypothesis] = [],
                slots: [SlotValue] = [], repeatedSlots: [SlotValue] = [], decidedBy: DecisionLayer = .model,
                matchedSample: String? = nil, matcher: String? = nil, truncated: Bool = false) {
        self.text = text
        self.intent = intent
        self.alternatives = alternatives
        self.slots = slots
        self.repeatedSlots = repeatedSlots
        self.decidedBy = decidedBy
        self.matchedSample = matchedSample
        self.matcher = matcher
        self.truncated = truncated
    }

    /// Decodes a result; `repeatedSlots` and `matcher` may be absent (results encoded before
    /// they existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        intent = try c.decodeIfPresent(IntentHypothesis.self, forKey: .intent)
        alternatives = try c.decode([IntentHypothesis].self, forKey: .alternatives)
        slots = try c.decode([SlotValue].self, forKey: .slots)
        repeatedSlots = try c.decodeIfPresent([SlotValue].self, forKey: .repeatedSlots) ?? []
        decidedBy = try c.decode(DecisionLayer.self, forKey: .decidedBy)
        matchedSample = try c.decodeIfPresent(String.self, forKey: .matchedSample)
        matcher = try c.decodeIfPresent(String.self, forKey: .matcher)
        truncated = try c.decode(Bool.self, forKey: .truncated)
    }

    /// The slot with this name, if it was found.
    public func slot(named name: String) -> SlotValue? { slots.first { $0.name == name } }

    /// Every value found for this slot, in input order: the reported one, a `multipleValues`
    /// slot's further values, and repeated spans of a single-value slot.
    public func allValues(ofSlot name: String) -> [SlotValue] {
        let reported = slots.filter { $0.name == name }.flatMap { $0.values ?? [$0] }
        let repeated = repeatedSlots.filter { $0.name == name }
        return (reported + repeated).sorted { $0.start < $1.start }
    }
}

/// An intent and the probability the engine gives it.
public struct IntentHypothesis: Sendable, Codable, Equatable {
    public var name: String
    /// A calibrated probability in 0…1; 1.0 for an exact sample match.
    public var confidence: Double

    public init(name: String, confidence: Double) {
        self.name = name
        self.confidence = confidence
    }
}

/// The layer of the engine that chose the intent.
public enum DecisionLayer: String, Sendable, Codable, Equatable {
    /// The utterance matched a sample utterance of the model, its slots filled with values of
    /// the right type.
    case exact
    /// The statistical classifier chose it.
    case model
    /// A dialog was asking for a slot and the answer was read as that slot's value (an unlisted
    /// value, a free phrase, or a value among carrier words): no other intent had evidence
    /// enough to take the turn. See ``UnderstandingContext/elicitingSlot``.
    case elicitation
    /// Nothing in the model was close enough: AMAZON.FallbackIntent.
    case fallback
    /// An app's ``Matcher`` answered; ``NLUResult/matcher`` names it.
    case matcher
}

/// How a slot value was found.
public enum SlotSource: String, Sendable, Codable, Equatable {
    /// From an exact sample match.
    case sample
    /// A listed value or synonym of the slot type (gazetteer).
    case gazetteer
    /// A built-in parser (numbers, dates, times, durations …).
    case builtIn
    /// The statistical tagger, for a value the model does not list.
    case tagger
    /// An app's ``Matcher`` gave the span (its value and resolutions are the model's reading
    /// of those words).
    case matcher
}

/// A filled slot, as Alexa reports it.
public struct SlotValue: Sendable, Codable, Equatable {
    public var name: String
    /// The slot type: a custom type's name or `AMAZON.*`.
    public var type: String
    /// Alexa's `value`: the spoken words for custom types, the normalised value for built-ins
    /// (`"23"`, `"2026-11-22"`, `"PT10M"`).
    public var value: String
    /// The exact substring of the input.
    public var rawValue: String
    /// Unicode-scalar offsets of ``rawValue`` in the input, end exclusive.
    public var start: Int
    public var end: Int
    /// Entity resolution against the slot type's values, synonyms and dynamic entities.
    public var resolutions: Resolutions?
    /// How sure the tagger is of the span, in 0…1: 1 for a value the tagger did not find, and
    /// for every value when the caller did not ask for slot confidences (SkillNLU's
    /// `ClassificationContext.slotConfidence`, off by default; Alexa reports none).
    public var confidence: Double
    /// How the value was found.
    public var source: SlotSource
    /// For a `multipleValues` slot, each value (the first is also this slot's own value).
    public var values: [SlotValue]?

    public init(name: String, type: String, value: String, rawValue: String, start: Int, end: Int,
                resolutions: Resolutions? = nil, confidence: Double = 1, source: SlotSource = .tagger,
                values: [SlotValue]? = nil) {
        self.name = name
        self.type = type
        self.value = value
        self.rawValue = rawValue
        self.start = start
        self.end = end
        self.resolutions = resolutions
        self.confidence = confidence
        self.source = source
        self.values = values
    }

    /// The first resolved value's canonical name and id, when resolution succeeded.
    public var resolvedValue: ResolvedValue? {
        resolutions?.resolutionsPerAuthority.first { $0.status.code == .successMatch }?.values.first?.value
    }
}

/// Alexa's `resolutions` object.
public struct Resolutions: Sendable, Codable, Equatable {
    public var resolutionsPerAuthority: [ResolutionAuthority]

    public init(resolutionsPerAuthority: [ResolutionAuthority]) {
        self.resolutionsPerAuthority = resolutionsPerAuthority
    }
}

/// The resolution of a value against one authority (the skill's slot type, or its dynamic entities).
public struct ResolutionAuthority: Sendable, Codable, Equatable {
    /// `amzn1.er-authority.echo-sdk.<skill>.<Type>`, or `…echo-sdk.dynamic.<skill>.<Type>`.
    public var authority: String
    public var status: ResolutionStatus
    public var values: [ResolutionValueWrapper]

    public init(authority: String, status: ResolutionStatus, values: [ResolutionValueWrapper]) {
        self.authority = authority
        self.status = status
        self.values = values
    }
}

/// `status` of a resolution.
public struct ResolutionStatus: Sendable, Codable, Equatable {
    public enum Code: String, Sendable, Codable, Equatable {
        case successMatch = "ER_SUCCESS_MATCH"
        case successNoMatch = "ER_SUCCESS_NO_MATCH"
        case errorTimeout = "ER_ERROR_TIMEOUT"
        case errorException = "ER_ERROR_EXCEPTION"
    }
    public var code: Code

    public init(code: Code) { self.code = code }
}

/// `values[]` of a resolution: `{ "value": { "name": …, "id": … } }`.
public struct ResolutionValueWrapper: Sendable, Codable, Equatable {
    public var value: ResolvedValue

    public init(value: ResolvedValue) { self.value = value }
}

/// A canonical slot value and its id.
public struct ResolvedValue: Sendable, Codable, Equatable {
    public var name: String
    public var id: String?

    public init(name: String, id: String?) {
        self.name = name
        self.id = id
    }
}
