/// A skill's interaction model: what Alexa's developer console builds from the skill JSON.
///
/// The types mirror Alexa's schema field by field so that a model read from JSON and written
/// back keeps its meaning. Decoding is lenient where real skills are untidy (missing arrays,
/// `"id": null`, unknown fields) and strict only where the meaning would be lost; the
/// ``Validator`` reports the rest as findings that name the file and JSON path.
public struct InteractionModel: Codable, Sendable, Equatable {
    /// Intents, slot types and the invocation name.
    public var languageModel: LanguageModel
    /// The dialog model: which slots are required, confirmed or validated, and how.
    public var dialog: DialogModel?
    /// Prompts the dialog model refers to by id.
    public var prompts: [Prompt]
    /// The locale the model is for, such as `en-US`. Not part of Alexa's JSON: the importer
    /// takes it from the command line or the file name.
    public var locale: String

    public init(languageModel: LanguageModel, dialog: DialogModel? = nil, prompts: [Prompt] = [],
                locale: String = "en-US") {
        self.languageModel = languageModel
        self.dialog = dialog
        self.prompts = prompts
        self.locale = locale
    }

    enum CodingKeys: String, CodingKey { case languageModel, dialog, prompts, locale }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        languageModel = try c.decode(LanguageModel.self, forKey: .languageModel)
        dialog = try c.decodeIfPresent(DialogModel.self, forKey: .dialog)
        prompts = try c.decodeIfPresent([Prompt].self, forKey: .prompts) ?? []
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
    }

    /// The intent with this name, if the model declares it.
    public func intent(named name: String) -> Intent? {
        languageModel.intents.first { $0.name == name }
    }

    /// The custom slot type with this name, if the model declares it.
    public func slotType(named name: String) -> SlotType? {
        languageModel.types.first { $0.name == name }
    }

    /// The prompt with this id, if the model declares it.
    public func prompt(id: String) -> Prompt? {
        prompts.first { $0.id == id }
    }
}

/// `interactionModel.languageModel`.
public struct LanguageModel: Codable, Sendable, Equatable {
    public var invocationName: String
    public var intents: [Intent]
    public var types: [SlotType]
    public var modelConfiguration: ModelConfiguration?

    public init(invocationName: String = "", intents: [Intent], types: [SlotType] = [],
                modelConfiguration: ModelConfiguration? = nil) {
        self.invocationName = invocationName
        self.intents = intents
        self.types = types
        self.modelConfiguration = modelConfiguration
    }

    enum CodingKeys: String, CodingKey { case invocationName, intents, types, modelConfiguration }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        invocationName = try c.decodeIfPresent(String.self, forKey: .invocationName) ?? ""
        intents = try c.decodeIfPresent([Intent].self, forKey: .intents) ?? []
        types = try c.decodeIfPresent([SlotType].self, forKey: .types) ?? []
        modelConfiguration = try c.decodeIfPresent(ModelConfiguration.self, forKey: .modelConfiguration)
    }
}

/// An intent with its slots and sample utterances.
public struct Intent: Codable, Sendable, Equatable {
    public var name: String
    public var slots: [Slot]
    public var samples: [String]

    public init(name: String, slots: [Slot] = [], samples: [String] = []) {
        self.name = name
        self.slots = slots
        self.samples = samples
    }

    enum CodingKeys: String, CodingKey { case name, slots, samples }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        slots = try c.decodeIfPresent([Slot].self, forKey: .slots) ?? []
        samples = try c.decodeIfPresent([String].self, forKey: .samples) ?? []
    }

    /// The slot with this name, if the intent declares it.
    public func slot(named name: String) -> Slot? { slots.first { $0.name == name } }

    /// Whether this is one of Amazon's built-in intents (`AMAZON.*`).
    public var isBuiltIn: Bool { name.hasPrefix("AMAZON.") }
}

/// A slot of an intent.
public struct Slot: Codable, Sendable, Equatable {
    public var name: String
    /// A custom type's name or an `AMAZON.*` built-in type.
    public var type: String
    /// Utterances that answer an elicitation of this slot alone ("{city}", "in {city}").
    public var samples: [String]
    /// Whether the slot takes a list of values ("pepperoni, mushrooms and olives").
    public var multipleValues: MultipleValues?

    public init(name: String, type: String, samples: [String] = [], multipleValues: MultipleValues? = nil) {
        self.name = name
        self.type = type
        self.samples = samples
        self.multipleValues = multipleValues
    }

    enum CodingKeys: String, CodingKey { case name, type, samples, multipleValues }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        samples = try c.decodeIfPresent([String].self, forKey: .samples) ?? []
        multipleValues = try c.decodeIfPresent(MultipleValues.self, forKey: .multipleValues)
    }

    /// Whether the slot accepts several values.
    public var acceptsMultipleValues: Bool { multipleValues?.enabled ?? false }
}

/// `slots[].multipleValues`.
public struct MultipleValues: Codable, Sendable, Equatable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
}

