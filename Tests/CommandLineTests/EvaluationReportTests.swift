import CommandLineSupport
import Foundation
import SkillNLU
import Testing

/// The evaluation report (HTML and JSON) against an evaluation worked out by hand.
@Suite struct EvaluationReportTests {
    typealias Answer = EvaluationFigures.Answer
    typealias Count = EvaluationFigures.SlotCount

    /// Five answers. By hand:
    /// - PlayIntent: support 3, answered 2, right 2: precision 1, recall 2/3, F1 0.8;
    ///   StopIntent: support 1, answered 3, right 1: precision 1/3, recall 1, F1 0.5;
    ///   PauseIntent: support 1, answered 0: F1 0. Intent accuracy 3/5, all right 2/5,
    ///   macro F1 (0.8 + 0.5 + 0) / 3.
    /// - genre: expected 2, found 1, right 1 (P 1, R 0.5); volume: found 1, right 0 (P 0, R 0);
    ///   together P 0.5, R 0.5.
    /// - Confidence bins (one answer each): 4 wrong, 5 wrong, 7 right, 8 right, 9 right; expected
    ///   calibration error (0.45 + 0.55 + 0.25 + 0.15 + 0.05) / 5 = 0.29.
    static let answers: [Answer] = [
        Answer(utterance: "play jazz", place: "line 1", expectedIntent: "PlayIntent", actualIntent: "PlayIntent", confidence: 0.95,
               decidedBy: .exact, expectedSlots: [.init(name: "genre", value: "jazz")], foundSlots: [.init(name: "genre", value: "jazz")],
               slotCounts: ["genre": Count(expected: 1, found: 1, correct: 1)], passed: true),
        Answer(utterance: "play <b>rock</b> & \"roll\"", place: "line 2", expectedIntent: "PlayIntent", actualIntent: "StopIntent",
               confidence: 0.55, alternatives: [IntentHypothesis(name: "PlayIntent", confidence: 0.41)], decidedBy: .model,
               expectedSlots: [.init(name: "genre", value: "rock & roll")], slotCounts: ["genre": Count(expected: 1)], passed: false),
        Answer(utterance: "stop", place: "line 3", expectedIntent: "StopIntent", actualIntent: "StopIntent", confidence: 0.85,
               decidedBy: .model, passed: true),
        Answer(utterance: "pause", place: "line 4", expectedIntent: "PauseIntent", actualIntent: "StopIntent", confidence: 0.45,
               alternatives: [IntentHypothesis(name: "PauseIntent", confidence: 0.3)], decidedBy: .fallback, passed: false),
        Answer(utterance: "play music loud", place: "line 5", expectedIntent: "PlayIntent", actualIntent: "PlayIntent", confidence: 0.75,
               decidedBy: .model, foundSlots: [.init(name: "volume", value: "loud")], slotCounts: ["volume": Count(found: 1)],
               passed: false),
    ]
    static let source = EvaluationSource(title: "music <demo>", annotations: "tests & more.jsonl", modelDigest: "00ff00ff00ff00ff",
                                         command: "nlu-classify --model 'a b.nlu' --evaluate x")
    static let figures = EvaluationFigures(answers: answers, source: source)

    @Test func figuresAreTheHandComputedOnes() {
        let f = Self.figures
        #expect(f.intents == ["PauseIntent", "PlayIntent", "StopIntent"])
        #expect(f.confusion == [[0, 0, 1], [0, 2, 1], [0, 0, 1]])
        #expect(f.intentScores.map(\.intent) == ["PauseIntent", "StopIntent", "PlayIntent"])
        let play = f.intentScores[2], stop = f.intentScores[1]
        #expect((play.support, play.predicted, play.correct) == (3, 2, 2))
        #expect(abs(play.recall - 2.0 / 3) < 1e-12 && abs(play.f1 - 0.8) < 1e-12)
        #expect(abs(stop.precision - 1.0 / 3) < 1e-12 && abs(stop.f1 - 0.5) < 1e-12)
        #expect(f.intentScores[0].f1 == 0)
        #expect(f.intentAccuracy == 0.6 && f.passRate == 0.4)
        #expect(abs(f.macroIntentF1 - 1.3 / 3) < 1e-12)
        #expect(f.slotScores.map(\.slot) == ["volume", "genre"])
        #expect(f.slotScores[1].count.recall == 0.5 && f.slotScores[1].count.precision == 1)
        #expect(f.slotScores[0].count.f1 == 0)
        #expect(f.slotTotal == Count(expected: 2, found: 2, correct: 1))
        #expect(f.confidenceBins.map(\.right) == [0, 0, 0, 0, 0, 0, 0, 1, 1, 1])
        #expect(f.confidenceBins.map(\.wrong) == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0])
        #expect(abs(f.expectedCalibrationError - 0.29) < 1e-9)
        #expect(f.wrongAnswers.map(\.place) == ["line 2", "line 4", "line 5"])
    }

