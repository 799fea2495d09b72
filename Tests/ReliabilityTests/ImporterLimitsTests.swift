import Foundation
import FuzzHarness
import Testing
@testable import InteractionModel
#if canImport(Glibc)
import Glibc
#endif

/// Models too large or too deep to be real: refused with a clear error, before they can
/// exhaust memory or time.
@Suite struct ImporterLimitsTests {
    func model(intents: String, types: String = "[]") -> String {
        #"{"interactionModel": {"languageModel": {"invocationName": "limits", "intents": \#(intents), "types": \#(types)}}}"#
    }

    @Test(arguments: [JSONParser.maximumDepth + 1, 10_000, 1_000_000])
    func deeplyNestedJSONIsRefused(depth: Int) throws {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let json = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            let error = #expect(throws: ImportError.self) { try Importer.importModel(json: Array(json.utf8)) }
            guard case .malformedJSON(_, let syntax)? = error else {
                Issue.record("expected a JSON syntax error, got \(String(describing: error))")
                continue
            }
            #expect(syntax.message.contains("nested more than \(JSONParser.maximumDepth) levels"))
            #expect(syntax.location.line == 1)
        }
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        // The limit leaves room for any real model (which nests fewer than ten levels).
        let depth = JSONParser.maximumDepth - 1
        let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        _ = try JSONParser.parse(Array(json.utf8))
    }

    /// A 200 MB file is refused by its size, before a byte of it is read: the file is sparse,
    /// so it costs no disk and the test stays fast.
    @Test func aTwoHundredMegabyteFileIsRefusedBeforeItIsRead() throws {
        let directory = try ReliabilitySupport.scratchDirectory("huge-model")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("en-US.json").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 200 << 20) == 0)
        close(fd)
        let error = #expect(throws: ImportError.self) { try Importer.load(path: path) }
        guard case .unreadable(let where_, let reason)? = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(where_ == path)
        #expect(reason.contains("200.0 MB") && reason.contains("16.0 MB"))
    }

    /// A file whose size the file system does not tell is read only up to the limit.
    @Test func anEndlessStreamIsReadOnlyUpToTheLimit() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
        let error = #expect(throws: ImportError.self) { try Importer.readFile("/dev/zero") }
        guard case .unreadable(_, let reason)? = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("larger than the 16.0 MB"))
    }

    @Test func bytesOverTheLimitAreRefusedBeforeParsing() {
        // Not JSON at all: had it been parsed, the error would be a syntax error.
        let bytes = [UInt8](repeating: 0x20, count: Importer.maximumModelSize + 1)
        let error = #expect(throws: ImportError.self) { try Importer.importModel(json: bytes, file: "big.json") }
        guard case .notAnInteractionModel(let file, let reason)? = error else {
            Issue.record("expected a size error, got \(String(describing: error))")
            return
        }
        #expect(file == "big.json" && reason.contains("more than the 16.0 MB"))
    }

    /// A million slot values cannot fit in the largest model the importer reads (each takes at
    /// least 24 bytes of JSON), so they are refused by size at once, without parsing.
    @Test func aMillionSlotValuesAreRefusedBySize() {
        var json = Array(#"{"interactionModel": {"languageModel": {"invocationName": "many", "intents": [{"name": "Get", "slots": [{"name": "v", "type": "Many"}], "samples": ["get {v}"]}], "types": [{"name": "Many", "values": ["#.utf8)
        json.reserveCapacity(json.count + 1_000_000 * 26)
        for i in 0..<1_000_000 {
            if i > 0 { json.append(0x2C) }
            json += Array(#"{"name":{"value":"v\#(i)"}}"#.utf8)
        }
        json += Array("]}]}}}".utf8)
        #expect(json.count > Importer.maximumModelSize)
        #expect(throws: ImportError.self) { try Importer.importModel(json: json) }
    }

    /// Below the size limit, many values import in one linear pass: a model of 50,000 values
    /// (1.4 MB, the size of the largest public skill) imports with every value kept.
    @Test func manyValuesUnderTheLimitImport() throws {
        let count = 50_000
        let values = (0..<count).map { #"{"id": "V\#($0)", "name": {"value": "value \#($0)"}}"# }.joined(separator: ",")
        let json = model(intents: #"[{"name": "Get", "slots": [{"name": "v", "type": "Many"}], "samples": ["get {v}"]}]"#,
                         types: #"[{"name": "Many", "values": [\#(values)]}]"#)
        let result = try Importer.importModel(json: Array(json.utf8))
        #expect(result.isValid)
        #expect(result.model.languageModel.types.first?.values.count == count)
    }

    @Test func aOneMegabyteSampleIsAnError() throws {
        let sample = String(repeating: "borrow a book ", count: 1_048_576 / 14 + 1)
        let json = model(intents: #"[{"name": "Borrow", "samples": ["\#(sample)", "borrow a book"]}]"#)
        let result = try Importer.importModel(json: Array(json.utf8), file: "en-US.json")
        #expect(!result.isValid)
        let errors = result.findings.filter { $0.rule == .textTooLong }
        #expect(errors.count == 1)
        let finding = try #require(errors.first)
        #expect(finding.severity == .error)
        #expect(finding.path == "interactionModel.languageModel.intents[0].samples[0]")
        #expect(finding.location?.line == 1)
        #expect(finding.message.contains("\(sample.unicodeScalars.count) characters"))
        #expect(finding.description.count < 1_000, "the finding quotes the sample shortened")
    }

    @Test func overlongValuesAndSynonymsAreErrors() throws {
        let long = String(repeating: "x", count: Validator.maximumTextLength + 1)
        let justRight = String(repeating: "y", count: Validator.maximumTextLength)
        let json = model(intents: #"[{"name": "Get", "slots": [{"name": "v", "type": "T"}], "samples": ["get {v}", "\#(justRight)"]}]"#,
                         types: #"[{"name": "T", "values": [{"name": {"value": "\#(long)"}}, {"name": {"value": "ok", "synonyms": ["\#(long)", "fine"]}}]}]"#)
        let result = try Importer.importModel(json: Array(json.utf8))
        let paths = result.findings.filter { $0.rule == .textTooLong }.compactMap(\.path)
        #expect(paths == ["interactionModel.languageModel.types[0].values[0].name.value",
                          "interactionModel.languageModel.types[0].values[1].name.synonyms[0]"])
        #expect(!result.isValid)
    }

    @Test func theSizeLimitReachesTheCommandLine() throws {
        // nlu-train reads through Importer.load, so it refuses the same way (exit 66, no input).
        let train = try #require(ReliabilitySupport.executable("nlu-train"), "nlu-train is not built")
        let directory = try ReliabilitySupport.scratchDirectory("huge-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("en-US.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let stderr = directory.appendingPathComponent("stderr").path
        let exit = try ChildProcess(train, [path, "--check"], stderr: stderr).wait()
        #expect(exit.status == 66)
        let message = try String(contentsOfFile: stderr, encoding: .utf8)
        #expect(message.contains("200.0 MB"), "\(message)")
    }
}
