import Testing
@testable import InteractionModel

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> JSONSyntaxError? { failure(Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let root = try parse(#"{"s": "a\"b\\c\/\n\t\u00e9\ud83c\udf55", "n": -12.5e3, "t": true, "f": false, "z": null, "a": [1, [], {}]}"#)
        #expect(root["s"]?.stringValue == "a\"b\\c/\n\té🍕")
        #expect(root["n"]?.value == .number("-12.5e3"))
        #expect(root["t"]?.value == .bool(true))
        #expect(root["f"]?.value == .bool(false))
        #expect(root["z"]?.isNull == true)
        #expect(root["a"]?.elements?.count == 3)
    }

    @Test func keepsOffsetsAndDuplicateKeysInOrder() throws {
        let text = "{\"a\": 1,\n \"a\": \"x\"}"
        let root = try parse(text)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["a", "a"])
        #expect(root["a"]?.stringValue == "x")
        let source = SourceText(Array(text.utf8))
        #expect(source.location(ofByte: members[1].keyOffset) == SourceLocation(line: 2, column: 2))
    }

    @Test func acceptsByteOrderMarkAndCRLF() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\r\n  \"k\": [\r\n    \"v\"\r\n  ]\r\n}\r\n".utf8)
        let root = try JSONParser.parse(bytes)
        #expect(root["k"]?.elements?.first?.stringValue == "v")
        let source = SourceText(bytes)
        let offset = try #require(root["k"]?.elements?.first?.offset)
        #expect(source.location(ofByte: offset) == SourceLocation(line: 3, column: 5))
    }

    @Test func reportsTrailingCommaAtTheComma() throws {
        let error = try #require(failure("{\n  \"a\": [1, 2,\n  ]\n}"))
        #expect(error.kind == .trailingComma)
        #expect(error.location == SourceLocation(line: 2, column: 13))
        #expect(error.message.contains("trailing comma"))
        let objectError = try #require(failure(#"{"a": 1, }"#))
        #expect(objectError.kind == .trailingComma)
        #expect(objectError.location == SourceLocation(line: 1, column: 8))
    }

    @Test func reportsMissingCommaWhereItBelongs() throws {
        let error = try #require(failure("[\n  \"one\"\n  \"two\"\n]"))
        #expect(error.kind == .missingComma)
        #expect(error.location == SourceLocation(line: 2, column: 8))
        #expect(error.message.contains("missing comma"))
        #expect(error.message.contains("line 3, column 3"))
        let objectError = try #require(failure("{\"a\": 1 \"b\": 2}"))
        #expect(objectError.kind == .missingComma)
    }

    @Test func reportsMergeConflictMarkers() throws {
        let text = "{\n<<<<<<< HEAD\n  \"a\": 1\n=======\n  \"a\": 2\n>>>>>>> branch\n}"
        let error = try #require(failure(text))
        #expect(error.kind == .mergeConflictMarker)
        #expect(error.location == SourceLocation(line: 2, column: 1))
        #expect(error.message.contains("<<<<<<< HEAD"))
        let middle = try #require(failure("{\"a\": 1\n=======\n\"a\": 2}"))
        #expect(middle.kind == .mergeConflictMarker)
        #expect(middle.location.line == 2)
    }

    @Test func reportsInvalidUTF8WithTheByte() throws {
        // "caf\xE9" as Latin-1 inside a string on line 2.
        let bytes = Array("{\n  \"v\": \"caf".utf8) + [0xE9] + Array("\"\n}".utf8)
        let error = try #require(failure(bytes))
        #expect(error.kind == .invalidUTF8(byte: 0xE9))
        #expect(error.location == SourceLocation(line: 2, column: 12))
        #expect(error.message.contains("0xE9"))
        #expect(error.message.contains("UTF-8"))
    }

    @Test func reportsUTF16Files() throws {
        let error = try #require(failure([0xFF, 0xFE, 0x7B, 0x00]))
        #expect(error.kind == .utf16)
    }

    @Test func reportsRawLineBreakInsideAString() throws {
        let error = try #require(failure("{\"a\": [\n  \"broken\nstring\"]}"))
        #expect(error.kind == .lineBreakInString)
        #expect(error.location == SourceLocation(line: 2, column: 10))
        #expect(error.message.contains("line break"))
        let tab = try #require(failure("[\"a\tb\"]"))
        #expect(tab.kind == .controlCharacterInString(0x09))
        #expect(tab.message.contains("\\t"))
    }

    @Test func namesOtherCommonMistakes() throws {
        let cases: [(String, JSONSyntaxError.Kind)] = [
            ("", .emptyDocument),
            ("   \n ", .emptyDocument),
            ("{\"a\": \"open", .unterminatedString),
            (#"["\q"]"#, .invalidEscape),
            (#"["\u12G4"]"#, .invalidEscape),
            ("[01]", .invalidNumber),
            ("[1.]", .invalidNumber),
            ("[.5]", .invalidNumber),
            ("{a: 1}", .unquotedKey),
            ("{'a': 1}", .singleQuotes),
            ("{\"a\": 1 // note\n}", .comment),
            ("[True]", .invalidLiteral("True")),
            ("[undefined]", .invalidLiteral("undefined")),
            ("{\"a\": [1}", .mismatchedBracket),
            ("[{\"a\": 1]", .mismatchedBracket),
            ("{\"a\": [1, 2", .unexpectedEnd),
            ("{\"a\" 1}", .missingColon),
            ("{} {}", .trailingContent),
            ("[,1]", .unexpectedCharacter),
        ]
        for (text, kind) in cases {
            let error = failure(text)
            #expect(error?.kind == kind, "\(text.debugDescription)")
            #expect(error?.message.isEmpty == false)
        }
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 5) + String(repeating: "]", count: JSONParser.maximumDepth + 5)
        #expect(failure(deep)?.kind == .nestingTooDeep)
        let fine = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(failure(fine) == nil)
    }

    @Test func countsColumnsInCharactersNotBytes() throws {
        let error = try #require(failure("[\"été\", \"日本\",]"))
        #expect(error.kind == .trailingComma)
        #expect(error.location == SourceLocation(line: 1, column: 13))
    }
}
