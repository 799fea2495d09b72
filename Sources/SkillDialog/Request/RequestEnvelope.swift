/// What Alexa sends a skill: the request, the session it belongs to and the device context.
///
/// The shape follows Alexa's request JSON key for key, so a skill's handlers can be tested with
/// requests captured from a real endpoint and a conversation can be replayed against one.
public struct RequestEnvelope: Codable, Sendable, Equatable {
    public var version: String
    /// Absent for requests outside a session (AudioPlayer events, for instance).
    public var session: Session?
    public var context: Context
    public var request: Request

    public init(version: String = "1.0", session: Session?, context: Context, request: Request) {
        self.version = version
        self.session = session
        self.context = context
        self.request = request
    }
}

/// `session`: who is talking and what the skill remembered in this session.
public struct Session: Codable, Sendable, Equatable {
    /// Whether this is the first request of the session.
    public var new: Bool
    public var sessionId: String
    public var application: Application
    /// The attributes the skill returned with its previous response.
    public var attributes: Attributes?
    public var user: User

    public init(new: Bool, sessionId: String, application: Application, attributes: Attributes? = nil, user: User) {
        self.new = new
        self.sessionId = sessionId
        self.application = application
        self.attributes = attributes
        self.user = user
    }
}

/// `application`: the skill's id.
public struct Application: Codable, Sendable, Equatable {
    public var applicationId: String
    public init(applicationId: String) { self.applicationId = applicationId }
}

/// `user`: the account the request comes from; its id keys persistent attributes.
public struct User: Codable, Sendable, Equatable {
    public var userId: String
    public var accessToken: String?
    public init(userId: String, accessToken: String? = nil) {
        self.userId = userId
        self.accessToken = accessToken
    }
}

/// `context`: the state of the device and the system.
public struct Context: Codable, Sendable, Equatable {
    public var system: SystemState

    public init(system: SystemState) { self.system = system }

    enum CodingKeys: String, CodingKey { case system = "System" }
}

/// `context.System`.
public struct SystemState: Codable, Sendable, Equatable {
    public var application: Application
    public var user: User
    public var device: Device?
    public var apiEndpoint: String?

    public init(application: Application, user: User, device: Device? = nil, apiEndpoint: String? = nil) {
        self.application = application
        self.user = user
        self.device = device
        self.apiEndpoint = apiEndpoint
    }
}

/// `context.System.device`.
public struct Device: Codable, Sendable, Equatable {
    public var deviceId: String
    /// Interfaces such as `Display` or `AudioPlayer`, each with its own settings object.
    public var supportedInterfaces: Attributes

    public init(deviceId: String, supportedInterfaces: Attributes = [:]) {
        self.deviceId = deviceId
        self.supportedInterfaces = supportedInterfaces
    }

    enum CodingKeys: String, CodingKey { case deviceId, supportedInterfaces }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deviceId = try c.decode(String.self, forKey: .deviceId)
        supportedInterfaces = try c.decodeIfPresent(Attributes.self, forKey: .supportedInterfaces) ?? [:]
    }
}
