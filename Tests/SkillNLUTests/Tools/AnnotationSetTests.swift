import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct AnnotationSetTests {
    func read(_ text: String, _ name: String) throws -> AnnotationSet {
        try AnnotationSet(data: Array(text.utf8), fileName: name)
    }

    @Test func readsAlexasJSONLayout() throws {
        let set = try read(#"""
        {"data": [
          {"inputs": {"utterance": "a large latte please", "referenceTimestamp": "2026-11-22T18:30:00.000Z"},
           "expected": [{"intent": {"name": "OrderDrink", "slots": {"size": {"value": "large"}, "drink": {"value": "latte"}}}}]},
          {"inputs": {"utterance": "where is my order"},
           "expected": [{"intent": {"name": "OrderStatus"}}, {"intent": {"name": "AMAZON.FallbackIntent"}}]}
        ]}
        """#, "set.json")
        #expect(set.layout == .alexaJSON)
        #expect(set.annotations.count == 2)
        let first = set.annotations[0]
        #expect(first.utterance == "a large latte please")
        #expect(first.referenceTimestamp == Date(timeIntervalSince1970: 1_795_372_200))
        #expect(first.expected[0].intent == "OrderDrink")
        #expect(Set(first.expected[0].slots.map { "\($0.name)=\($0.value)" }) == ["size=large", "drink=latte"])
        #expect(set.annotations[1].expected.map(\.intent) == ["OrderStatus", "AMAZON.FallbackIntent"])
        #expect(!first.valuesAreSpans)
    }

    @Test func readsTheConsolesCSVWithQuotedFields() throws {
        let rows = [
            "utterance,referenceTimestamp,intent,slot[drink],slot[size]",
            #""a large latte, please",,OrderDrink,latte,large"#,
            #""say ""hi""",2026-11-22,OrderStatus,,"#,
            "",
        ]
        let set = try read(rows.joined(separator: "\r\n"), "set.csv")
        #expect(set.layout == .alexaCSV)
        #expect(set.annotations.map(\.utterance) == ["a large latte, please", "say \"hi\""])
        #expect(set.annotations[0].expected[0].slots.map(\.name) == ["drink", "size"])
        #expect(set.annotations[1].expected[0].slots.isEmpty)
        #expect(set.annotations[1].referenceTimestamp != nil)
        #expect(set.annotations[1].place == "line 3")
    }

    @Test func readsDataSetJSONLinesAsSpans() throws {
        let set = try read("""
        {"text": "a large latte", "intent": "OrderDrink", "slots": [{"slot": "size", "value": "large", "start": 2, "end": 7}]}

        {"text": "where is my order", "intent": "OrderStatus", "slots": []}
        """, "tests.jsonl")
        #expect(set.layout == .jsonLines)
        #expect(set.annotations.count == 2)
        #expect(set.annotations[0].valuesAreSpans)
        #expect(set.annotations[0].expected[0].slots == [.init(name: "size", value: "large", start: 2, end: 7)])
        #expect(set.annotations[1].place == "line 3")
    }

    @Test func tellsTheLayoutFromTheContentWithoutAnExtension() throws {
        #expect(try read(#"{"data": [{"inputs": {"utterance": "x"}, "expected": [{"intent": {"name": "A"}}]}]}"#, "set").layout == .alexaJSON)
        #expect(try read(#"{"text": "x", "intent": "A", "slots": []}"#, "set").layout == .jsonLines)
        #expect(try read("utterance,intent\nx,A\n", "set").layout == .alexaCSV)
    }

    @Test(arguments: [
        ("set.json", #"{"data": [{"inputs": {}, "expected": []}]}"#, "data[0]"),
        ("set.json", #"{"data": [{"inputs": {"utterance": "x", "referenceTimestamp": "soon"}, "expected": [{"intent": {"name": "A"}}]}]}"#, "referenceTimestamp"),
        ("set.json", #"{"items": []}"#, "\"data\""),
        ("set.csv", "utterance,intent,colour\nx,A,red\n", "unknown column"),
        ("set.csv", "utterance,slot[a]\nx,y\n", "intent"),
        ("set.csv", "utterance,intent\n\"x,A\n", "not closed"),
        ("set.jsonl", "{\"text\": \"x\", \"intent\": \"A\"}\n{\"text\": 3}\n", "set.jsonl:2"),
        ("set.json", #"{"data": []}"#, "no annotations"),
    ])
    func malformedSetsSayWhatAndWhere(name: String, text: String, expected: String) {
        #expect {
            try read(text, name)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}
