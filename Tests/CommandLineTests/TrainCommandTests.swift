import Foundation
import Testing

/// Runs the built `nlu-train` as a user would: training, its report, exit codes, conflicts.
@Suite struct TrainCommandTests {
    func train(_ arguments: [String], in directory: URL = Tools.packageRoot, outputPath: String? = nil) throws -> Tools.Run {
        try Tools.run("nlu-train", arguments, outputPath: outputPath, in: directory)
    }

    func scratchDirectory() throws -> URL {
        let url = Tools.workDirectory.appendingPathComponent("train-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func trainsToTheDefaultFileWithProgressAndASummary() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let skill = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path
        let run = try train([skill], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let model = directory.appendingPathComponent("HelloWorld.en-US.nlu")
        #expect(FileManager.default.fileExists(atPath: model.path))
        // Nothing but the model is left in the folder (the temporary file was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["HelloWorld.en-US.nlu"])
        #expect(run.stdout.hasPrefix("trained HelloWorld.en-US.nlu\n"))
        for text in ["7 intents", "27 samples", "generated utterances", "model ", "trained in", "samples classified to their own intent",
                     "fallback (LOW): AMAZON.FallbackIntent when it is at least 70 % sure", "everyday requests learnt as outside the skill"] {
            #expect(run.stdout.contains(text), "summary lacks \(text)")
        }
        // Progress goes to standard error as plain lines when it is not a terminal.
        let classifierLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("training intent classifier ") }
        #expect(classifierLines.count >= 2, "the stage's start and end")
        let last = classifierLines.last.map { $0.split(separator: " ")[3] }?.split(separator: "/")
        #expect(last?.count == 2 && last?[0] == last?[1], "the last line is the last epoch")
        #expect(!run.stderr.contains("\u{1B}["))
        #expect(!run.stdout.contains("kept features"), "a small skill keeps every feature and says nothing of it")
        let classify = try Tools.run("nlu-classify", ["--model", model.path, "hello"])
        #expect(classify.status == 0)
    }

    /// `--precision` chooses the bits of the classifier's tables: three make a smaller file
    /// than eight; a precision that does not exist is a usage error naming the choices.
    @Test func precisionChoosesTheClassifiersBits() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let skill = Tools.packageRoot.appendingPathComponent("InteractionModels/HelloWorld").path
        var sizes: [String: Int] = [:]
        for precision in ["int3", "int8"] {
            let path = directory.appendingPathComponent("\(precision).nlu").path
            let run = try train([skill, "--precision", precision, "-o", path, "--quiet"], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            sizes[precision] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        }
        let int3 = try #require(sizes["int3"]), int8 = try #require(sizes["int8"])
        #expect(int3 < int8)
        let wrong = try train([skill, "--precision", "int9", "-o", directory.appendingPathComponent("x.nlu").path])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("int9") && wrong.stderr.contains("int3"), "\(wrong.stderr)")
    }

