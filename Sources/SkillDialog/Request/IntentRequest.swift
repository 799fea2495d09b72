import Understanding

/// `IntentRequest`: the user asked for something the interaction model names.
///
/// The intent and slot types are nested (`IntentRequest.Intent`, `IntentRequest.Slot`) so they
/// never clash with the interaction model's schema types of the same names when a file imports
/// both modules.
public struct IntentRequest: Codable, Sendable, Equatable {
    public static let type = "IntentRequest"

    public var requestId: String
    public var timestamp: String
    public var locale: String
    /// Where the intent's dialog stands; absent for intents without a dialog model.
    public var dialogState: DialogState?
    public var intent: Intent

    public init(requestId: String, timestamp: String, locale: String, dialogState: DialogState? = nil, intent: Intent) {
        self.requestId = requestId
        self.timestamp = timestamp
        self.locale = locale
        self.dialogState = dialogState
        self.intent = intent
    }

    enum CodingKeys: String, CodingKey { case type, requestId, timestamp, locale, dialogState, intent }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        requestId = try c.decode(String.self, forKey: .requestId)
        timestamp = try c.decodeIfPresent(String.self, forKey: .timestamp) ?? ""
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
        dialogState = try c.decodeIfPresent(DialogState.self, forKey: .dialogState)
        intent = try c.decode(Intent.self, forKey: .intent)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.type, forKey: .type)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(locale, forKey: .locale)
        try c.encodeIfPresent(dialogState, forKey: .dialogState)
        try c.encode(intent, forKey: .intent)
    }

    /// `intent`: its name, whether the user confirmed it, and its slots by name.
    public struct Intent: Codable, Sendable, Equatable {
        public var name: String
        public var confirmationStatus: ConfirmationStatus
        /// Every slot the intent declares, filled or not, keyed by slot name.
        public var slots: [String: Slot]?

        public init(name: String, confirmationStatus: ConfirmationStatus = .none, slots: [String: Slot]? = nil) {
            self.name = name
            self.confirmationStatus = confirmationStatus
            self.slots = slots
        }

        enum CodingKeys: String, CodingKey { case name, confirmationStatus, slots }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            confirmationStatus = try c.decodeIfPresent(ConfirmationStatus.self, forKey: .confirmationStatus) ?? .none
            slots = try c.decodeIfPresent([String: Slot].self, forKey: .slots)
        }

        /// The slot with this name, if the intent has it.
        public subscript(slot name: String) -> Slot? {
            get { slots?[name] }
            set {
                var all = slots ?? [:]
                all[name] = newValue
                slots = all
            }
        }

        /// The value of the slot with this name, if it is filled.
        public func value(of slot: String) -> String? { slots?[slot]?.value }
    }

    /// `intent.slots.<name>`: a slot as Alexa reports it.
    public struct Slot: Codable, Sendable, Equatable {
        public var name: String
        /// The value for a single-value slot; absent when the slot is empty or holds a list.
        public var value: String?
        public var confirmationStatus: ConfirmationStatus
        /// `USER` when the user said the value.
        public var source: String?
        /// Entity resolution of ``value`` against the slot type.
        public var resolutions: Resolutions?
        /// The structured value: one value (`Simple`) or several (`List`).
        public var slotValue: SlotValue?

        public init(name: String, value: String? = nil, confirmationStatus: ConfirmationStatus = .none,
                    source: String? = nil, resolutions: Resolutions? = nil, slotValue: SlotValue? = nil) {
            self.name = name
            self.value = value
            self.confirmationStatus = confirmationStatus
            self.source = source
            self.resolutions = resolutions
            self.slotValue = slotValue
        }

        enum CodingKeys: String, CodingKey { case name, value, confirmationStatus, source, resolutions, slotValue }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            value = try c.decodeIfPresent(String.self, forKey: .value)
            confirmationStatus = try c.decodeIfPresent(ConfirmationStatus.self, forKey: .confirmationStatus) ?? .none
            source = try c.decodeIfPresent(String.self, forKey: .source)
            resolutions = try c.decodeIfPresent(Resolutions.self, forKey: .resolutions)
            slotValue = try c.decodeIfPresent(SlotValue.self, forKey: .slotValue)
        }

        /// A filled single-value slot, with the `slotValue` Alexa sends alongside `value`.
        public static func filled(_ name: String, value: String, resolutions: Resolutions? = nil,
                                  confirmationStatus: ConfirmationStatus = .none) -> Slot {
            Slot(name: name, value: value, confirmationStatus: confirmationStatus, source: "USER",
                 resolutions: resolutions, slotValue: .simple(value: value, resolutions: resolutions))
        }

        /// A filled single-value slot whose value resolved to a canonical value of its type
        /// (`ER_SUCCESS_MATCH`), for handlers that fill slots themselves in an `updatedIntent`.
        public static func filled(_ name: String, value: String, resolvedTo canonical: String, id: String? = nil,
                                  authority: String) -> Slot {
            let resolutions = Resolutions(resolutionsPerAuthority: [
                ResolutionAuthority(authority: authority, status: ResolutionStatus(code: .successMatch),
                                    values: [ResolutionValueWrapper(value: ResolvedValue(name: canonical, id: id))]),
            ])
            return filled(name, value: value, resolutions: resolutions)
        }

        /// A filled multiple-value slot: Alexa sends only `slotValue` of type `List`.
        public static func list(_ name: String, values: [(value: String, resolutions: Resolutions?)],
                                confirmationStatus: ConfirmationStatus = .none) -> Slot {
            Slot(name: name, value: nil, confirmationStatus: confirmationStatus, source: "USER",
                 resolutions: nil, slotValue: .list(values.map { .simple(value: $0.value, resolutions: $0.resolutions) }))
        }

        /// Whether the slot holds a value (single or list).
        public var isFilled: Bool {
            if let value, !value.isEmpty { return true }
            if case .list(let values)? = slotValue { return !values.isEmpty }
            return false
        }

        /// Each value the slot holds: one for a single-value slot, each for a list.
        public var values: [String] {
            if case .list(let items)? = slotValue {
                return items.compactMap { if case .simple(let v, _) = $0 { v } else { nil } }
            }
            if let value, !value.isEmpty { return [value] }
            return []
        }

        /// Each value with its own resolutions.
        public var resolvedValues: [(value: String, resolutions: Resolutions?)] {
            if case .list(let items)? = slotValue {
                return items.compactMap { if case .simple(let v, let r) = $0 { (v, r) } else { nil } }
            }
            if let value, !value.isEmpty { return [(value, resolutions)] }
            return []
        }

        /// The slot with its value removed and its confirmation reset, as when the user must
        /// say it again.
        public func cleared() -> Slot { Slot(name: name) }

        /// `slotValue`: `{"type": "Simple", "value": …, "resolutions": …}` or
        /// `{"type": "List", "values": [ … ]}`.
        public indirect enum SlotValue: Codable, Sendable, Equatable {
            case simple(value: String, resolutions: Resolutions?)
            case list([SlotValue])

            enum CodingKeys: String, CodingKey { case type, value, values, resolutions }

            public init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                let type = try c.decodeIfPresent(String.self, forKey: .type) ?? "Simple"
                if type == "List" {
                    self = .list(try c.decodeIfPresent([SlotValue].self, forKey: .values) ?? [])
                } else {
                    self = .simple(value: try c.decodeIfPresent(String.self, forKey: .value) ?? "",
                                   resolutions: try c.decodeIfPresent(Resolutions.self, forKey: .resolutions))
                }
            }

            public func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .simple(let value, let resolutions):
                    try c.encode("Simple", forKey: .type)
                    try c.encode(value, forKey: .value)
                    try c.encodeIfPresent(resolutions, forKey: .resolutions)
                case .list(let values):
                    try c.encode("List", forKey: .type)
                    try c.encode(values, forKey: .values)
                }
            }
        }
    }
}

/// Whether the user confirmed an intent or a slot.
public enum ConfirmationStatus: String, Codable, Sendable, Equatable {
    case none = "NONE"
    case confirmed = "CONFIRMED"
    case denied = "DENIED"
}

/// Where a multi-turn dialog stands, as Alexa reports it in `IntentRequest.dialogState`.
public enum DialogState: String, Codable, Sendable, Equatable {
    /// The first turn of the dialog.
    case started = "STARTED"
    /// A later turn: the dialog is collecting, validating or confirming values.
    case inProgress = "IN_PROGRESS"
    /// Every required slot is filled, valid and confirmed, and the intent confirmed or denied.
    case completed = "COMPLETED"
}
