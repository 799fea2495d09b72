import Foundation
import Testing
@testable import SkillDialog

/// `FilePersistenceAdapter` under concurrent writers: each user's file always holds one whole
/// save, never a mixture or a half-written file, and no temporary file is left behind.
@Suite struct FilePersistenceTests {
    static func envelope(user: String) -> RequestEnvelope {
        let application = Application(applicationId: "amzn1.ask.skill.reliability")
        let account = User(userId: user)
        let request = IntentRequest(requestId: "r", timestamp: "2026-11-22T10:00:00Z", locale: "en-US",
                                    intent: IntentRequest.Intent(name: "Save"))
        return RequestEnvelope(session: Session(new: false, sessionId: "s", application: application, user: account),
                               context: Context(system: SystemState(application: application, user: account)),
                               request: .intent(request))
    }

    /// A save big enough (about 64 KB) that writing it takes many system calls.
    static func attributes(writer: Int, round: Int) -> Attributes {
        let filler = String(repeating: "\(writer % 10)", count: 64_000)
        return ["writer": .number(Double(writer)), "round": .number(Double(round)), "filler": .string(filler),
                "check": .string("\(writer)-\(round)-\(filler.count)")]
    }

    /// Whether `stored` is one whole save of ``attributes(writer:round:)``.
    static func isWhole(_ stored: Attributes) -> Bool {
        guard let writer = stored["writer"]?.intValue, let round = stored["round"]?.intValue else { return false }
        return stored == attributes(writer: writer, round: round)
    }

    @Test func concurrentWritersForDifferentUsers() async throws {
        let directory = try ReliabilitySupport.scratchDirectory("persistence").appendingPathComponent("not-yet-created")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let adapter = FilePersistenceAdapter(directory: directory)
        let users = 24, rounds = 6
        // The directory does not exist yet: all first saves race to create it.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in 0..<users {
                group.addTask {
                    let envelope = Self.envelope(user: "user-\(user)")
                    for round in 0..<rounds {
                        try await adapter.saveAttributes(Self.attributes(writer: user, round: round), for: envelope)
                        let back = try await adapter.getAttributes(for: envelope)
                        #expect(back == Self.attributes(writer: user, round: round), "user \(user) round \(round)")
                    }
                }
            }
            try await group.waitForAll()
        }
        for user in 0..<users {
            let stored = try await adapter.getAttributes(for: Self.envelope(user: "user-\(user)"))
            #expect(stored == Self.attributes(writer: user, round: rounds - 1))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == users && !names.contains { $0.hasPrefix(".") }, "\(names)")
    }

    @Test func concurrentWritersAndReadersForOneUser() async throws {
        let directory = try ReliabilitySupport.scratchDirectory("persistence-one")
        defer { try? FileManager.default.removeItem(at: directory) }
        let adapter = FilePersistenceAdapter(directory: directory)
        let envelope = Self.envelope(user: "amzn1.ask.account.shared/../user?")
        try await adapter.saveAttributes(Self.attributes(writer: 0, round: 0), for: envelope)
        let writers = 6, rounds = 8, readers = 4
        let torn = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for round in 0..<rounds {
                        try await adapter.saveAttributes(Self.attributes(writer: writer, round: round), for: envelope)
                    }
                }
            }
            for _ in 0..<readers {
                group.addTask {
                    for _ in 0..<(rounds * 3) {
                        // Every read sees one whole save: the file is replaced by rename, never rewritten.
                        if !Self.isWhole(try await adapter.getAttributes(for: envelope)) { torn.add() }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(torn.value == 0)
        #expect(Self.isWhole(try await adapter.getAttributes(for: envelope)))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 1 && !names[0].hasPrefix(".") && !names[0].contains("/"), "\(names)")
    }
}
