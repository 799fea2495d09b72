import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SkillEndpoint {
    /// The HTTP exchange: a URLSession of the endpoint's own (no cache, no cookies), and a
    /// deadline of our own, because URLSession's timeouts are whole seconds on some platforms
    /// (half a second there means none at all); the session's own stay as a backstop.
    final class Transport: Sendable {
        let session: URLSession
        let timeout: TimeInterval

        init(timeout: TimeInterval) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout + 1
            configuration.timeoutIntervalForResource = timeout + 1
            configuration.urlCache = nil
            configuration.httpShouldSetCookies = false
            self.session = URLSession(configuration: configuration)
            self.timeout = timeout
        }

        deinit { session.invalidateAndCancel() }

        /// Where deadlines fire: a queue of our own, whose thread is not one of the few the
        /// global queues share with busy work (a busy process would otherwise fire them late).
        static let deadlines = DispatchQueue(label: "SkillEndpoint.deadlines")

        func exchange(_ request: URLRequest, url: String) async throws -> (Data, HTTPURLResponse) {
            let pending = PendingExchange()
            let (data, response): (Data, URLResponse)
            do {
                (data, response) = try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        pending.start(session.dataTask(with: request) { data, response, error in
                            if let error {
                                pending.finish(.failure(error))
                            } else if let response {
                                pending.finish(.success((data ?? Data(), response)))
                            } else {
                                pending.finish(.failure(URLError(.badServerResponse)))
                            }
                        }, continuation: continuation)
                        Self.deadlines.asyncAfter(deadline: .now() + timeout) {
                            pending.finish(.failure(URLError(.timedOut)))
                        }
                    }
                } onCancel: {
                    pending.finish(.failure(CancellationError()))
                }
            } catch let error as URLError {
                throw Self.endpointError(error, url: url, timeout: timeout)
            }
            guard let answer = response as? HTTPURLResponse else {
                throw SkillEndpointError.unreachable(url: url, reason: "the answer is not HTTP")
            }
            return (data, answer)
        }

        static func endpointError(_ error: URLError, url: String, timeout: TimeInterval) -> SkillEndpointError {
            switch error.code {
            case .timedOut: .timedOut(url: url, seconds: timeout)
            case .cannotConnectToHost: .unreachable(url: url, reason: "the connection was refused")
            case .cannotFindHost, .dnsLookupFailed: .unreachable(url: url, reason: "the host is unknown")
            case .notConnectedToInternet: .unreachable(url: url, reason: "there is no network connection")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                 .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
                .unreachable(url: url, reason: "the TLS connection failed (\(error.code.rawValue))")
            case .networkConnectionLost, .badServerResponse, .zeroByteResource:
                .noAnswer(url: url, reason: "the connection closed before a complete answer came")
            default:
                .unreachable(url: url, reason: "URL error \(error.code.rawValue)")
            }
        }
    }

    /// One request in flight: whichever comes first — the answer, the deadline or cancellation —
    /// resumes the caller, once; the others find nothing left to do, and the task is cancelled.
    final class PendingExchange: @unchecked Sendable {
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        private var outcome: Result<(Data, URLResponse), any Error>?

        func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            let early: Result<(Data, URLResponse), any Error>? = lock.withLock {
                if let outcome { return outcome }
                self.task = task
                self.continuation = continuation
                return nil
            }
            if let early {
                task.cancel()
                continuation.resume(with: early)
            } else {
                task.resume()
            }
        }

        func finish(_ result: Result<(Data, URLResponse), any Error>) {
            let (continuation, task): (CheckedContinuation<(Data, URLResponse), any Error>?, URLSessionDataTask?) = lock.withLock {
                guard outcome == nil else { return (nil, nil) }
                outcome = result
                defer { self.continuation = nil; self.task = nil }
                return (self.continuation, self.task)
            }
            continuation?.resume(with: result)
            if case .failure = result { task?.cancel() }
        }
    }
}
