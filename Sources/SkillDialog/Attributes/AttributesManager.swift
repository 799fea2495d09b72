import Foundation

/// Request, session and persistent attributes for one request, as in the ASK SDK.
///
/// - Request attributes live for one request: interceptors use them to hand data to handlers.
/// - Session attributes go back with the response and return with the next request.
/// - Persistent attributes are read from the ``PersistenceAdapter`` on first use and written
///   only when a handler calls ``savePersistentAttributes()`` (or ``deletePersistentAttributes()``).
///
/// One manager is shared by the interceptors and the handler of a request, so it is a class;
/// a lock makes it safe to touch from concurrent child tasks.
public final class AttributesManager: @unchecked Sendable {
    private let lock = NSLock()
    private let requestEnvelope: RequestEnvelope
    private let persistenceAdapter: (any PersistenceAdapter)?
    private var request: Attributes = [:]
    private var session: Attributes
    private var persistent: Attributes?

    public init(requestEnvelope: RequestEnvelope, persistenceAdapter: (any PersistenceAdapter)? = nil) {
        self.requestEnvelope = requestEnvelope
        self.persistenceAdapter = persistenceAdapter
        self.session = requestEnvelope.session?.attributes ?? [:]
    }

    /// Request attributes (this request only).
    public func getRequestAttributes() -> Attributes { lock.withLock { request } }

    public func setRequestAttributes(_ attributes: Attributes) { lock.withLock { request = attributes } }

    /// Session attributes. Empty outside a session.
    public func getSessionAttributes() -> Attributes { lock.withLock { session } }

    /// Replaces the session attributes. Throws outside a session, where they could not be kept.
    public func setSessionAttributes(_ attributes: Attributes) throws {
        guard requestEnvelope.session != nil else { throw AttributesError.noSession }
        lock.withLock { session = attributes }
    }

    /// The session attributes, read and written in place (`attributesManager.sessionAttributes["score"] = 3`).
    /// Writing outside a session is ignored; use ``setSessionAttributes(_:)`` to be told.
    public var sessionAttributes: Attributes {
        get { getSessionAttributes() }
        set { if requestEnvelope.session != nil { lock.withLock { session = newValue } } }
    }

    /// The request attributes, read and written in place.
    public var requestAttributes: Attributes {
        get { getRequestAttributes() }
        set { setRequestAttributes(newValue) }
    }

    /// Persistent attributes for this user, read from the adapter the first time.
    public func getPersistentAttributes() async throws -> Attributes {
        if let cached = lock.withLock({ persistent }) { return cached }
        let adapter = try requireAdapter()
        let loaded = try await adapter.getAttributes(for: requestEnvelope)
        return lock.withLock {
            if let raced = persistent { return raced }
            persistent = loaded
            return loaded
        }
    }

    /// Replaces the persistent attributes in memory; ``savePersistentAttributes()`` writes them.
    public func setPersistentAttributes(_ attributes: Attributes) throws {
        _ = try requireAdapter()
        lock.withLock { persistent = attributes }
    }

    /// Writes the persistent attributes through the adapter (nothing happens if they were never
    /// read or set, as in the SDK).
    public func savePersistentAttributes() async throws {
        let adapter = try requireAdapter()
        guard let attributes = lock.withLock({ persistent }) else { return }
        try await adapter.saveAttributes(attributes, for: requestEnvelope)
    }

    /// Deletes this user's persistent attributes.
    public func deletePersistentAttributes() async throws {
        let adapter = try requireAdapter()
        try await adapter.deleteAttributes(for: requestEnvelope)
        lock.withLock { persistent = [:] }
    }

    private func requireAdapter() throws -> any PersistenceAdapter {
        guard let persistenceAdapter else { throw AttributesError.noPersistenceAdapter }
        return persistenceAdapter
    }
}

/// Misuse of attributes, with how to fix it.
public enum AttributesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Persistent attributes were used but the skill has no persistence adapter.
    case noPersistenceAdapter
    /// Session attributes were set for a request that has no session.
    case noSession

    public var description: String {
        switch self {
        case .noPersistenceAdapter:
            "Persistent attributes were used, but the skill has no persistence adapter: "
                + "call SkillBuilder.withPersistenceAdapter(_:) (FilePersistenceAdapter or InMemoryPersistenceAdapter)."
        case .noSession:
            "Session attributes cannot be set: this request has no session (RequestEnvelope.session is nil)."
        }
    }
}
