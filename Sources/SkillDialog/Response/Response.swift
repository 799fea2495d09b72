/// `response`: what the skill says and does in answer to one request.
///
/// Built with ``ResponseBuilder``; encodes to the exact JSON an Alexa skill endpoint returns.
public struct Response: Codable, Sendable, Equatable {
    public var outputSpeech: OutputSpeech?
    public var card: Card?
    /// Said when the user does not answer (or is not understood).
    public var reprompt: Reprompt?
    public var directives: [Directive]?
    /// `true` ends the session, `false` keeps it open; absent leaves it to the device.
    public var shouldEndSession: Bool?

    public init(outputSpeech: OutputSpeech? = nil, card: Card? = nil, reprompt: Reprompt? = nil,
                directives: [Directive]? = nil, shouldEndSession: Bool? = nil) {
        self.outputSpeech = outputSpeech
        self.card = card
        self.reprompt = reprompt
        self.directives = directives
        self.shouldEndSession = shouldEndSession
    }

    /// The first dialog directive (`Dialog.Delegate`, `Dialog.ElicitSlot` …), if any.
    public var dialogDirective: Directive? { directives?.first { $0.isDialogDirective } }

    /// The speech as plain text (SSML tags removed, entities decoded), or `""`.
    public var speechText: String { outputSpeech.map { SSML.plainText(of: $0) } ?? "" }

    /// The reprompt as plain text, or `nil` when there is none.
    public var repromptText: String? { reprompt.map { SSML.plainText(of: $0.outputSpeech) } }
}

/// `reprompt`.
public struct Reprompt: Codable, Sendable, Equatable {
    public var outputSpeech: OutputSpeech
    public init(outputSpeech: OutputSpeech) { self.outputSpeech = outputSpeech }
}

/// `outputSpeech`: plain text or SSML.
public enum OutputSpeech: Codable, Sendable, Equatable {
    case plainText(String, playBehavior: PlayBehavior? = nil)
    case ssml(String, playBehavior: PlayBehavior? = nil)

    /// How speech relates to what the device is already saying.
    public enum PlayBehavior: String, Codable, Sendable, Equatable {
        case enqueue = "ENQUEUE"
        case replaceAll = "REPLACE_ALL"
        case replaceEnqueued = "REPLACE_ENQUEUED"
    }

    enum CodingKeys: String, CodingKey { case type, text, ssml, playBehavior }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        let behavior = try c.decodeIfPresent(PlayBehavior.self, forKey: .playBehavior)
        if type == "SSML" {
            self = .ssml(try c.decode(String.self, forKey: .ssml), playBehavior: behavior)
        } else {
            self = .plainText(try c.decode(String.self, forKey: .text), playBehavior: behavior)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .plainText(let text, let behavior):
            try c.encode("PlainText", forKey: .type)
            try c.encode(text, forKey: .text)
            try c.encodeIfPresent(behavior, forKey: .playBehavior)
        case .ssml(let ssml, let behavior):
            try c.encode("SSML", forKey: .type)
            try c.encode(ssml, forKey: .ssml)
            try c.encodeIfPresent(behavior, forKey: .playBehavior)
        }
    }

    /// The speech as SSML (`<speak>…</speak>`), escaping plain text.
    public var ssmlValue: String {
        switch self {
        case .plainText(let text, _): SSML.wrap(SSML.escape(text))
        case .ssml(let ssml, _): ssml
        }
    }
}

/// `card`: what the Alexa app (or a screen) shows.
public enum Card: Codable, Sendable, Equatable {
    case simple(title: String, content: String)
    case standard(title: String, text: String, smallImageUrl: String?, largeImageUrl: String?)
    case linkAccount
    case askForPermissionsConsent(permissions: [String])

    enum CodingKeys: String, CodingKey { case type, title, content, text, image, permissions }
    enum ImageKeys: String, CodingKey { case smallImageUrl, largeImageUrl }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "Standard":
            var small: String?, large: String?
            if c.contains(.image) {
                let i = try c.nestedContainer(keyedBy: ImageKeys.self, forKey: .image)
                small = try i.decodeIfPresent(String.self, forKey: .smallImageUrl)
                large = try i.decodeIfPresent(String.self, forKey: .largeImageUrl)
            }
            self = .standard(title: try c.decodeIfPresent(String.self, forKey: .title) ?? "",
                             text: try c.decodeIfPresent(String.self, forKey: .text) ?? "",
                             smallImageUrl: small, largeImageUrl: large)
        case "LinkAccount":
            self = .linkAccount
        case "AskForPermissionsConsent":
            self = .askForPermissionsConsent(permissions: try c.decodeIfPresent([String].self, forKey: .permissions) ?? [])
        default:
            self = .simple(title: try c.decodeIfPresent(String.self, forKey: .title) ?? "",
                           content: try c.decodeIfPresent(String.self, forKey: .content) ?? "")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .simple(let title, let content):
            try c.encode("Simple", forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(content, forKey: .content)
        case .standard(let title, let text, let small, let large):
            try c.encode("Standard", forKey: .type)
            try c.encode(title, forKey: .title)
            try c.encode(text, forKey: .text)
            if small != nil || large != nil {
                var i = c.nestedContainer(keyedBy: ImageKeys.self, forKey: .image)
                try i.encodeIfPresent(small, forKey: .smallImageUrl)
                try i.encodeIfPresent(large, forKey: .largeImageUrl)
            }
        case .linkAccount:
            try c.encode("LinkAccount", forKey: .type)
        case .askForPermissionsConsent(let permissions):
            try c.encode("AskForPermissionsConsent", forKey: .type)
            try c.encode(permissions, forKey: .permissions)
        }
    }
}

/// `ResponseEnvelope`: the whole answer to a ``RequestEnvelope``.
public struct ResponseEnvelope: Codable, Sendable, Equatable {
    public var version: String
    /// What the skill wants back in `session.attributes` on the next request.
    public var sessionAttributes: Attributes?
    public var userAgent: String?
    public var response: Response

    public init(version: String = "1.0", sessionAttributes: Attributes? = nil, userAgent: String? = nil,
                response: Response) {
        self.version = version
        self.sessionAttributes = sessionAttributes
        self.userAgent = userAgent
        self.response = response
    }
}
