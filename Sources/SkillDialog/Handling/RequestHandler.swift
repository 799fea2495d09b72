/// Answers the requests it says it can handle. Handlers are asked in the order they were added;
/// the first whose ``canHandle(_:)`` returns `true` handles the request.
public protocol RequestHandler: Sendable {
    func canHandle(_ input: HandlerInput) async throws -> Bool
    func handle(_ input: HandlerInput) async throws -> Response
}

/// Runs before the handler on every request: to load state into request attributes, log, or
/// refuse a request by throwing (the error goes to the error handlers).
public protocol RequestInterceptor: Sendable {
    func process(_ input: HandlerInput) async throws
}

/// Runs after the handler on every request that a handler answered: to save state, log, or
/// change the response (return it, changed or not).
public protocol ResponseInterceptor: Sendable {
    func process(_ input: HandlerInput, response: Response) async throws -> Response
}

/// Answers an error thrown by an interceptor or a handler, or the error that no handler could
/// handle the request. Error handlers are asked in the order they were added.
public protocol ErrorHandler: Sendable {
    func canHandle(_ input: HandlerInput, error: any Error) async throws -> Bool
    func handle(_ input: HandlerInput, error: any Error) async throws -> Response
}

/// A request handler made of two closures, for handlers too small to deserve a type.
public struct ClosureRequestHandler: RequestHandler {
    private let canHandleBody: @Sendable (HandlerInput) async throws -> Bool
    private let handleBody: @Sendable (HandlerInput) async throws -> Response

    public init(canHandle: @escaping @Sendable (HandlerInput) async throws -> Bool,
                handle: @escaping @Sendable (HandlerInput) async throws -> Response) {
        self.canHandleBody = canHandle
        self.handleBody = handle
    }

    /// Handles intent requests for any of these intent names.
    public init(intents: [String], handle: @escaping @Sendable (HandlerInput) async throws -> Response) {
        self.init(canHandle: { input in
            guard let name = Alexa.getIntentName(input.requestEnvelope) else { return false }
            return intents.contains(name)
        }, handle: handle)
    }

    /// Handles requests of this type (`LaunchRequest`, `SessionEndedRequest` …).
    public init(requestType: String, handle: @escaping @Sendable (HandlerInput) async throws -> Response) {
        self.init(canHandle: { Alexa.getRequestType($0.requestEnvelope) == requestType }, handle: handle)
    }

    public func canHandle(_ input: HandlerInput) async throws -> Bool { try await canHandleBody(input) }
    public func handle(_ input: HandlerInput) async throws -> Response { try await handleBody(input) }
}

/// A request interceptor made of a closure.
public struct ClosureRequestInterceptor: RequestInterceptor {
    private let body: @Sendable (HandlerInput) async throws -> Void
    public init(_ body: @escaping @Sendable (HandlerInput) async throws -> Void) { self.body = body }
    public func process(_ input: HandlerInput) async throws { try await body(input) }
}

/// A response interceptor made of a closure.
public struct ClosureResponseInterceptor: ResponseInterceptor {
    private let body: @Sendable (HandlerInput, Response) async throws -> Response
    public init(_ body: @escaping @Sendable (HandlerInput, Response) async throws -> Response) { self.body = body }
    public func process(_ input: HandlerInput, response: Response) async throws -> Response {
        try await body(input, response)
    }
}

/// An error handler made of two closures.
public struct ClosureErrorHandler: ErrorHandler {
    private let canHandleBody: @Sendable (HandlerInput, any Error) async throws -> Bool
    private let handleBody: @Sendable (HandlerInput, any Error) async throws -> Response

    public init(canHandle: @escaping @Sendable (HandlerInput, any Error) async throws -> Bool = { _, _ in true },
                handle: @escaping @Sendable (HandlerInput, any Error) async throws -> Response) {
        self.canHandleBody = canHandle
        self.handleBody = handle
    }

    public func canHandle(_ input: HandlerInput, error: any Error) async throws -> Bool {
        try await canHandleBody(input, error)
    }

    public func handle(_ input: HandlerInput, error: any Error) async throws -> Response {
        try await handleBody(input, error)
    }
}
