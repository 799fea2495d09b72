import Foundation
import Testing

/// Runs the built `nlu-classify` as a user would: exit codes, standard input, every format.
@Suite struct ClassifyCommandTests {
    func helloModel() throws -> String { try Tools.hello.get() }
    func tinyModel() throws -> String { try Tools.tiny.get() }

    func classify(_ arguments: [String], input: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Tools.Run {
        try Tools.run("nlu-classify", arguments, input: input, sourceLocation: sourceLocation)
    }

    // MARK: Exit codes

    @Test func topAndLocaleSayWhatIsWrong() throws {
        for value in ["-1", "0"] {
            let top = try classify(["--model", "m.nlu", "--top", value, "hello"])
            #expect(top.status == 64)
            #expect(top.stderr.contains("--top must be at least 1"), "\(top.stderr)")
        }
        let hello = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path
        let unknown = try classify(["--skill", hello, "--locale", "en-UK", "hello"])
        #expect(unknown.status == 64)
        for locale in ["ar-SA", "de-DE", "en-AU", "en-CA", "en-GB", "en-IN", "en-US", "es-ES", "es-MX", "es-US",
                       "fr-CA", "fr-FR", "hi-IN", "it-IT", "ja-JP", "nl-NL", "pt-BR"] {
            #expect(unknown.stderr.contains(locale), "\(locale) is listed")
        }
        let model = try helloModel()
        let other = try classify(["--model", model, "--locale", "de-DE", "hello"])
        #expect(other.status == 64)
        #expect(other.stderr.contains("--locale de-DE disagrees with \(model), a model trained for en-US"), "\(other.stderr)")
        #expect(other.stdout.isEmpty)
        let same = try classify(["--model", model, "--locale", "en_us", "--format", "jsonl", "hello"])
        #expect(same.status == 0, "the model's own locale, in any spelling, is fine: \(same.stderr)")
    }

    @Test func missingModelFileExits66() throws {
        let run = try classify(["--model", "no/such/model.nlu", "hello"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("no/such/model.nlu"))
        let directory = try classify(["--model", Tools.workDirectory.path, "hello"])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("directory"))
    }

    /// A model file damaged in the ways files get damaged is refused with 65, never half-read.
    @Test(arguments: ["flipped bit", "truncated", "wrong magic", "empty", "newer format", "trailing bytes"])
    func damagedModelFileExits65(damage: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try helloModel())))
        switch damage {
        case "flipped bit": bytes[bytes.count / 2] ^= 0x10
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "wrong magic": bytes[0] = UInt8(ascii: "X")
        case "empty": bytes = []
        case "newer format": bytes[8] = 0xFF
        default: bytes += [0, 1, 2]
        }
        let path = try Tools.file("damaged.nlu", Data(bytes))
        let run = try classify(["--model", path, "hello"])
        #expect(run.status == 65, "\(damage): \(run.stderr)")
        #expect(run.stderr.contains("model file"), "\(damage): \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [
        [String](),
        ["hello"],
        ["--model", "m.nlu", "--skill", "InteractionModels/HelloWorld", "hello"],
        ["--model", "m.nlu", "--format", "xml", "hello"],
        ["--model", "m.nlu", "--top", "-1", "hello"],
        ["--model", "m.nlu", "--reference-date", "2026-13-01", "hello"],
        ["--model", "m.nlu", "--reference-date", "22.11.2026", "hello"],
        ["--model", "m.nlu", "--time-zone", "Mars/Olympus_Mons", "hello"],
        ["--model", "m.nlu", "--list", "hello"],
        ["--model", "m.nlu", "--list", "--evaluate", "a.json"],
        ["--model", "m.nlu", "--explain", "--format", "alexa", "hello"],
        ["--model", "m.nlu", "--no-such-option"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let run = try classify(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(!run.stderr.isEmpty)
    }

    @Test func skillErrorsExit66Or65() throws {
        let missing = try classify(["--skill", "no/such/skill.json", "hello"])
        #expect(missing.status == 66)
        let malformed = try classify(["--skill", try Tools.file("en-US.json", "{\"interactionModel\": ["), "hello"])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("en-US.json:1:"))
        let invalid = try classify(["--skill", try Tools.file("en-US.json", #"""
            {"interactionModel": {"languageModel": {"invocationName": "x", "intents": [{"name": "A", "samples": ["go to {city}"]}]}}}
            """#), "hello"])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("slot {city} is not declared"))
    }

    @Test func unreadableInputExits74() throws {
        // A directory as standard input: read(2) fails with EISDIR.
        let run = try Tools.run("nlu-classify", ["--model", try helloModel()], inputPath: Tools.workDirectory.path)
        #expect(run.status == 74)
        #expect(run.stderr.contains("reading standard input failed"))
    }

    @Test func unwritableOutputExits74() throws {
        let run = try Tools.run("nlu-classify", ["--model", try helloModel(), "hello"], outputPath: "/dev/full")
        #expect(run.status == 74)
        #expect(run.stderr.contains("writing standard output failed"))
    }

    // MARK: Standard input

    @Test func everyKindOfLineGetsItsOwnAnswerInOrder() throws {
        var input = Data("hello\r\n".utf8)                      // CRLF: one carriage return removed
        input += Data("\n".utf8)                                // empty line
        input += Data([0x68, 0x69, 0x20, 0xFF, 0xFE, 0x0A])     // "hi " then bytes that are not UTF-8
        input += Data("say\u{0}hi\n".utf8)                      // a NUL byte belongs to the line
        input += Data((String(repeating: "hello ", count: 600) + "\n").utf8)  // 3,600 characters
        input += Data("hi\r\r\n".utf8)                          // only one carriage return is removed
        input += Data("good day".utf8)                          // last line without a line feed
        let run = try classify(["--model", try helloModel(), "--format", "jsonl"], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try run.jsonLines()
        try #require(lines.count == 7, "\(run.stdout)")
        #expect(lines[0]["text"] as? String == "hello")
        #expect(lines[0]["truncated"] == nil)
        // The empty line: its text, a null intent, no alternatives and no slots.
        #expect(Set(lines[1].keys) == ["text", "intent", "alternatives", "slots"])
        #expect(lines[1]["text"] as? String == "")
        #expect(lines[1]["intent"] is NSNull)
        #expect((lines[1]["alternatives"] as? [Any])?.isEmpty == true)
        #expect((lines[1]["slots"] as? [String: Any])?.isEmpty == true)
        #expect(Set(lines[2].keys) == ["line", "error"])
        #expect(lines[2]["line"] as? Int == 3)
        #expect(lines[2]["error"] as? String == "invalid UTF-8 at byte 4")
        #expect(lines[3]["text"] as? String == "say\u{0}hi")
        let long = try #require(lines[4]["text"] as? String)
        #expect(long.unicodeScalars.count == 2_000)
        #expect(lines[4]["truncated"] as? Bool == true)
        #expect(lines[5]["text"] as? String == "hi\r")
        #expect(lines[6]["text"] as? String == "good day")
    }

    @Test func aLineFarBeyondTheMaximumIsCutWithoutReadingItAll() throws {
        // 1 MB on one line, then a short line: the first answer is cut, the second is whole.
        var input = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        input += Data("\nhello\n".utf8)
        let run = try classify(["--model", try helloModel()], input: input)
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        try #require(lines.count == 2)
        #expect((lines[0]["text"] as? String)?.count == 2_000)
        #expect(lines[0]["truncated"] as? Bool == true)
        #expect(lines[1]["text"] as? String == "hello")
    }

    @Test func manyLinesKeepTheirOrderWhenClassifiedInParallel() throws {
        let texts = (0..<600).map { i in ["hello number \(i)", "my name is anna \(i)", "stop \(i)"][i % 3] }
        let run = try classify(["--model", try helloModel()], input: Data((texts.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        #expect(lines.map { $0["text"] as? String } == texts)
    }

    /// A slow writer (a person typing, a speech recogniser) gets each answer before it writes
    /// the next line and before standard input ends.
    @Test func aSlowPipeIsAnsweredLineByLine() throws {
        let binary = try #require(Tools.binary("nlu-classify"))
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--model", try helloModel(), "--format", "jsonl"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = LineCollector(output.fileHandleForReading)
        for (i, text) in ["hello", "my name is anna", "stop"].enumerated() {
            input.fileHandleForWriting.write(Data((text + "\n").utf8))
            // The pipe stays open: an answer can only come from reading line by line.
            let line = try #require(reader.nextLine(timeout: 60), "no answer to line \(i + 1) while input stays open")
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["text"] as? String == text)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(reader.nextLine(timeout: 10) == nil)
    }

    // MARK: Formats

    @Test func jsonlHasTheDocumentedShape() throws {
        let run = try classify(["--model", try tinyModel(), "--format", "jsonl", "--top", "2",
                                "i want a big pizza with ham"])
        #expect(run.status == 0)
        let object = try #require(try run.jsonLines().first)
        #expect(object["text"] as? String == "i want a big pizza with ham")
        let intent = try #require(object["intent"] as? [String: Any])
        #expect(intent["name"] as? String == "OrderIntent")
        #expect((intent["confidence"] as? Double).map { (0...1).contains($0) } == true)
        let alternatives = try #require(object["alternatives"] as? [[String: Any]])
        #expect(alternatives.count == 2)
        #expect(alternatives.allSatisfy { $0["name"] is String && $0["confidence"] is Double })
        let slots = try #require(object["slots"] as? [String: [String: Any]])
        let size = try #require(slots["size"])
        #expect(size["name"] as? String == "size")
        #expect(size["type"] as? String == "Size")
        #expect(size["rawValue"] as? String == "big")
        #expect(size["value"] is String)
        #expect(size["start"] as? Int == 9 && size["end"] as? Int == 12)
        #expect(size["confidence"] is Double)
        let toppings = try #require(slots["toppings"])
        #expect(toppings["rawValue"] as? String == "ham")
        #expect(toppings["values"] == nil, "one value: no list (ResultFormatTests cover several)")
    }

    @Test func builtInValuesAndResolutionsReachJSONAndTheAlexaEnvelope() throws {
        let jsonl = try classify(["--model", try tinyModel(), "--format", "jsonl", "order two big pizzas"])
        let slots = try #require(try jsonl.jsonLines().first?["slots"] as? [String: [String: Any]])
        #expect(slots["count"]?["value"] as? String == "2")
        #expect(slots["count"]?["rawValue"] as? String == "two")
        #expect(slots["count"]?["resolutions"] == nil)
        let authorities = try #require((slots["size"]?["resolutions"] as? [String: Any])?["resolutionsPerAuthority"] as? [[String: Any]])
        let authority = try #require(authorities.first)
        #expect((authority["authority"] as? String)?.hasPrefix("amzn1.er-authority.echo-sdk.") == true)
        #expect((authority["authority"] as? String)?.hasSuffix(".Size") == true)
        #expect((authority["status"] as? [String: Any])?["code"] as? String == "ER_SUCCESS_MATCH")
        let resolved = try #require((authority["values"] as? [[String: Any]])?.first?["value"] as? [String: Any])
        #expect(resolved["name"] as? String == "large" && resolved["id"] as? String == "L")

        let alexa = try classify(["--model", try tinyModel(), "--format", "alexa", "order two big pizzas"])
        let request = try #require(try alexa.jsonLines().first?["request"] as? [String: Any])
        let alexaSlots = try #require((request["intent"] as? [String: Any])?["slots"] as? [String: [String: Any]])
        #expect(alexaSlots["count"]?["value"] as? String == "2")
        #expect(alexaSlots["count"]?["resolutions"] == nil)
        #expect(alexaSlots["size"]?["resolutions"] is [String: Any])
        #expect((alexaSlots["size"]?["slotValue"] as? [String: Any])?["resolutions"] is [String: Any])

        let text = try classify(["--model", try tinyModel(), "--format", "text", "order two big pizzas"])
        #expect(text.stdout.contains("count = \"two\" → 2  (AMAZON.NUMBER)"))
        #expect(text.stdout.contains("size = \"big\" → large [id L]  (Size)"))
    }

    @Test func jsonIsOneArrayOfTheSameObjects() throws {
        let run = try classify(["--model", try helloModel(), "--format", "json", "hello", "", "stop"])
        #expect(run.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]])
        #expect(array.map { $0["text"] as? String } == ["hello", "", "stop"])
        let empty = try JSONSerialization.jsonObject(with: Data(try classify(["--model", try helloModel(), "--format", "json"],
                                                                               input: Data()).stdout.utf8))
        #expect((empty as? [Any])?.isEmpty == true)
    }

    @Test func alexaIsTheIntentRequestEnvelope() throws {
        let run = try classify(["--model", try tinyModel(), "--format", "alexa", "--reference-date", "2026-11-22",
                                "--time-zone", "UTC", "i want a big pizza with ham", "", "what are your hours"])
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        try #require(lines.count == 3)
        let envelope = lines[0]
        #expect(envelope["version"] as? String == "1.0")
        let session = try #require(envelope["session"] as? [String: Any])
        #expect(session["new"] as? Bool == true)
        #expect(session["sessionId"] is String)
        #expect((session["application"] as? [String: Any])?["applicationId"] is String)
        #expect((session["user"] as? [String: Any])?["userId"] is String)
        let system = try #require((envelope["context"] as? [String: Any])?["System"] as? [String: Any])
        #expect((system["device"] as? [String: Any])?["deviceId"] is String)
        let request = try #require(envelope["request"] as? [String: Any])
        #expect(request["type"] as? String == "IntentRequest")
        #expect((request["requestId"] as? String)?.hasPrefix("amzn1.echo-api.request.") == true)
        #expect(request["timestamp"] as? String == "2026-11-22T00:00:00Z")
        #expect(request["locale"] as? String == "en-US")
        #expect(request["dialogState"] as? String == "STARTED")
        let intent = try #require(request["intent"] as? [String: Any])
        #expect(intent["name"] as? String == "OrderIntent")
        #expect(intent["confirmationStatus"] as? String == "NONE")
        let slots = try #require(intent["slots"] as? [String: [String: Any]])
        #expect(Set(slots.keys) == ["size", "count", "toppings"], "every declared slot is present")
        #expect(Set(slots["count"]!.keys) == ["name", "confirmationStatus"])
        let size = try #require(slots["size"])
        #expect(size["value"] as? String == "big")
        #expect(size["source"] as? String == "USER")
        let simple = try #require(size["slotValue"] as? [String: Any])
        #expect(simple["type"] as? String == "Simple")
        #expect(simple["value"] as? String == "big")
        let toppings = try #require(slots["toppings"])
        #expect(toppings["value"] == nil, "a multiple-value slot has only slotValue")
        let list = try #require(toppings["slotValue"] as? [String: Any])
        #expect(list["type"] as? String == "List")
        let items = try #require(list["values"] as? [[String: Any]])
        #expect(items.map { $0["value"] as? String } == ["ham"])
        #expect(items.allSatisfy { $0["type"] as? String == "Simple" })
        // An empty line still answers with the empty result; an intent without slots has none.
        #expect(lines[1]["text"] as? String == "" && lines[1]["intent"] is NSNull)
        let hours = try #require((lines[2]["request"] as? [String: Any])?["intent"] as? [String: Any])
        #expect(hours["name"] as? String == "HoursIntent")
        #expect(hours["slots"] == nil)
        #expect((lines[2]["request"] as? [String: Any])?["dialogState"] == nil)
    }

    @Test func textIsCompactAndReadable() throws {
        let run = try classify(["--model", try tinyModel(), "--format", "text", "order a big pizza", ""])
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"order a big pizza\"\n  intent  OrderIntent  100.0 %  (exact)"))
        #expect(run.stdout.contains("  slots   size = \"big\""))
        #expect(run.stdout.contains("(none: empty input)"))
    }

    @Test func explainAddsTheExplanationObject() throws {
        let run = try classify(["--model", try tinyModel(), "--explain", "--format", "jsonl",
                                "order a big pizza", "could i get a little pizza with extra cheese"])
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        try #require(lines.count == 2)
        let exact = try #require(lines[0]["explanation"] as? [String: Any])
        #expect(exact["decidedBy"] as? String == "exact")
        #expect(exact["matchedSample"] as? String == "order a {size} pizza")
        let considered = try #require(exact["considered"] as? [[String: Any]])
        #expect(!considered.isEmpty && considered.allSatisfy { $0["intent"] is String && $0["score"] is Double })
        let slots = try #require(exact["slots"] as? [String: [String: Any]])
        #expect(slots["size"]?["foundBy"] as? String == "synonym")
        let features = try #require(exact["features"] as? [[String: Any]])
        #expect(!features.isEmpty && features.allSatisfy { $0["feature"] is String && $0["weight"] is Double })
        let model = try #require(lines[1]["explanation"] as? [String: Any])
        #expect(model["decidedBy"] as? String == "model")
        #expect(model["matchedSample"] == nil)
        // The best intent was read by joint decoding: its terms are there; an exact match has none.
        let best = try #require((model["considered"] as? [[String: Any]])?.first)
        #expect(best["jointScore"] is Double && best["slotLogProbability"] is Double && best["carrierProbability"] is Double)
        #expect(considered.allSatisfy { $0["jointScore"] == nil })
        let builtIn = try classify(["--model", try tinyModel(), "--explain", "order two big pizzas"])
        let found = try #require((try builtIn.jsonLines().first?["explanation"] as? [String: Any])?["slots"] as? [String: [String: Any]])
        #expect(found["count"]?["foundBy"] as? String == "builtIn")
        #expect(found["size"]?["resolvedName"] as? String == "large" && found["size"]?["resolvedId"] as? String == "L")
        #expect(found["size"]?["resolution"] as? String == "ER_SUCCESS_MATCH")
        let text = try classify(["--model", try tinyModel(), "--explain", "--format", "text", "order a big pizza"])
        #expect(text.stdout.contains("  why     exact match of a sample utterance"))
        #expect(text.stdout.contains("  found   size: synonym, in a sample; resolves to large [id L]"))
        #expect(text.stdout.contains("  words   "))
    }

    @Test func listShowsExamplesPerIntent() throws {
        let run = try classify(["--model", try tinyModel(), "--list", "--examples", "2", "--format", "jsonl"])
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        #expect(lines.map { $0["intent"] as? String } == ["OrderIntent", "HoursIntent", "AMAZON.StopIntent"])
        for line in lines {
            let examples = try #require(line["examples"] as? [String])
            #expect((1...2).contains(examples.count))
            #expect(examples.allSatisfy { !$0.contains("{") && !$0.isEmpty })
        }
        let text = try classify(["--model", try tinyModel(), "--list", "--format", "text"])
        #expect(text.stdout.hasPrefix("OrderIntent\n  \""))
    }

    // MARK: Help

    @Test func helpTeachesWithExamplesAndVersionAndCompletionsWork() throws {
        let help = try classify(["--help"])
        #expect(help.status == 0)
        for text in ["Examples:", "--model", "--skill", "--format", "--top", "--reference-date", "--time-zone",
                     "--explain", "--evaluate", "--list", "Exit status"] {
            #expect(help.stdout.contains(text), "help lacks \(text)")
        }
        let version = try classify(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        for shell in ["bash", "zsh", "fish"] {
            let completion = try classify(["--generate-completion-script", shell])
            #expect(completion.status == 0)
            #expect(completion.stdout.contains("nlu-classify"))
        }
    }
}

/// Reads lines from a pipe on a background thread, so a test can wait for one with a time
/// limit instead of blocking for ever when a tool does not answer.
final class LineCollector: @unchecked Sendable {
    private var lines: [String] = []
    private var ended = false
    private let condition = NSCondition()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    ended = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                pending += chunk
                while let nl = pending.firstIndex(of: 10) {
                    lines.append(String(decoding: pending[pending.startIndex..<nl], as: UTF8.self))
                    pending = Data(pending[(nl + 1)...])
                }
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The next line, or nil at the end of output or when none came within `timeout` seconds.
    func nextLine(timeout: TimeInterval) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
