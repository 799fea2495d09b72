import BuiltInValues
import Foundation
import Synchronization
import Testing
@testable import Understanding

/// The feedback log as a file: entries survive the round trip, a torn last line costs only
/// itself, and writers appending at once never spoil each other's lines.
@Suite struct FeedbackLogTests {
    static func scratchLog() throws -> FeedbackLog {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return FeedbackLog(url: directory.appendingPathComponent("feedback.jsonl"))
    }

    static func result(_ text: String, intent: String, slots: [SlotValue] = []) -> NLUResult {
        NLUResult(text: text, intent: IntentHypothesis(name: intent, confidence: 0.75), slots: slots)
    }

    static let when = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func entriesComeBackAsWritten() throws {
        let log = try Self.scratchLog()
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        #expect(try log.read() == FeedbackLog.Contents(entries: [], unreadableLines: []), "no file yet: an empty log")
        let size = SlotValue(name: "size", type: "SizeType", value: "large", rawValue: "Large", start: 8, end: 13,
                             confidence: 0.9, source: .tagger)
        let right = FeedbackEntry.right(Self.result("order a Large pizza", intent: "OrderIntent", slots: [size]),
                                        model: "0123456789abcdef", time: Self.when)
        let wrong = FeedbackEntry.wrong(Self.result("feed me a LARGE one", intent: "HoursIntent"), intent: "OrderIntent",
                                        slots: [("size", "large")])  // now: kept to the second
        try log.append(right)
        try log.append(wrong)
        let contents = try log.read()
        #expect(contents.entries == [right, wrong])
        #expect(contents.unreadableLines.isEmpty)
        #expect(right.intent == "OrderIntent" && right.slots == [FeedbackEntry.Slot(slot: "size", value: "Large", start: 8, end: 13)])
        #expect(right.given.confidence == 0.75)
        #expect(wrong.given.intent == "HoursIntent" && wrong.verdict == .wrong)
        // The value is found case-insensitively and kept as the text writes it.
        #expect(wrong.slots == [FeedbackEntry.Slot(slot: "size", value: "LARGE", start: 10, end: 15)])
        let text = try String(contentsOf: log.url, encoding: .utf8)
        #expect(text.hasSuffix("}\n") && text.split(separator: "\n").count == 2)
        #expect(text.contains(#""verdict":"wrong""#) && text.contains(#""time":"2027-01-15T08:00:00Z""#))
    }

    @Test func aSlotValueIsFoundOnlyAsWholeTokens() {
        let tokenizer = Tokenizer(locale: "en-US")
        let inside = FeedbackEntry.Slot(locating: "large", of: "size", in: "the largest pizza", tokenizer: tokenizer)
        #expect(inside == FeedbackEntry.Slot(slot: "size", value: "large"))
        #expect(!inside.hasSpan)
        let words = FeedbackEntry.Slot(locating: "new york", of: "city", in: "a table in New  York tonight", tokenizer: tokenizer)
        #expect(words == FeedbackEntry.Slot(slot: "city", value: "New  York", start: 11, end: 20))
        let accented = FeedbackEntry.Slot(locating: "cafe", of: "place", in: "meet at the café", tokenizer: tokenizer)
        #expect(accented.value == "café" && accented.start == 12 && accented.end == 16)
    }

    @Test func aTornLastLineIsSkippedAndTheNextEntryStartsOnItsOwnLine() throws {
        let log = try Self.scratchLog()
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        let first = FeedbackEntry.right(Self.result("when are you open", intent: "HoursIntent"), time: Self.when)
        try log.append(first)
        // A crash in the middle of the second write leaves half a line, without its newline.
        let handle = try FileHandle(forWritingTo: log.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"given":{"intent":"Hours"#.utf8))
        try handle.close()
        #expect(try log.read() == FeedbackLog.Contents(entries: [first], unreadableLines: [2]))
        let third = FeedbackEntry.wrong(Self.result("menu", intent: "HoursIntent"), intent: "MenuIntent", time: Self.when)
        try log.append(third)
        #expect(try log.read() == FeedbackLog.Contents(entries: [first, third], unreadableLines: [2]))
    }

    @Test func writersAppendingAtOnceLoseNothing() throws {
        let log = try Self.scratchLog()
        defer { try? FileManager.default.removeItem(at: log.url.deletingLastPathComponent()) }
        // Long texts make each line far longer than a pipe's atomic write; threads (not tasks)
        // so that the writers really run side by side.
        let filler = String(repeating: "very ", count: 4_000)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for n in 0..<60 {
                do {
                    try log.append(.right(Self.result("\(filler)\(writer) \(n)", intent: "OrderIntent"), time: Self.when))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let contents = try log.read()
        #expect(contents.unreadableLines.isEmpty)
        #expect(contents.entries.count == 480)
        let texts = Set(contents.entries.map { $0.text.replacingOccurrences(of: filler, with: "") })
        let lost = Set((0..<8).flatMap { w in (0..<60).map { "\(w) \($0)" } }).subtracting(texts)
        #expect(lost.isEmpty, "\(lost.count) entries lost")
    }

    @Test func aLineOfALogIsToldFromAnAnnotatedUtterance() {
        #expect(FeedbackLog.isEntryLine(Array(#"{"text":"hi","verdict":"right","given":{"slots":[]},"slots":[],"time":"2027-01-15T08:00:00Z"}"#.utf8)))
        #expect(!FeedbackLog.isEntryLine(Array(#"{"text":"hi","intent":"Hello","slots":[]}"#.utf8)))
        #expect(!FeedbackLog.isEntryLine(Array(#"{"text":"hi","verdict":"maybe"}"#.utf8)))
    }
}
