import Foundation
import Testing
@testable import SkillDialog

@Suite struct AttributesTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("skilldialog-tests-\(UUID().uuidString)")
    }

    @Test func sessionAndRequestAttributes() throws {
        let manager = AttributesManager(requestEnvelope: Fixtures.intentEnvelope("X", attributes: ["a": 1]))
        #expect(manager.getSessionAttributes() == ["a": 1])
        manager.sessionAttributes["b"] = "two"
        #expect(manager.getSessionAttributes() == ["a": 1, "b": "two"])
        manager.setRequestAttributes(["r": true])
        #expect(manager.requestAttributes == ["r": true])
        var noSession = Fixtures.intentEnvelope("X")
        noSession.session = nil
        #expect(throws: AttributesError.noSession) {
            try AttributesManager(requestEnvelope: noSession).setSessionAttributes(["a": 1])
        }
    }

    @Test func persistentAttributesNeedAnAdapter() async throws {
        let manager = AttributesManager(requestEnvelope: Fixtures.intentEnvelope("X"))
        await #expect(throws: AttributesError.noPersistenceAdapter) { try await manager.getPersistentAttributes() }
        #expect(AttributesError.noPersistenceAdapter.description.contains("withPersistenceAdapter"))
    }

    @Test func persistentAttributesThroughTheSkillWithTheMemoryAdapter() async throws {
        let adapter = InMemoryPersistenceAdapter()
        let skill = SkillBuilder()
            .withPersistenceAdapter(adapter)
            .addRequestHandlers(ClosureRequestHandler(intents: ["VisitIntent"]) { input in
                var stored = try await input.attributesManager.getPersistentAttributes()
                let visits = (stored["visits"]?.intValue ?? 0) + 1
                stored["visits"] = .number(Double(visits))
                try input.attributesManager.setPersistentAttributes(stored)
                try await input.attributesManager.savePersistentAttributes()
                return input.responseBuilder.speak("Visit \(visits)").getResponse()
            })
            .build()
        _ = try await skill.invoke(Fixtures.intentEnvelope("VisitIntent", userId: "ada"))
        let second = try await skill.invoke(Fixtures.intentEnvelope("VisitIntent", userId: "ada"))
        let other = try await skill.invoke(Fixtures.intentEnvelope("VisitIntent", userId: "bob"))
        #expect(second.response.speechText == "Visit 2")
        #expect(other.response.speechText == "Visit 1")
        #expect(await adapter.contents == ["ada": ["visits": 2], "bob": ["visits": 1]])
    }

    @Test func fileAdapterRoundTripsAndDeletes() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let adapter = FilePersistenceAdapter(directory: directory)
        let envelope = Fixtures.intentEnvelope("X", userId: "amzn1.ask.account.ABC")
        #expect(try await adapter.getAttributes(for: envelope) == [:])
        let attributes: Attributes = ["name": "Ada", "scores": [1, 2, 3], "nested": ["deep": true]]
        try await adapter.saveAttributes(attributes, for: envelope)
        #expect(try await adapter.getAttributes(for: envelope) == attributes)
        let file = adapter.fileURL(forKey: "amzn1.ask.account.ABC")
        #expect(file.lastPathComponent == "amzn1.ask.account.ABC.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["amzn1.ask.account.ABC.json"])
        try await adapter.deleteAttributes(for: envelope)
        #expect(try await adapter.getAttributes(for: envelope) == [:])
    }

    @Test func fileNamesCannotEscapeTheDirectory() {
        #expect(FilePersistenceAdapter.fileName(forKey: "../../etc/passwd") == "%2E.%2F..%2Fetc%2Fpasswd.json")
        #expect(FilePersistenceAdapter.fileName(forKey: ".hidden") == "%2Ehidden.json")
        #expect(FilePersistenceAdapter.fileName(forKey: "") == "%00.json")
        #expect(FilePersistenceAdapter.fileName(forKey: "a b/ü") == "a%20b%2F%C3%BC.json")
        let long = String(repeating: "x", count: 400)
        let name = FilePersistenceAdapter.fileName(forKey: long)
        #expect(name.utf8.count < 200)
        #expect(name != FilePersistenceAdapter.fileName(forKey: long + "y"))
    }

    @Test func corruptFileIsATypedError() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let adapter = FilePersistenceAdapter(directory: directory)
        try Data("{ not json".utf8).write(to: adapter.fileURL(forKey: "u1"))
        do {
            _ = try await adapter.getAttributes(for: Fixtures.intentEnvelope("X", userId: "u1"))
            Issue.record("expected an error")
        } catch let error as PersistenceError {
            guard case .corruptFile(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasSuffix("u1.json"))
            #expect(error.description.contains("delete the file"))
        }
    }

    @Test func concurrentWritersOfDifferentUsersKeepEveryFileWhole() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let adapter = FilePersistenceAdapter(directory: directory)
        let users = (0..<16).map { "user-\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in users {
                group.addTask {
                    let envelope = Fixtures.intentEnvelope("X", userId: user)
                    for round in 0..<20 {
                        let payload = JSONValue.string(String(repeating: user, count: 50))
                        try await adapter.saveAttributes(["user": .string(user), "round": .number(Double(round)),
                                                          "payload": payload], for: envelope)
                    }
                }
            }
            try await group.waitForAll()
        }
        for user in users {
            let stored = try await adapter.getAttributes(for: Fixtures.intentEnvelope("X", userId: user))
            #expect(stored["user"] == .string(user))
            #expect(stored["round"]?.intValue == 19)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == users.count)
        #expect(names.allSatisfy { $0.hasSuffix(".json") && !$0.hasPrefix(".") })
    }

    @Test func aReaderNeverSeesAHalfWrittenFile() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let adapter = FilePersistenceAdapter(directory: directory)
        let envelope = Fixtures.intentEnvelope("X", userId: "shared")
        let big = JSONValue.array((0..<2000).map { .string("item-\($0)") })
        try await adapter.saveAttributes(["version": 0, "items": big], for: envelope)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 1...4 {
                group.addTask {
                    for round in 0..<10 {
                        try await adapter.saveAttributes(["version": .number(Double(writer * 100 + round)), "items": big],
                                                         for: envelope)
                    }
                    return 0
                }
            }
            group.addTask {
                var reads = 0
                for _ in 0..<40 {
                    // Any read must decode (a torn file would throw corruptFile) and be complete.
                    let stored = try await adapter.getAttributes(for: envelope)
                    #expect(stored["items"]?.arrayValue?.count == 2000)
                    reads += 1
                }
                return reads
            }
            var total = 0
            for try await n in group { total += n }
            #expect(total == 40)
        }
    }
}
