import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A skill's own backend — written with the ASK SDK for Node.js, Python or Java, or anything
/// that answers Alexa's JSON — reached over HTTP(S), so a ``Conversation`` keeps the
/// understanding on the device and the answers in the backend, unchanged.
///
/// Each request is POSTed as Alexa sends it (`Content-Type: application/json`, the request
/// envelope in Alexa's format, without Alexa's signature headers: run the backend with
/// signature and timestamp verification off). The answer must come within ``timeout`` — 8
/// seconds by default, as on Alexa — and be a valid response envelope; otherwise ``invoke(_:extras:)``
/// throws a ``SkillEndpointError`` that names the URL and what was wrong.
///
/// ```swift
/// let backend = try SkillEndpoint("http://127.0.0.1:3000/")
/// let conversation = Conversation(model: nlu, interactionModel: nlu.interactionModel, skill: backend)
/// ```
public struct SkillEndpoint: SkillBackend {
    /// Where requests are POSTed.
    public let url: URL
    /// How long one request may take, in seconds, from sending it to the end of the answer.
    public let timeout: TimeInterval
    private let transport: Transport

    /// - Throws: ``SkillEndpointError/unsupportedURL(_:)`` unless `url` is http or https.
    public init(url: URL, timeout: TimeInterval = 8) throws(SkillEndpointError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .unsupportedURL(url.absoluteString)
        }
        self.url = url
        self.timeout = max(0.001, timeout)
        self.transport = Transport(timeout: self.timeout)
    }

    /// The endpoint at this URL string (`http://127.0.0.1:3000/`).
    public init(_ string: String, timeout: TimeInterval = 8) throws(SkillEndpointError) {
        guard let url = URL(string: string) else { throw .unsupportedURL(string) }
        try self.init(url: url, timeout: timeout)
    }

    public func invoke(_ envelope: RequestEnvelope, extras: RequestExtras) async throws -> ResponseEnvelope {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout + 1)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("utf-8", forHTTPHeaderField: "Accept-Charset")
        request.httpBody = try Self.encoder.encode(envelope)
        let (body, answer) = try await transport.exchange(request, url: url.absoluteString)
        return try EndpointAnswerReader(url: url.absoluteString)
            .read(status: answer.statusCode, contentType: answer.value(forHTTPHeaderField: "Content-Type"), body: body)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
}