/// A custom slot type.
public struct SlotType: Codable, Sendable, Equatable {
    public var name: String
    public var values: [SlotTypeValue]
    /// A catalog-backed type (`valueSupplier`); its values are not in the file.
    public var valueSupplier: ValueSupplier?

    public init(name: String, values: [SlotTypeValue] = [], valueSupplier: ValueSupplier? = nil) {
        self.name = name
        self.values = values
        self.valueSupplier = valueSupplier
    }

    enum CodingKeys: String, CodingKey { case name, values, valueSupplier }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        values = try c.decodeIfPresent([SlotTypeValue].self, forKey: .values) ?? []
        valueSupplier = try c.decodeIfPresent(ValueSupplier.self, forKey: .valueSupplier)
    }
}

/// One value of a custom slot type, with its optional id and synonyms.
public struct SlotTypeValue: Codable, Sendable, Equatable {
    public var id: String?
    public var name: Name

    public struct Name: Codable, Sendable, Equatable {
        public var value: String
        public var synonyms: [String]

        public init(value: String, synonyms: [String] = []) {
            self.value = value
            self.synonyms = synonyms
        }

        enum CodingKeys: String, CodingKey { case value, synonyms }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            value = try c.decode(String.self, forKey: .value)
            synonyms = try c.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        }
    }

    public init(id: String? = nil, value: String, synonyms: [String] = []) {
        self.id = id
        self.name = Name(value: value, synonyms: synonyms)
    }

    enum CodingKeys: String, CodingKey { case id, name }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        name = try c.decode(Name.self, forKey: .name)
    }
}

/// `types[].valueSupplier`: a catalog the values come from.
public struct ValueSupplier: Codable, Sendable, Equatable {
    public var type: String?
    public var valueSourceId: String?

    public init(type: String? = nil, valueSourceId: String? = nil) {
        self.type = type
        self.valueSourceId = valueSourceId
    }

    enum CodingKeys: String, CodingKey { case type, valueSourceId, valueSourceID }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        if let id = try c.decodeIfPresent(String.self, forKey: .valueSourceId) {
            valueSourceId = id
        } else {
            valueSourceId = try c.decodeIfPresent(String.self, forKey: .valueSourceID)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(valueSourceId, forKey: .valueSourceId)
    }
}

/// `languageModel.modelConfiguration`.
public struct ModelConfiguration: Codable, Sendable, Equatable {
    public var fallbackIntentSensitivity: FallbackIntentSensitivity?

    public init(fallbackIntentSensitivity: FallbackIntentSensitivity? = nil) {
        self.fallbackIntentSensitivity = fallbackIntentSensitivity
    }
}

/// How readily Alexa routes an utterance to AMAZON.FallbackIntent.
public struct FallbackIntentSensitivity: Codable, Sendable, Equatable {
    public enum Level: String, Codable, Sendable, CaseIterable { case low = "LOW", medium = "MEDIUM", high = "HIGH" }
    public var level: Level

    public init(level: Level) { self.level = level }

    enum CodingKeys: String, CodingKey { case level }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let raw = try c.decodeIfPresent(String.self, forKey: .level) ?? "LOW"
        level = Level(rawValue: raw.uppercased()) ?? .low
    }
}

/// `interactionModel.dialog`.
public struct DialogModel: Codable, Sendable, Equatable {
    /// `ALWAYS` (Alexa runs the dialog) or `SKILL_RESPONSE` (the skill decides each turn).
    public var delegationStrategy: String?
    public var intents: [DialogIntent]

    public init(delegationStrategy: String? = nil, intents: [DialogIntent] = []) {
        self.delegationStrategy = delegationStrategy
        self.intents = intents
    }

    enum CodingKeys: String, CodingKey { case delegationStrategy, intents }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        delegationStrategy = try c.decodeIfPresent(String.self, forKey: .delegationStrategy)
        intents = try c.decodeIfPresent([DialogIntent].self, forKey: .intents) ?? []
    }

    /// The dialog rules of the intent with this name.
    public func intent(named name: String) -> DialogIntent? { intents.first { $0.name == name } }
}

/// The dialog rules of one intent.
public struct DialogIntent: Codable, Sendable, Equatable {
    public var name: String
    public var delegationStrategy: String?
    public var confirmationRequired: Bool
    public var prompts: DialogPrompts
    public var slots: [DialogSlot]

    public init(name: String, delegationStrategy: String? = nil, confirmationRequired: Bool = false,
                prompts: DialogPrompts = DialogPrompts(), slots: [DialogSlot] = []) {
        self.name = name
        self.delegationStrategy = delegationStrategy
        self.confirmationRequired = confirmationRequired
        self.prompts = prompts
        self.slots = slots
    }

