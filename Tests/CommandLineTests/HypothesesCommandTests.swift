import Foundation
import Testing

/// `nlu-classify --hypotheses`: one recogniser n-best list (a JSON array) per line or argument.
@Suite struct HypothesesCommandTests {
    func classify(_ arguments: [String], input: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Tools.Run {
        try Tools.run("nlu-classify", ["--model", try Tools.tiny.get(), "--hypotheses"] + arguments, input: input,
                      sourceLocation: sourceLocation)
    }

    @Test func eachLineIsAnNBestListAnsweredByItsBestReading() throws {
        let input = """
        [{"text": "order a bog pizza", "confidence": 0.5}, {"text": "order a big pizza", "confidence": 0.4}]
        ["when are you open", "when are you opening"]
        []
        not json
        [{"text": "opening hours", "confidence": "high"}]
        [{"text": "opening hours", "confidence": 1.5}]

        """
        let run = try classify(["--format", "jsonl"], input: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try run.jsonLines()
        try #require(lines.count == 6)

        #expect(lines[0]["text"] as? String == "order a big pizza")
        #expect(lines[0]["hypothesis"] as? Int == 1)
        #expect((lines[0]["intent"] as? [String: Any])?["name"] as? String == "OrderIntent")
        #expect((lines[0]["slots"] as? [String: Any])?["size"] != nil)
        let readings = try #require(lines[0]["hypotheses"] as? [[String: Any]])
        #expect(readings.map { $0["index"] as? Int } == [1, 0])
        #expect(readings.map { $0["text"] as? String } == ["order a big pizza", "order a bog pizza"])
        #expect(readings.map { $0["confidence"] as? Double } == [0.4, 0.5])
        let scores = readings.compactMap { $0["score"] as? Double }
        #expect(scores.count == 2 && scores[0] > scores[1])

        // Without confidences list order is the prior (1, then 0.9): the sample on top stays.
        #expect(lines[1]["hypothesis"] as? Int == 0)
        #expect((lines[1]["hypotheses"] as? [[String: Any]])?.count == 2)

        for (k, fragment) in [(2, "empty"), (3, "not a JSON array"), (4, "hypothesis 0"), (5, "from 0 to 1")] {
            #expect(lines[k]["line"] as? Int == k + 1)
            #expect((lines[k]["error"] as? String)?.contains(fragment) == true, "\(lines[k])")
        }
    }

    @Test func argumentsAndTheTextAndAlexaFormats() throws {
        let list = #"[{"text": "i want a big pizza with hum", "confidence": 0.5}, {"text": "i want a big pizza with ham", "confidence": 0.45}]"#
        let text = try classify(["--format", "text", list])
        #expect(text.status == 0)
        #expect(text.stdout.contains("heard   hypothesis 2 of 2"))
        #expect(text.stdout.contains("toppings = \"ham\" → ham [id HAM]"))

        let alexa = try classify(["--format", "alexa", list])
        let request = try #require(try alexa.jsonLines().first?["request"] as? [String: Any])
        let slots = try #require((request["intent"] as? [String: Any])?["slots"] as? [String: [String: Any]])
        #expect(slots["size"]?["value"] as? String == "big")
        // A multiple-value slot is a list in the envelope: the chosen hypothesis's value is in it.
        #expect(alexa.stdout.contains("\"ham\"") && !alexa.stdout.contains("hum"))
    }

    @Test func cannotBeCombinedWithTheModelTools() throws {
        for extra in [["--explain"], ["--list"]] {
            let run = try classify(extra + (extra == ["--list"] ? [] : [#"["hello"]"#]))
            #expect(run.status == 64, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains("--hypotheses"))
        }
    }
}
