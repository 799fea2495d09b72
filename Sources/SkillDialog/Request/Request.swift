/// `request`: one of Alexa's request types, told apart by its `type` field.
///
/// The three types a conversation produces have their own cases; any other type (AudioPlayer,
/// Connections, CanFulfillIntentRequest …) is kept whole in ``other(_:)`` so an envelope
/// decodes and re-encodes without loss.
public enum Request: Codable, Sendable, Equatable {
    case launch(LaunchRequest)
    case intent(IntentRequest)
    case sessionEnded(SessionEndedRequest)
    /// Any other request type, as JSON (it has a `type` member).
    case other(JSONValue)

    /// The request's `type`, such as `IntentRequest`.
    public var type: String {
        switch self {
        case .launch: LaunchRequest.type
        case .intent: IntentRequest.type
        case .sessionEnded: SessionEndedRequest.type
        case .other(let json): json["type"]?.stringValue ?? ""
        }
    }

    /// The request id.
    public var requestId: String {
        switch self {
        case .launch(let r): r.requestId
        case .intent(let r): r.requestId
        case .sessionEnded(let r): r.requestId
        case .other(let json): json["requestId"]?.stringValue ?? ""
        }
    }

    /// The request's locale, such as `en-US`.
    public var locale: String? {
        switch self {
        case .launch(let r): r.locale
        case .intent(let r): r.locale
        case .sessionEnded(let r): r.locale
        case .other(let json): json["locale"]?.stringValue
        }
    }

    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: TypeKey.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case LaunchRequest.type: self = .launch(try LaunchRequest(from: decoder))
        case IntentRequest.type: self = .intent(try IntentRequest(from: decoder))
        case SessionEndedRequest.type: self = .sessionEnded(try SessionEndedRequest(from: decoder))
        default: self = .other(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .launch(let r): try r.encode(to: encoder)
        case .intent(let r): try r.encode(to: encoder)
        case .sessionEnded(let r): try r.encode(to: encoder)
        case .other(let json): try json.encode(to: encoder)
        }
    }
}

/// `LaunchRequest`: the user opened the skill without asking for anything in particular.
public struct LaunchRequest: Codable, Sendable, Equatable {
    public static let type = "LaunchRequest"
    public var requestId: String
    /// ISO-8601 time of the request, as Alexa writes it (`2026-05-01T10:00:00Z`).
    public var timestamp: String
    public var locale: String

    public init(requestId: String, timestamp: String, locale: String) {
        self.requestId = requestId
        self.timestamp = timestamp
        self.locale = locale
    }

    enum CodingKeys: String, CodingKey { case type, requestId, timestamp, locale }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        requestId = try c.decode(String.self, forKey: .requestId)
        timestamp = try c.decodeIfPresent(String.self, forKey: .timestamp) ?? ""
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.type, forKey: .type)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(locale, forKey: .locale)
    }
}

/// `SessionEndedRequest`: the session closed; the skill may clean up but cannot speak.
public struct SessionEndedRequest: Codable, Sendable, Equatable {
    public static let type = "SessionEndedRequest"

    /// Why the session ended.
    public enum Reason: String, Codable, Sendable, Equatable {
        case userInitiated = "USER_INITIATED"
        case error = "ERROR"
        case exceededMaxReprompts = "EXCEEDED_MAX_REPROMPTS"
    }

    /// `error`, when ``reason`` is ``Reason/error``.
    public struct ErrorInfo: Codable, Sendable, Equatable {
        public var type: String
        public var message: String
        public init(type: String, message: String) {
            self.type = type
            self.message = message
        }
    }

    public var requestId: String
    public var timestamp: String
    public var locale: String
    public var reason: Reason
    public var error: ErrorInfo?

    public init(requestId: String, timestamp: String, locale: String, reason: Reason, error: ErrorInfo? = nil) {
        self.requestId = requestId
        self.timestamp = timestamp
        self.locale = locale
        self.reason = reason
        self.error = error
    }

    enum CodingKeys: String, CodingKey { case type, requestId, timestamp, locale, reason, error }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        requestId = try c.decode(String.self, forKey: .requestId)
        timestamp = try c.decodeIfPresent(String.self, forKey: .timestamp) ?? ""
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
        reason = try c.decode(Reason.self, forKey: .reason)
        error = try c.decodeIfPresent(ErrorInfo.self, forKey: .error)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.type, forKey: .type)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encode(locale, forKey: .locale)
        try c.encode(reason, forKey: .reason)
        try c.encodeIfPresent(error, forKey: .error)
    }
}
