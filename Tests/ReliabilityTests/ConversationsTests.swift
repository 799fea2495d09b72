import Foundation
import FuzzHarness
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

/// Many users talking at once, one ``Conversation`` each over one shared model and one shared
/// file persistence adapter: no user sees another's session, dialog or stored attributes.
@Suite struct ConversationsTests {
    static let titles = ["dune", "emma", "the odyssey", "the hobbit", "ulysses"]
    static let rooms = ["quiet room", "meeting room", "media lab"]

    /// A skill that remembers, per session, the books borrowed, and per user (persistently)
    /// how many requests it has answered.
    static func librarySkill(persistence: any PersistenceAdapter) -> Skill {
        SkillBuilder()
            .addRequestHandlers(
                ClosureRequestHandler(requestType: "LaunchRequest") { input in
                    input.responseBuilder.speak("Welcome to the library.").getResponse()
                },
                ClosureRequestHandler(intents: ["BorrowBook"]) { input in
                    let title = Alexa.getSlotValue(input.requestEnvelope, "title") ?? "?"
                    var session = input.attributesManager.sessionAttributes
                    let borrowed = (session["borrowed"]?.arrayValue ?? []) + [.string(title)]
                    session["borrowed"] = .array(borrowed)
                    input.attributesManager.sessionAttributes = session
                    let list = borrowed.compactMap(\.stringValue).joined(separator: ", ")
                    return input.responseBuilder.speak("You have \(list).").getResponse()
                },
                ClosureRequestHandler(intents: ["BookRoom"]) { input in
                    let room = Alexa.getSlotValue(input.requestEnvelope, "room") ?? "?"
                    return input.responseBuilder.speak("Booked the \(room).").getResponse()
                })
            .addResponseInterceptors(ClosureResponseInterceptor { input, response in
                var stored = try await input.attributesManager.getPersistentAttributes()
                let count = stored["requests"]?.intValue ?? 0
                stored["requests"] = .number(Double(count + 1))
                stored["user"] = .string(input.requestEnvelope.context.system.user.userId)
                try input.attributesManager.setPersistentAttributes(stored)
                try await input.attributesManager.savePersistentAttributes()
                return response
            })
            .addErrorHandlers(ClosureErrorHandler { input, _ in input.responseBuilder.speak("Sorry?").getResponse() })
            .withPersistenceAdapter(persistence)
            .build()
    }

    struct Transcript: Sendable {
        var user: String
        var lastBorrowSpeech: String
        var roomSpeech: String
        var borrowed: [String]
        var requests: Int
    }

    /// One user's conversation: launch, borrow their books, book a room through the dialog
    /// model's elicitation (interleaved with everyone else's turns by the scheduler).
    static func converse(user: Int, model: NLUModel, interactionModel: InteractionModel, skill: Skill) async throws -> Transcript {
        let userId = "amzn1.ask.account.user-\(user)"
        let conversation = Conversation(model: model, interactionModel: interactionModel, skill: skill, seed: UInt64(user),
                                        options: Conversation.Options(userId: userId, timeZone: TimeZone(identifier: "UTC")!))
        _ = try await conversation.launch()
        let mine = (0..<3).map { titles[(user + $0 * 2) % titles.count] }
        var lastBorrow = ""
        for title in mine {
            lastBorrow = try await conversation.turn("borrow \(title)").speechText
            await Task.yield()
        }
        let asked = try await conversation.turn("book a room").speechText
        #expect(asked == "Which room would you like?", "user \(user)")
        let room = rooms[user % rooms.count]
        let booked = try await conversation.turn("the \(room)").speechText
        let state = await conversation.state
        let borrowed = state.sessionAttributes["borrowed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return Transcript(user: userId, lastBorrowSpeech: lastBorrow, roomSpeech: booked, borrowed: borrowed, requests: 0)
    }

    @Test func manyUsersAtOnceKeepTheirSessionsApart() async throws {
        let directory = try ReliabilitySupport.scratchDirectory("conversations")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilePersistenceAdapter(directory: directory)
        let interactionModel = try FuzzFixture.interactionModel
        let model = FuzzFixture.model
        let skill = Self.librarySkill(persistence: persistence)
        let users = 32
        let transcripts = try await withThrowingTaskGroup(of: Transcript.self) { group in
            for user in 0..<users {
                group.addTask { try await Self.converse(user: user, model: model, interactionModel: interactionModel, skill: skill) }
            }
            var all: [Transcript] = []
            for try await transcript in group { all.append(transcript) }
            return all
        }
        #expect(transcripts.count == users)
        for transcript in transcripts {
            let user = Int(transcript.user.split(separator: "-").last!)!
            let mine = (0..<3).map { Self.titles[(user + $0 * 2) % Self.titles.count] }
            #expect(transcript.borrowed == mine, "\(transcript.user)")
            #expect(transcript.lastBorrowSpeech == "You have \(mine.joined(separator: ", ")).", "\(transcript.user)")
            #expect(transcript.roomSpeech == "Booked the \(Self.rooms[user % Self.rooms.count]).", "\(transcript.user)")
            // Persistent attributes: this user's own file, counting this user's requests only
            // (launch, three borrows, and the room once the dialog model has elicited it: the
            // elicitation itself is Alexa's part, with no request to the skill).
            let url = persistence.fileURL(forKey: transcript.user)
            let stored = try JSONDecoder().decode(Attributes.self, from: Data(contentsOf: url))
            #expect(stored["user"]?.stringValue == transcript.user)
            #expect(stored["requests"]?.intValue == 5, "\(stored["requests"] as Any)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == users, "one file per user and no temporary files left: \(names.filter { $0.hasPrefix(".") })")
    }
}
