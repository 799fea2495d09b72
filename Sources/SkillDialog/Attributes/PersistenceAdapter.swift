/// Where persistent attributes are kept between sessions, keyed by something in the request
/// (the user id, by default).
///
/// The ASK SDK ships DynamoDB and S3 adapters; on a device the natural store is a file
/// (``FilePersistenceAdapter``) and in tests memory (``InMemoryPersistenceAdapter``).
public protocol PersistenceAdapter: Sendable {
    /// The stored attributes for the request's key, or `[:]` when nothing is stored.
    func getAttributes(for requestEnvelope: RequestEnvelope) async throws -> Attributes
    /// Stores the attributes for the request's key, replacing what was there.
    func saveAttributes(_ attributes: Attributes, for requestEnvelope: RequestEnvelope) async throws
    /// Removes what is stored for the request's key.
    func deleteAttributes(for requestEnvelope: RequestEnvelope) async throws
}

/// How a persistence adapter names a request's record.
public enum PersistenceKey: Sendable {
    /// The user id (`context.System.user.userId`): the SDK's default.
    case userId
    /// The device id (`context.System.device.deviceId`), falling back to the user id.
    case deviceId

    /// The key for this request.
    public func key(for envelope: RequestEnvelope) -> String {
        switch self {
        case .userId: envelope.context.system.user.userId
        case .deviceId: envelope.context.system.device?.deviceId ?? envelope.context.system.user.userId
        }
    }
}

/// Keeps persistent attributes in memory: for tests and for apps that persist elsewhere.
public actor InMemoryPersistenceAdapter: PersistenceAdapter {
    private var store: [String: Attributes]
    private let keying: PersistenceKey

    public init(keying: PersistenceKey = .userId, initial: [String: Attributes] = [:]) {
        self.keying = keying
        self.store = initial
    }

    public func getAttributes(for requestEnvelope: RequestEnvelope) -> Attributes {
        store[keying.key(for: requestEnvelope)] ?? [:]
    }

    public func saveAttributes(_ attributes: Attributes, for requestEnvelope: RequestEnvelope) {
        store[keying.key(for: requestEnvelope)] = attributes
    }

    public func deleteAttributes(for requestEnvelope: RequestEnvelope) {
        store[keying.key(for: requestEnvelope)] = nil
    }

    /// Everything stored, by key.
    public var contents: [String: Attributes] { store }
}
