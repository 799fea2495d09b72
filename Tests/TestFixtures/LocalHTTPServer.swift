import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP server for the endpoint tests: listens on 127.0.0.1 on a port the system picks,
/// records each request body it receives and answers as the test says — a JSON response, any
/// status and body, nothing at all (the connection stays open and silent), or a closed
/// connection. No Python, no network beyond the loopback.
///
/// Its URL ends in a path of its own (a random one), and a request for any other path is answered
/// 404 and not counted: ports are reused, so a client of an earlier test's server (stopped, its
/// port taken by this one) must not take the place of this test's first request.
public final class LocalHTTPServer: @unchecked Sendable {
    /// How to answer one request.
    public enum Answer: Sendable {
        /// This status, content type and body.
        case reply(status: Int, contentType: String, body: String)
        /// Read the request and never answer: the connection stays open until the client closes
        /// it (``silenceLasted(_:)`` says when) or the server stops.
        case silence
        /// Close the connection without a word.
        case hangUp

        /// A 200 with this JSON.
        public static func json(_ body: String) -> Answer { .reply(status: 200, contentType: "application/json", body: body) }
    }

    private let listener: Int32
    public let port: Int
    private let path = "/" + UUID().uuidString.lowercased()
    private let lock = NSLock()
    private var bodies: [Data] = []
    private var silent: [Int32] = []
    private var silences: [Int: TimeInterval] = [:]
    private var stopped = false
    private let answer: @Sendable (_ index: Int, _ body: Data) -> Answer

    /// The URL to give the endpoint.
    public var url: String { "http://127.0.0.1:\(port)\(path)" }

    /// The request bodies received so far, in order.
    public var requests: [Data] { lock.withLock { bodies } }

    /// How long the client kept request `index` (answered with ``Answer/silence``) open before
    /// it closed the connection; nil while it is open. Timed on the server's own thread, so a
    /// busy test process does not stretch it.
    public func silenceLasted(_ index: Int) -> TimeInterval? { lock.withLock { silences[index] } }

    /// Starts listening; `answer` is asked for each request in turn (its index counts from 0).
    public init(answer: @escaping @Sendable (_ index: Int, _ body: Data) -> Answer) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { close(listener); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// A server that answers every request with `answer`.
    public convenience init(always answer: Answer) throws {
        try self.init { _, _ in answer }
    }

    /// Stops listening and closes every connection still open.
    ///
    /// The listening socket is shut down here (connections are refused from now on) but closed
    /// by the accept thread alone, once it has seen the stop: were it closed here, the system
    /// could give its number to another server's socket, and an accept thread that had not yet
    /// reached `accept` would then take that server's connections.
    public func stop() {
        let first: Bool = lock.withLock {
            if stopped { return false }
            stopped = true
            // Wakes the threads waiting on silent connections; each closes its own.
            silent.forEach { shutdown($0, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        // Wakes the accept thread: `accept` on a shut-down listener fails at once.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            if lock.withLock({ stopped }) {
                close(listener)
                return
            }
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        guard let (path, body) = readRequest(connection) else { close(connection); return }
        guard path == self.path else {
            write(connection, Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            close(connection)
            return
        }
        let index: Int = lock.withLock {
            bodies.append(body)
            return bodies.count - 1
        }
        switch answer(index, body) {
        case .reply(let status, let contentType, let text):
            let payload = Data(text.utf8)
            let head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Type: \(contentType)\r\n"
                + "Content-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
            write(connection, Data(head.utf8) + payload)
            close(connection)
        case .silence:
            let keep = lock.withLock { () -> Bool in
                if !stopped { silent.append(connection) }
                return !stopped
            }
            guard keep else { close(connection); return }
            let start = Date()
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
            lock.withLock {
                if !stopped { silences[index] = Date().timeIntervalSince(start) }
                silent.removeAll { $0 == connection }
                close(connection)
            }
        case .hangUp:
            close(connection)
        }
    }

    /// The path and body of one HTTP request (headers read up to the blank line, then
    /// Content-Length bytes).
    private func readRequest(_ connection: Int32) -> (path: String, body: Data)? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = received.range(of: separator) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length {
                    // "POST /path HTTP/1.1": the second word of the request line.
                    let requestLine = String(decoding: received[..<end.lowerBound], as: UTF8.self).prefix { $0 != "\r" }
                    let words = requestLine.split(separator: " ")
                    let path = words.count > 1 ? String(words[1]) : ""
                    return (path, received.subdata(in: end.upperBound..<(end.upperBound + length)))
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    private func write(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}