    @Test func htmlShowsTheFiguresAndEscapesText() throws {
        let html = EvaluationReportHTML.render(Self.figures)
        // Self-contained: nothing to fetch.
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("@import") && !html.contains("url("))
        let page = try XMLTree.parse(html)
        #expect(page.element(id: "model-digest")?.text == "00ff00ff00ff00ff")
        #expect(page.element(id: "command")?.text == "nlu-classify --model 'a b.nlu' --evaluate x")
        #expect(page.all("h1").first?.text == "NLU evaluation: music <demo>")
        #expect(page.element(id: "intent-accuracy")?.text.hasPrefix("60.0 %") == true)
        #expect(page.element(id: "slot-f1")?.text.hasPrefix("0.500") == true)
        #expect(page.element(id: "ece")?.text.hasPrefix("0.290") == true)

        let intents = try rows(page, "intent-table")
        #expect(intents == [["PauseIntent", "0.000", "0.000", "0.000", "1", "0"],
                            ["StopIntent", "0.333", "1.000", "0.500", "1", "3"],
                            ["PlayIntent", "1.000", "0.667", "0.800", "3", "2"]])
        #expect(try rows(page, "slot-table") == [["volume", "0.000", "0.000", "0.000", "0", "1", "0"],
                                                 ["genre", "1.000", "0.500", "0.667", "2", "1", "1"]])
        #expect(try rows(page, "pair-table") == [["PauseIntent", "StopIntent", "1"], ["PlayIntent", "StopIntent", "1"]])

        // The heat map: a cell per pair, its count on hover.
        let cells = page.all { $0.name == "rect" && $0.attributes["class"] == "cell" }
        #expect(cells.count == 9)
        #expect(cells.map { $0.attributes["data-count"] ?? "" } == ["0", "0", "1", "0", "2", "1", "0", "0", "1"])
        #expect(cells[5].all("title").first?.text == "PlayIntent → StopIntent: 1 of 3 (33.3 %)")
        #expect(try rows(page, "matrix-table") == [["PauseIntent", "0", "0", "1"], ["PlayIntent", "0", "2", "1"], ["StopIntent", "0", "0", "1"]])

        // Histogram and reliability diagram.
        let right = page.all { $0.attributes["class"] == "bar-right" }.map { $0.attributes["data-count"] ?? "" }
        let wrong = page.all { $0.attributes["class"] == "bar-wrong" }.map { $0.attributes["data-count"] ?? "" }
        #expect(right == ["0", "0", "0", "0", "0", "0", "0", "1", "1", "1"])
        #expect(wrong == ["0", "0", "0", "0", "1", "1", "0", "0", "0", "0"])
        let reliability = page.all { $0.attributes["class"] == "reliability" }.map { $0.attributes["data-accuracy"] ?? "" }
        #expect(reliability == ["0", "0", "1", "1", "1"])

        // The wrong answers, the markup in an utterance shown as text.
        let wrongRows = try rows(page, "wrong-table")
        #expect(wrongRows.count == 3)
        #expect(wrongRows[0][0] == "play <b>rock</b> & \"roll\"line 2")
        #expect(wrongRows[0][1] == "PlayIntentgenre=\u{201C}rock & roll\u{201D}")
        #expect(wrongRows[0][2] == "StopIntent 0.550")
        #expect(wrongRows[0][3] == "PlayIntent 0.410")
        #expect(wrongRows[0][4] == "statistical model")
        #expect(wrongRows[1][4] == "fallback")
    }

    @Test func jsonHasTheSameFigures() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(EvaluationReportJSON.render(Self.figures).utf8)) as? [String: Any])
        let source = try #require(json["source"] as? [String: Any])
        #expect(source["modelDigest"] as? String == "00ff00ff00ff00ff")
        let overall = try #require(json["overall"] as? [String: Any])
        #expect(overall["intentAccuracy"] as? Double == 0.6)
        #expect(overall["macroIntentF1"] as? Double == 0.4333)
        #expect(overall["expectedCalibrationError"] as? Double == 0.29)
        #expect(overall["slotF1"] as? Double == 0.5)
        let intents = try #require(json["intents"] as? [[String: Any]])
        #expect(intents.map { $0["intent"] as? String } == ["PauseIntent", "StopIntent", "PlayIntent"])
        #expect(intents[2]["recall"] as? Double == 0.6667)
        let confusion = try #require(json["confusion"] as? [String: Any])
        #expect(confusion["matrix"] as? [[Int]] == [[0, 0, 1], [0, 2, 1], [0, 0, 1]])
        let wrong = try #require(json["wrong"] as? [[String: Any]])
        #expect(wrong.count == 3)
        #expect(wrong[0]["utterance"] as? String == "play <b>rock</b> & \"roll\"")
        #expect(wrong[0]["decidedBy"] as? String == "model")
        let bins = try #require(json["confidenceBins"] as? [[String: Any]])
        #expect(bins.map { $0["wrong"] as? Int } == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0])
    }

    /// 150 intents: the heat map keeps to the 30 most confused, and says so.
    @Test func manyIntentsShowTheMostConfused() throws {
        var answers: [Answer] = []
        let names = (0..<150).map { String(format: "intent_%03d", $0) }
        for name in names {
            for _ in 0..<5 { answers.append(Answer(utterance: "u", expectedIntent: name, actualIntent: name, confidence: 0.9, decidedBy: .model, passed: true)) }
        }
        // Intent k < 40 (counting from 100) loses k + 1 utterances to the next one: confusion
        // mass grows with k, so the 30 most confused are intent_110 … intent_140.
        for k in 0..<40 {
            for _ in 0...k {
                answers.append(Answer(utterance: "w", expectedIntent: names[100 + k], actualIntent: names[101 + k], confidence: 0.5,
                                      decidedBy: .model, passed: false))
            }
        }
        // And intent_140 one to intent_000, which is left out of the map.
        answers.append(Answer(utterance: "w", expectedIntent: names[140], actualIntent: names[0], confidence: 0.5, decidedBy: .model,
                              passed: false))
        let f = EvaluationFigures(answers: answers, source: Self.source)
        let shown = f.heatMapIntents(limit: 30).map { f.intents[$0] }
        #expect(shown == Array(names[111...140]))
        let page = try XMLTree.parse(EvaluationReportHTML.render(f))
        #expect(page.all { $0.name == "rect" && $0.attributes["class"] == "cell" }.count == 900)
        let others = page.all { $0.name == "rect" && $0.attributes["class"] == "cell-other" }
        #expect(others.map { $0.attributes["data-count"] ?? "" } == Array(repeating: "0", count: 29) + ["1"])
        #expect(others.last?.all("title").first?.text == "intent_140 → intents not shown: 1 of 6 (16.7 %)")
        #expect(try rows(page, "matrix-table").last?.last == "1")
        #expect(page.element(id: "confusion")?.text.contains("The 30 of 150 intents most involved in confusions") == true)
        #expect(try rows(page, "pair-table").first == ["intent_139", "intent_140", "40"])
        #expect(try rows(page, "intent-table").count == 150)
    }

    @Test func commandLineIsQuotedAsAShellTakesItBack() {
        #expect(EvaluationReportFiles.commandLine(["/x/.build/debug/nlu-classify", "--model", "my model.nlu", "it's"])
            == "nlu-classify --model 'my model.nlu' 'it'\\''s'")
    }

    /// The cells of a table's body rows, as text.
    func rows(_ page: XMLTree, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String]] {
        let table = try #require(page.element(id: id), "no table \(id)", sourceLocation: sourceLocation)
        let body = try #require(table.all("tbody").first, sourceLocation: sourceLocation)
        return body.all("tr").map { row in row.children.filter { $0.name == "td" || $0.name == "th" }.map(\.text) }
    }
}
