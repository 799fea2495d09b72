import Foundation
import InteractionModel
import SkillNLU
import TestFixtures
import Testing
@testable import SkillDialog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// End to end against a real backend: `Examples/PizzaShopBackend`, written with the ASK SDK for
/// Python and served by ask-sdk-webservice-support on 127.0.0.1 (a port of its choosing), driven
/// by the trained bundled PizzaShop model. `make endpoint-check` prepares the Python and runs it.
@Suite struct PizzaShopBackendTests {
    /// The Python with `ask-sdk-core` and `ask-sdk-webservice-support`, named by `make endpoint-check`.
    static let python = ProcessInfo.processInfo.environment["SKILLNLU_ENDPOINT_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    static let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/PizzaShopBackend/server.py")

    /// The backend, started for one test and stopped when it is released.
    final class Backend: Sendable {
        let process: Process
        let url: String

        init(python: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [PizzaShopBackendTests.server.path, "--port", "0"]
            process.currentDirectoryURL = PizzaShopBackendTests.server.deletingLastPathComponent()
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            self.process = process
            // The first line is "listening on http://127.0.0.1:PORT/"; the SDK imports take a second or two.
            let line = try Self.firstLine(of: output.fileHandleForReading, within: 60)
            guard let range = line.range(of: "http://") else {
                process.terminate()
                throw POSIXError(.ECONNREFUSED)
            }
            url = String(line[range.lowerBound...])
        }

        /// Stops the server: SIGTERM, then SIGKILL if it is still running a few seconds later.
        /// (No waitUntilExit: it spins on a thread without a run loop.)
        deinit {
            process.terminate()
            for _ in 0..<50 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        /// Reads up to the first newline, giving up after `seconds` so a broken backend cannot hang the test.
        static func firstLine(of handle: FileHandle, within seconds: Double) throws -> String {
            var bytes: [UInt8] = []
            let deadline = Date().addingTimeInterval(seconds)
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while !bytes.contains(UInt8(ascii: "\n")) {
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                guard left > 0, poll(&poller, 1, left) > 0 else { throw POSIXError(.ETIMEDOUT) }
                var byte: UInt8 = 0
                guard read(handle.fileDescriptor, &byte, 1) == 1 else { throw POSIXError(.EPIPE) }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Says each line and checks the backend's (or the dialog model's) answer.
    struct Script {
        let conversation: Conversation

        @discardableResult
        func say(_ line: String, _ expected: String? = nil, awaiting: DialogAsk?? = .none,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Response {
            let response = try await conversation.turn(line)
            if let expected { #expect(response.speechText == expected, "after \"\(line)\"", sourceLocation: sourceLocation) }
            if case .some(let ask) = awaiting {
                #expect(await conversation.state.dialog?.awaiting == ask, "after \"\(line)\": \(response.speechText)",
                        sourceLocation: sourceLocation)
            }
            return response
        }
    }

    @Test(.enabled(if: python != nil, "no Python with the ASK SDK: run `make endpoint-check`, which prepares one and runs this test"),
          .enabled(if: PizzaShopSkillTests.bundledModelURL != nil, "InteractionModels/PizzaShop is not in this checkout"))
    func aWholeConversationWithTheASKSDKBackend() async throws {
        let backend = try Backend(python: try #require(Self.python))
        let (model, nlu) = try #require(ElicitedAnswerTranscriptTests.bundled, "the bundled PizzaShop model did not train")
        let conversation = Conversation(model: nlu, interactionModel: model, skill: try SkillEndpoint(backend.url),
                                        seed: 3, options: Fixtures.options)
        let s = Script(conversation: conversation)

        #expect(try await conversation.launch().speechText == "Welcome to the pizza shop. What would you like to order?")
        // The backend delegates; the dialog model elicits every slot, confirms the crust and the order.
        try await s.say("i would like to order a pizza", awaiting: .elicitSlot("quantity"))
        try await s.say("two", awaiting: .elicitSlot("size"))
        try await s.say("large", awaiting: .elicitSlot("pizza"))
        try await s.say("pepperoni", awaiting: .elicitSlot("crust"))
        try await s.say("thin", awaiting: .confirmSlot("crust"))
        try await s.say("yes", awaiting: .confirmIntent)
        // Placed (a session attribute counts it), then chained to the delivery with Dialog.Delegate.
        let placed = try await s.say("yes", awaiting: .elicitSlot("method"))
        #expect(placed.speechText.hasPrefix("Order 1 is placed: 2 large pepperoni pizzas on thin crust. "))
        #expect(await conversation.state.dialog?.intent.name == "ScheduleDeliveryIntent")
        // The backend's own Dialog.ElicitSlot and Dialog.ConfirmSlot.
        try await s.say("delivery", "At what time should we deliver it?", awaiting: .elicitSlot("time"))
        try await s.say("at seven pm", "Delivery at 19:00, is that right?", awaiting: .confirmSlot("time"))
        try await s.say("yes", "We'll deliver order 1 at 19:00. Anything else?", awaiting: .some(nil))
        // A second order in the same session: the count came back in session.attributes.
        try await s.say("order three small margherita pizzas with thick crust", awaiting: .confirmSlot("crust"))
        try await s.say("yes", awaiting: .confirmIntent)
        let second = try await s.say("yes", awaiting: .elicitSlot("method"))
        #expect(second.speechText.hasPrefix("Order 2 is placed: 3 small margherita pizzas on thick crust. "))
        try await s.say("pickup", "Order 2 will be ready for pickup in about twenty minutes. Anything else?")
        try await s.say("stop", "Goodbye. Thanks for your 2 orders.")
        #expect(await conversation.lastTurn?.sessionEnded == true)

        let requests = try #require(await conversation.lastTurn?.requests)
        #expect(requests.first?.session?.attributes?["orders"] == 2)
        #expect(requests.first?.session?.attributes?["lastOrder"] == "3 small margherita pizzas on thick crust")
    }
}