    /// Beyond 32 intents the carrier classifier keeps only features two carrier phrases share
    /// ("kumquats" is in one): the summary says so without `--verbose`. The members' rows fit
    /// their budget, so nothing is said of the intent classifier.
    @Test func theSummarySaysWhatALargeSkillsClassifiersLeftOut() throws {
        let intents = (0..<40).map { i in
            #"{"name": "Ask\#(i)Intent", "slots": [{"name": "thing", "type": "Thing"}, {"name": "count", "type": "AMAZON.NUMBER"}], "#
                + #""samples": ["ask \#(i) about {thing}", "tell me about {thing} number \#(i)""#
                + (i == 0 ? #", "kumquats {count}"]}"# : "]}")
        }
        let json = #"{"interactionModel": {"languageModel": {"invocationName": "large", "intents": ["#
            + intents.joined(separator: ", ")
            + #"], "types": [{"name": "Thing", "values": [{"name": {"value": "rain"}}, {"name": {"value": "snow"}}]}]}}}"#
        let skill = try Tools.file("en-US.json", json)
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try train([skill, "-o", directory.appendingPathComponent("large.nlu").path, "--contextual-head", "none"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let carrier = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  carrier classifier: kept features seen in ≥ 2 carrier phrases (") }
        #expect(carrier.count == 1, "\(run.stdout)")
        #expect(!run.stdout.contains("intent classifier:"), "\(run.stdout)")
        #expect(!run.stdout.contains("alone keeps"), "the figures of each classifier are for --verbose")
    }

    @Test func anOutputThatCannotBeCreatedExits73BeforeTraining() throws {
        let skill = "InteractionModels/HelloWorld"
        let noFolder = try train([skill, "-o", "/no/such/folder/m.nlu"])
        #expect(noFolder.status == 73)
        #expect(noFolder.stderr.contains("/no/such/folder"))
        #expect(!noFolder.stderr.contains("training"), "it fails before training")
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let isFolder = try train([skill, "-o", directory.path])
        #expect(isFolder.status == 73)
        #expect(isFolder.stderr.contains("directory"))
    }

    @Test func unwritableStandardOutputExits74() throws {
        let run = try train(["InteractionModels/HelloWorld", "--check"], outputPath: "/dev/full")
        #expect(run.status == 74)
        #expect(run.stderr.contains("writing standard output failed"))
    }

    @Test func versionAndHelpWithExamples() throws {
        let version = try train(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try train(["--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Examples: nlu-train InteractionModels/PizzaShop --check"))
        #expect(text.contains("Exit codes: 0 ok, 64 usage, 65 invalid model, 66 missing input, 73 cannot create output, 74 I/O error"))
        let completion = try train(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdout.contains("nlu-train"))
    }

    // MARK: Conflicts

    static let conflicting = #"""
    {"interactionModel": {"languageModel": {"invocationName": "conflict demo",
      "intents": [
        {"name": "OrderIntent", "slots": [{"name": "size", "type": "Size"}], "samples": ["order a {size} pizza", "i want a {size} one"]},
        {"name": "MenuIntent", "samples": ["order a large pizza", "what is on the menu"]},
        {"name": "PlaySongIntent", "slots": [{"name": "song", "type": "Song"}], "samples": ["play {song}", "put on the song {song}"]},
        {"name": "PlayAlbumIntent", "slots": [{"name": "album", "type": "Album"}], "samples": ["play {album}", "play the album {album}"]}
      ],
      "types": [
        {"name": "Size", "values": [{"name": {"value": "small"}}, {"name": {"value": "large"}}]},
        {"name": "Song", "values": [{"name": {"value": "yesterday"}}, {"name": {"value": "thriller"}}]},
        {"name": "Album", "values": [{"name": {"value": "abbey road"}}, {"name": {"value": "thriller"}}]}
      ]}}}
    """#

    @Test func checkReportsConflictsWithBothPlacesAndStrictFails() throws {
        let path = try Tools.file("en-US.json", Self.conflicting)
        let run = try train([path, "--check"])
        #expect(run.status == 0, "conflicts are warnings")
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("intents[0].samples[0] \"order a {size} pizza\"")
            && $0.contains("intents[1].samples[0] \"order a large pizza\" of MenuIntent") && $0.contains("fits both") })
        #expect(warnings.contains { $0.contains("intents[2].samples[0] \"play {song}\"")
            && $0.contains("intents[3].samples[0] \"play {album}\"") && $0.contains("\"thriller\" is a value of both Song and Album") })
        #expect(warnings.allSatisfy { $0.contains("en-US.json:") }, "each names the file, line and column")
        let strict = try train([path, "--check", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stdout.contains("invalid with --strict"))
    }

    @Test func conflictsNameBothIntents() throws {
        let path = try Tools.file("en-US.json", #"""
        {"interactionModel": {"languageModel": {"invocationName": "music box",
          "intents": [
            {"name": "PlayIntent", "samples": ["play some music", "put on a song"]},
            {"name": "StartIntent", "samples": ["start the music", "play some music"]}
          ], "types": []}}}
        """#)
        let same = try train([path, "--check"])
        #expect(same.stdout.contains(#"intents[1].samples[1] "play some music": conflict in StartIntent: PlayIntent has the same sample (intents[0].samples[0])"#),
                "\(same.stdout)")
        let detected = try train([Tools.file("en-US.json", Self.conflicting), "--check"])
        let warnings = detected.stdout.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.contains { $0.contains("in OrderIntent: conflicts with") && $0.contains("of MenuIntent") })
        #expect(warnings.contains { $0.contains("in PlaySongIntent: conflicts with") && $0.contains("of PlayAlbumIntent") })
    }

    @Test func anUnknownLocaleIsAUsageErrorListingAlexasLocales() throws {
        let run = try train(["InteractionModels/HelloWorld", "--check", "--locale", "en-UK"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--locale must be one of Alexa's locales") && run.stderr.contains("en-GB, en-IN, en-US"))
        #expect(run.stderr.contains("not 'en-UK'"))
    }

    @Test func theReportShowsAnUnfilledSlotAsTheSampleWritesIt() throws {
        // The sample "{count}" is read as its slot's name (a number slot lists no values); forty
        // annotated utterances teach the model that "count" means Beta.
        let path = try Tools.file("en-US.json", #"""
        {"interactionModel": {"languageModel": {"invocationName": "greek",
          "intents": [
            {"name": "Alpha", "slots": [{"name": "count", "type": "AMAZON.NUMBER"}],
             "samples": ["alpha one", "alpha two", "alpha three", "{count}", "alpha {count} times"]},
            {"name": "Beta", "samples": ["beta two", "beta three", "beta four", "beta five", "beta six"]}
          ], "types": []}}}
        """#)
        let annotated = try Tools.file("count.jsonl", String(repeating: #"{"text": "count", "intent": "Beta", "slots": []}"# + "\n", count: 40))
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try train([path, "-o", directory.appendingPathComponent("greek.nlu").path, "--annotated", annotated])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#"intents[0].samples[3] Alpha "{count}" → Beta"#), "\(run.stdout)")
        #expect(!run.stdout.contains(#"Alpha "count""#))
    }

    @Test func strictTrainingWithAStatisticalConflictWritesNoModel() throws {
        // "beta one" is a sample of Alpha, while the annotated utterances teach the model, forty
        // times over, that it means Beta: the trained model must read the sample as Beta.
        let path = try Tools.file("en-US.json", #"""
        {"interactionModel": {"languageModel": {"invocationName": "greek",
          "intents": [
            {"name": "Alpha", "samples": ["alpha one", "alpha two", "alpha three", "alpha four", "beta one"]},
            {"name": "Beta", "samples": ["beta two", "beta three", "beta four", "beta five", "beta six", "beta seven"]}
          ], "types": []}}}
        """#)
        let annotated = try Tools.file("beta.jsonl", String(repeating: #"{"text": "beta one", "intent": "Beta", "slots": []}"# + "\n", count: 40))
        let check = try train([path, "--check", "--strict", "--quiet"])
        #expect(check.status == 0, "no conflict is visible without training")
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("greek.nlu").path
        let relaxed = try train([path, "-o", output, "--annotated", annotated])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("intents[0].samples[4] Alpha \"beta one\" → Beta"))
        #expect(relaxed.stdout.contains("nearest intents[1].samples["))
        try FileManager.default.removeItem(atPath: output)
        let strict = try train([path, "-o", output, "--annotated", annotated, "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("error:") && strict.stderr.contains("\"beta one\""))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
