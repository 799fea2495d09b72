/// Why a skill's backend (``SkillEndpoint``) gave no usable answer to a request. Each message
/// names the endpoint and what was wrong, so the skill's developer can fix the backend.
///
/// A ``Conversation`` treats every one of them as Alexa treats a failed skill response: the
/// turn throws the error, the session ends with a SessionEndedRequest whose `error.type` is
/// ``sessionEndedErrorType``, and the next turn opens a new session.
public enum SkillEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one an endpoint can have (only `http` and `https` are).
    case unsupportedURL(String)
    /// No answer came within the endpoint's timeout.
    case timedOut(url: String, seconds: Double)
    /// The request could not be delivered: connection refused, unknown host, TLS failure …
    case unreachable(url: String, reason: String)
    /// The connection closed (or the answer broke off) before a whole HTTP answer came: the
    /// backend probably failed on this request.
    case noAnswer(url: String, reason: String)
    /// The backend answered with an HTTP status other than 2xx.
    case httpStatus(url: String, status: Int, body: String)
    /// The body of a 2xx answer is not a JSON object.
    case notJSON(url: String, contentType: String?, body: String)
    /// The body is JSON but not a response Alexa would accept; `problem` names the member.
    case invalidResponse(url: String, problem: String)

    /// The endpoint's URL, as given.
    public var url: String {
        switch self {
        case .unsupportedURL(let url), .timedOut(let url, _), .unreachable(let url, _), .noAnswer(let url, _), .httpStatus(let url, _, _),
             .notJSON(let url, _, _), .invalidResponse(let url, _): url
        }
    }

    /// Alexa's `SessionEndedRequest.error.type` for this failure: `ENDPOINT_TIMEOUT` for a
    /// timeout, `INVALID_RESPONSE` for an answer that is not a valid response, and
    /// `INTERNAL_SERVICE_ERROR` when the request could not be delivered.
    public var sessionEndedErrorType: String {
        switch self {
        case .timedOut: "ENDPOINT_TIMEOUT"
        case .noAnswer, .httpStatus, .notJSON, .invalidResponse: "INVALID_RESPONSE"
        case .unsupportedURL, .unreachable: "INTERNAL_SERVICE_ERROR"
        }
    }

    /// Whether the backend could not be reached at all (rather than answering badly once):
    /// every later request would fail the same way until it is started.
    public var isUnreachable: Bool {
        switch self {
        case .unsupportedURL, .unreachable: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            "\(url) is not a skill endpoint URL: give an http:// or https:// URL, such as http://127.0.0.1:3000/."
        case .timedOut(let url, let seconds):
            "The skill endpoint \(url) did not answer within \(Self.seconds(seconds)) (Alexa allows 8 seconds): "
                + "check that the backend is running and answers each request, or allow it a longer timeout."
        case .unreachable(let url, let reason):
            "Cannot reach the skill endpoint \(url): \(reason). Is the backend running, at this address and port?"
        case .noAnswer(let url, let reason):
            "The skill endpoint \(url) gave no answer: \(reason). See the backend's log for the error."
        case .httpStatus(let url, let status, let body):
            "The skill endpoint \(url) answered HTTP \(status) instead of a response\(Self.quoted(body)): "
                + "see the backend's log for the error."
        case .notJSON(let url, let contentType, let body):
            "The skill endpoint \(url) answered something that is not a JSON object"
                + (contentType.map { " (Content-Type \($0))" } ?? "") + "\(Self.quoted(body)): "
                + "a skill answers with a response envelope, {\"version\": \"1.0\", \"response\": {…}}."
        case .invalidResponse(let url, let problem):
            "The skill endpoint \(url) answered a response Alexa would refuse: \(problem)."
        }
    }

    private static func seconds(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return text + (value == 1 ? " second" : " seconds")
    }

    /// The start of a body, on one line, to quote in a message ("" when it is empty).
    static func quoted(_ body: String) -> String {
        let line = body.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !line.isEmpty else { return "" }
        return line.count > 160 ? " «\(line.prefix(160))…»" : " «\(line)»"
    }
}
