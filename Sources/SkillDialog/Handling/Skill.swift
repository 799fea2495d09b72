/// A built skill: the handler chain that turns a ``RequestEnvelope`` into a ``ResponseEnvelope``.
///
/// Dispatch follows the ASK SDK: request interceptors in order, then the first handler that can
/// handle the request, then response interceptors in order. An error from any of them (or
/// ``SkillError/noRequestHandler(requestType:intentName:)`` when no handler matches) goes to the
/// first error handler that can handle it; if none can, ``invoke(_:)`` throws it.
public struct Skill: Sendable {
    let requestHandlers: [any RequestHandler]
    let requestInterceptors: [any RequestInterceptor]
    let responseInterceptors: [any ResponseInterceptor]
    let errorHandlers: [any ErrorHandler]
    /// Where persistent attributes are kept, if anywhere.
    public let persistenceAdapter: (any PersistenceAdapter)?
    /// When set, requests for another application id are refused.
    public let skillId: String?
    public let userAgent: String?

    /// Answers one request, as a skill endpoint would.
    public func invoke(_ envelope: RequestEnvelope) async throws -> ResponseEnvelope {
        try await invoke(envelope, extras: RequestExtras())
    }

    /// Answers one request, giving the handlers what an on-device conversation knows beyond
    /// Alexa's JSON (the words typed, the NLU result, the last speech).
    public func invoke(_ envelope: RequestEnvelope, extras: RequestExtras) async throws -> ResponseEnvelope {
        if let skillId {
            let received = envelope.context.system.application.applicationId
            guard received == skillId else { throw SkillError.skillIdMismatch(expected: skillId, received: received) }
        }
        let manager = AttributesManager(requestEnvelope: envelope, persistenceAdapter: persistenceAdapter)
        let input = HandlerInput(requestEnvelope: envelope, attributesManager: manager, extras: extras)
        let response: Response
        do {
            response = try await dispatch(input)
        } catch {
            response = try await handleError(error, input: input)
        }
        return ResponseEnvelope(sessionAttributes: envelope.session == nil ? nil : manager.getSessionAttributes(),
                                userAgent: userAgent, response: response)
    }

    private func dispatch(_ input: HandlerInput) async throws -> Response {
        for interceptor in requestInterceptors { try await interceptor.process(input) }
        var chosen: (any RequestHandler)?
        for handler in requestHandlers where try await handler.canHandle(input) {
            chosen = handler
            break
        }
        guard let chosen else {
            throw SkillError.noRequestHandler(requestType: Alexa.getRequestType(input.requestEnvelope),
                                              intentName: Alexa.getIntentName(input.requestEnvelope))
        }
        var response = try await chosen.handle(input)
        for interceptor in responseInterceptors { response = try await interceptor.process(input, response: response) }
        return response
    }

    private func handleError(_ error: any Error, input: HandlerInput) async throws -> Response {
        for handler in errorHandlers where try await handler.canHandle(input, error: error) {
            return try await handler.handle(input, error: error)
        }
        throw error
    }
}

/// Builds a ``Skill``: `SkillBuilder().addRequestHandlers(…).addErrorHandlers(…).build()`.
///
/// A value type: each call returns a changed copy, so a half-configured builder can be shared
/// and specialised without surprises.
public struct SkillBuilder: Sendable {
    private var requestHandlers: [any RequestHandler] = []
    private var requestInterceptors: [any RequestInterceptor] = []
    private var responseInterceptors: [any ResponseInterceptor] = []
    private var errorHandlers: [any ErrorHandler] = []
    private var persistenceAdapter: (any PersistenceAdapter)?
    private var skillId: String?
    private var userAgent: String?

    public init() {}

    /// Adds handlers; they are asked in order, after those added before.
    public func addRequestHandlers(_ handlers: any RequestHandler...) -> SkillBuilder { addRequestHandlers(handlers) }

    public func addRequestHandlers(_ handlers: [any RequestHandler]) -> SkillBuilder {
        var copy = self
        copy.requestHandlers += handlers
        return copy
    }

    /// Adds a handler made of two closures.
    public func addRequestHandler(_ canHandle: @escaping @Sendable (HandlerInput) async throws -> Bool,
                                  _ handle: @escaping @Sendable (HandlerInput) async throws -> Response) -> SkillBuilder {
        addRequestHandlers(ClosureRequestHandler(canHandle: canHandle, handle: handle))
    }

    public func addRequestInterceptors(_ interceptors: any RequestInterceptor...) -> SkillBuilder {
        var copy = self
        copy.requestInterceptors += interceptors
        return copy
    }

    public func addResponseInterceptors(_ interceptors: any ResponseInterceptor...) -> SkillBuilder {
        var copy = self
        copy.responseInterceptors += interceptors
        return copy
    }

    public func addErrorHandlers(_ handlers: any ErrorHandler...) -> SkillBuilder {
        var copy = self
        copy.errorHandlers += handlers
        return copy
    }

    /// Adds an error handler made of two closures.
    public func addErrorHandler(_ canHandle: @escaping @Sendable (HandlerInput, any Error) async throws -> Bool,
                                _ handle: @escaping @Sendable (HandlerInput, any Error) async throws -> Response) -> SkillBuilder {
        addErrorHandlers(ClosureErrorHandler(canHandle: canHandle, handle: handle))
    }

    public func withPersistenceAdapter(_ adapter: any PersistenceAdapter) -> SkillBuilder {
        var copy = self
        copy.persistenceAdapter = adapter
        return copy
    }

    /// Refuses requests whose `applicationId` is not this one.
    public func withSkillId(_ id: String) -> SkillBuilder {
        var copy = self
        copy.skillId = id
        return copy
    }

    public func withCustomUserAgent(_ userAgent: String) -> SkillBuilder {
        var copy = self
        copy.userAgent = userAgent
        return copy
    }

    public func build() -> Skill {
        Skill(requestHandlers: requestHandlers, requestInterceptors: requestInterceptors,
              responseInterceptors: responseInterceptors, errorHandlers: errorHandlers,
              persistenceAdapter: persistenceAdapter, skillId: skillId, userAgent: userAgent)
    }
}

/// Why a skill could not answer a request.
public enum SkillError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No request handler said it could handle the request.
    case noRequestHandler(requestType: String, intentName: String?)
    /// The request is for another skill (``SkillBuilder/withSkillId(_:)``).
    case skillIdMismatch(expected: String, received: String)

    public var description: String {
        switch self {
        case .noRequestHandler(let type, let intent):
            let what = intent.map { "\(type) for intent \($0)" } ?? type
            return "No request handler can handle the \(what): add a RequestHandler whose canHandle accepts it "
                + "(or an ErrorHandler to answer such requests)."
        case .skillIdMismatch(let expected, let received):
            return "The request is for application \(received), but this skill is \(expected): check the skill id "
                + "given to SkillBuilder.withSkillId(_:)."
        }
    }
}
