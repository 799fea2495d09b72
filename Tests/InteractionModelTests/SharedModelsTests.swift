import Foundation
import Testing
@testable import InteractionModel

/// Every public model in ../shared/interaction-models goes through the importer: all are
/// accepted except those MANIFEST.tsv flags `malformed`, which must be refused with the line,
/// column and the right diagnosis.
@Suite(.enabled(if: TestSupport.hasSharedModels,
                "../shared/interaction-models not found beside the package (set SKILLNLU_SHARED to its path)"))
struct SharedModelsTests {
    typealias T = TestSupport

    struct Entry: CustomStringConvertible, Sendable {
        var file: String
        var locale: String
        var features: Set<String>
        var notes: String
        var description: String { file }
    }

    static let manifest: [Entry] = {
        guard let text = try? String(contentsOf: TestSupport.interactionModels.appendingPathComponent("MANIFEST.tsv"),
                                     encoding: .utf8) else { return [] }
        var entries: [Entry] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 7, columns[0].hasSuffix(".json") else { continue }
            entries.append(Entry(file: columns[0], locale: columns[5],
                                 features: Set(columns[6].split(separator: ",").map(String.init)),
                                 notes: columns.count > 7 ? columns[7] : ""))
        }
        return entries
    }()

    static var wellFormed: [Entry] { manifest.filter { !$0.features.contains("malformed") } }
    static var malformed: [Entry] { manifest.filter { $0.features.contains("malformed") } }

    @Test func manifestListsModels() {
        #expect(Self.manifest.count >= 20)
        #expect(Self.malformed.count >= 1)
    }

    @Test(arguments: wellFormed)
    func acceptsWellFormedModel(_ entry: Entry) throws {
        let path = T.interactionModels.appendingPathComponent(entry.file).path
        let result = try Importer.load(path: path)
        let errors = result.errors.map(\.description)
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
        #expect(!result.model.languageModel.intents.isEmpty)
        if SkillLocator.localeFromFileName(entry.file) != nil {
            #expect(result.source.locale == entry.locale)
        }
        // The notes give counts for the large models ("28802 slot values", "809 values").
        if let expected = Self.number(before: [" slot values", " values"], in: entry.notes) {
            let values = result.model.languageModel.types.reduce(0) { $0 + $1.values.count }
            #expect(values == expected)
        }
    }

    @Test(arguments: malformed)
    func refusesMalformedModelWithLocationAndDiagnosis(_ entry: Entry) throws {
        let url = T.interactionModels.appendingPathComponent(entry.file)
        let bytes = [UInt8](try Data(contentsOf: url))
        do {
            _ = try Importer.load(path: url.path)
            Issue.record("\(entry.file) was accepted")
        } catch {
            guard case .malformedJSON(_, let syntax) = error else {
                Issue.record("\(entry.file): unexpected error \(error)")
                return
            }
            let notes = entry.notes.lowercased()
            // The location is the byte the error names, and that byte shows the mistake.
            #expect(SourceText(bytes).location(ofByte: syntax.offset) == syntax.location)
            let description = error.description
            #expect(description.contains(":\(syntax.location.line):\(syntax.location.column): error:"))
            if notes.contains("trailing comma") {
                #expect(syntax.kind == .trailingComma)
                #expect(bytes[syntax.offset] == UInt8(ascii: ","))
                let next = bytes[(syntax.offset + 1)...].first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
                #expect(next == UInt8(ascii: "]") || next == UInt8(ascii: "}"))
                #expect(syntax.message.contains("trailing comma"))
            } else if notes.contains("missing comma") {
                #expect(syntax.kind == .missingComma)
                let previous = bytes[..<syntax.offset].last { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
                let next = bytes[syntax.offset...].first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
                #expect(previous == UInt8(ascii: "\""))
                #expect(next == UInt8(ascii: "\""))
                #expect(syntax.message.contains("missing comma"))
            } else if notes.contains("newline") || notes.contains("line break") {
                #expect(syntax.kind == .lineBreakInString)
                #expect(bytes[syntax.offset] == 0x0A || bytes[syntax.offset] == 0x0D)
                #expect(syntax.message.contains("line break"))
            } else if notes.contains("merge") {
                #expect(syntax.kind == .mergeConflictMarker)
            } else if notes.contains("utf-8") {
                if case .invalidUTF8 = syntax.kind {} else { Issue.record("expected invalid UTF-8, got \(syntax.kind)") }
            } else {
                Issue.record("\(entry.file): no expected diagnosis known for the note \"\(entry.notes)\"")
            }
        }
    }

    @Test func importsTheLegacyQuizGameSchemaWithItsUtterances() throws {
        let schema = try #require(Self.manifest.first { $0.file.hasSuffix("intentSchema.json") })
        let result = try Importer.load(path: T.interactionModels.appendingPathComponent(schema.file).path)
        #expect(result.source.format == .legacyIntentSchema)
        #expect(result.source.otherFiles.first?.hasSuffix("sampleUtterances.txt") == true)
        #expect(result.isValid)
        let utterances = try String(contentsOf: T.interactionModels.appendingPathComponent(
            schema.file.replacingOccurrences(of: "intentSchema.json", with: "sampleUtterances.txt")), encoding: .utf8)
        let lines = utterances.split(whereSeparator: \.isNewline).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let samples = result.model.languageModel.intents.reduce(0) { $0 + $1.samples.count }
        #expect(samples == lines.count)
        let answer = try #require(result.model.intent(named: "AnswerIntent"))
        #expect(answer.samples.contains("tell me about {StateName}"))
        #expect(result.findings(.legacyOpenSlotType).map(\.text) == ["US_STATE_ABBR"])
    }

    static func number(before suffixes: [String], in text: String) -> Int? {
        for suffix in suffixes {
            guard let range = text.range(of: suffix) else { continue }
            let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber }
            if let n = Int(String(digits.reversed())) { return n }
        }
        return nil
    }
}