    enum CodingKeys: String, CodingKey { case name, delegationStrategy, confirmationRequired, prompts, slots }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        delegationStrategy = try c.decodeIfPresent(String.self, forKey: .delegationStrategy)
        confirmationRequired = try c.decodeIfPresent(Bool.self, forKey: .confirmationRequired) ?? false
        prompts = try c.decodeIfPresent(DialogPrompts.self, forKey: .prompts) ?? DialogPrompts()
        slots = try c.decodeIfPresent([DialogSlot].self, forKey: .slots) ?? []
    }

    /// The dialog rules of the slot with this name.
    public func slot(named name: String) -> DialogSlot? { slots.first { $0.name == name } }
}

/// Prompt ids used by a dialog intent or slot. Older exports spell them `elicit` and `confirm`.
public struct DialogPrompts: Codable, Sendable, Equatable {
    public var elicitation: String?
    public var confirmation: String?

    public init(elicitation: String? = nil, confirmation: String? = nil) {
        self.elicitation = elicitation
        self.confirmation = confirmation
    }

    enum CodingKeys: String, CodingKey { case elicitation, confirmation, elicit, confirm }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        elicitation = try c.decodeIfPresent(String.self, forKey: .elicitation)
            ?? c.decodeIfPresent(String.self, forKey: .elicit)
        confirmation = try c.decodeIfPresent(String.self, forKey: .confirmation)
            ?? c.decodeIfPresent(String.self, forKey: .confirm)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(elicitation, forKey: .elicitation)
        try c.encodeIfPresent(confirmation, forKey: .confirmation)
    }
}

/// The dialog rules of one slot.
public struct DialogSlot: Codable, Sendable, Equatable {
    public var name: String
    public var type: String?
    public var elicitationRequired: Bool
    public var confirmationRequired: Bool
    public var prompts: DialogPrompts
    public var validations: [SlotValidation]

    public init(name: String, type: String? = nil, elicitationRequired: Bool = false,
                confirmationRequired: Bool = false, prompts: DialogPrompts = DialogPrompts(),
                validations: [SlotValidation] = []) {
        self.name = name
        self.type = type
        self.elicitationRequired = elicitationRequired
        self.confirmationRequired = confirmationRequired
        self.prompts = prompts
        self.validations = validations
    }

    enum CodingKeys: String, CodingKey {
        case name, type, elicitationRequired, confirmationRequired, prompts, validations
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        elicitationRequired = try c.decodeIfPresent(Bool.self, forKey: .elicitationRequired) ?? false
        confirmationRequired = try c.decodeIfPresent(Bool.self, forKey: .confirmationRequired) ?? false
        prompts = try c.decodeIfPresent(DialogPrompts.self, forKey: .prompts) ?? DialogPrompts()
        validations = try c.decodeIfPresent([SlotValidation].self, forKey: .validations) ?? []
    }
}

/// A slot validation rule (`isInSet`, `isGreaterThan`, `isInDuration`, `hasEntityResolutionMatch` …).
public struct SlotValidation: Codable, Sendable, Equatable {
    public var type: String
    public var prompt: String?
    /// For `isInSet` / `isNotInSet`.
    public var values: [String]?
    /// For the comparisons (`isGreaterThan` …).
    public var value: String?
    /// For `isInDuration` / `isNotInDuration`: ISO-8601 durations relative to now.
    public var start: String?
    public var end: String?

    public init(type: String, prompt: String? = nil, values: [String]? = nil, value: String? = nil,
                start: String? = nil, end: String? = nil) {
        self.type = type
        self.prompt = prompt
        self.values = values
        self.value = value
        self.start = start
        self.end = end
    }

    enum CodingKeys: String, CodingKey { case type, prompt, values, value, start, end }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt)
        values = try c.decodeIfPresent([String].self, forKey: .values)
        // Real models write numbers both as strings and as JSON numbers.
        if let s = try? c.decodeIfPresent(String.self, forKey: .value) {
            value = s
        } else if let d = try? c.decodeIfPresent(Double.self, forKey: .value) {
            value = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        } else {
            value = nil
        }
        start = try c.decodeIfPresent(String.self, forKey: .start)
        end = try c.decodeIfPresent(String.self, forKey: .end)
    }
}

/// A prompt: spoken variations, one chosen at random each time.
public struct Prompt: Codable, Sendable, Equatable {
    public var id: String
    public var variations: [PromptVariation]

    public init(id: String, variations: [PromptVariation]) {
        self.id = id
        self.variations = variations
    }

    enum CodingKeys: String, CodingKey { case id, variations }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        variations = try c.decodeIfPresent([PromptVariation].self, forKey: .variations) ?? []
    }
}

/// One wording of a prompt, as plain text or SSML.
public struct PromptVariation: Codable, Sendable, Equatable {
    /// `PlainText` or `SSML`.
    public var type: String
    public var value: String

    public init(type: String = "PlainText", value: String) {
        self.type = type
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "PlainText"
        value = try c.decode(String.self, forKey: .value)
    }

    /// Whether the value is SSML (`<speak>…</speak>`).
    public var isSSML: Bool { type.uppercased() == "SSML" }
}
