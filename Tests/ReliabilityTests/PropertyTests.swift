import BuiltInValues
import CommandLineSupport
import Foundation
import FuzzHarness
import PropertyBased
import Testing
@testable import InteractionModel
@testable import SkillNLU
#if canImport(Glibc)
import Glibc
#endif

/// Property-based tests (x-sheep/swift-property-based): random inputs built from the pieces
/// that break text handling, checked against the same invariants as the fuzz targets. A
/// failure prints the seed to replay it with `.fixedSeed(…)`, and shrinks the input.
@Suite struct PropertyTests {
    /// Pieces of utterances: the fixture's words, separators, and every kind of text the
    /// tokenizer treats specially.
    static let pieces: [String] = [
        "borrow", "the hobbit", "emma", "book", "the quiet room", "tomorrow", "at 7:30", "i like", "poetry",
        "sci-fi", "find books about", "what are your hours", "copies", "3rd", "2.5", "10,000", "don't", "o'clock",
        " ", "  ", "\t", "\n", "\r\n", ",", ".", "?", "-", "'", "’", "$", "%", "&",
        "\u{0}", "\u{7}", "\u{1B}[2K", "\u{7F}", "\u{85}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2028}",
        "👩‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "🇯🇵", "\u{FE0F}",
        "e\u{301}", "\u{301}", "\u{308}\u{308}\u{308}", "ﬁ", "İ", "ß", "Ⅻ", "½", "𝒳", "ＡＢＣ",
        "مرحبا", "שלום", "\u{200F}", "\u{202E}", "\u{202C}",
        "日本語", "ひらがな", "カタカナー", "ｶﾀｶﾅ", "ภาษาไทย", "한국어", "हिन्दी",
        "\u{FFFD}", "\u{E000}", "\u{10FFFF}",
    ]

    /// Utterances of up to 40 pieces and random scalars (surrogates stand in as U+FFFD).
    static let utterance = zip(Gen.int(in: 0...pieces.count).array(of: 0...40),
                               Gen<UInt32>.value(in: 0...0x10FFFF).array(of: 40))
        .map { (choices: [Int], scalars: [UInt32]) -> String in
            var text = ""
            for (k, choice) in choices.enumerated() {
                if choice < pieces.count {
                    text += pieces[choice]
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(scalars[k]) ?? "\u{FFFD}")
                }
            }
            return text
        }

    @Test func everyUtteranceKeepsTheResultInvariants() async {
        await propertyCheck(count: 300, input: Self.utterance, Gen<UInt8>.value(in: 0...255)) { text, flags in
            #expect(ClassifierFuzzer.violations(text: text, context: ClassifierFuzzer.context(flags: flags)) == [])
        }
    }

    @Test func aRepeatedUtteranceIsCutWhereTheLimitSays() async {
        await propertyCheck(count: 20, input: Self.utterance.filter { !$0.isEmpty }) { text in
            let copies = NLUModel.maximumUtteranceLength / max(1, text.unicodeScalars.count) + 2
            let long = String(repeating: text, count: copies)
            #expect(ClassifierFuzzer.violations(text: long, context: ClassifierFuzzer.context(flags: 0)) == [])
        }
    }

    /// Tokens map back to their exact place in the text, in order, without overlap.
    @Test func tokensAreOrderedSpansOfTheText() async {
        let tokenizer = Tokenizer(locale: "en-US")
        await propertyCheck(count: 300, input: Self.utterance) { text in
            let scalars = Array(text.unicodeScalars)
            var previousEnd = 0
            for token in tokenizer.tokenize(text) {
                #expect(token.range.lowerBound >= previousEnd && token.range.upperBound <= scalars.count)
                #expect(!token.range.isEmpty)
                #expect(String(String.UnicodeScalarView(scalars[token.range])) == token.text)
                previousEnd = token.range.upperBound
            }
        }
    }

    // MARK: Importer

    /// Random models, written as JSON: names, samples and values drawn from the same pieces.
    static let randomModel = zip(Gen.int(in: 0...pieces.count - 1).array(of: 1...12),
                                 Gen.int(in: 0...pieces.count - 1).array(of: 0...12),
                                 Gen.bool.array(of: 8))
        .map { generated -> [UInt8] in
            let (words, values, flags) = generated
            func text(_ k: Int) -> String { pieces[k % pieces.count] }
            let sample = words.map(text).joined(separator: flags[0] ? " " : "") + (flags[1] ? " {slot}" : "")
            let intent: [String: Any] = [
                "name": flags[2] ? "Intent\(words.count)" : text(words[0]),
                "slots": flags[3] ? [["name": "slot", "type": flags[4] ? "Custom" : "AMAZON.NUMBER"]] : [],
                "samples": [sample, text(words.last!)],
            ]
            let type: [String: Any] = ["name": "Custom",
                                       "values": values.map { ["name": ["value": text($0), "synonyms": [text($0 + 1)]]] }]
            var languageModel: [String: Any] = ["invocationName": "random", "intents": [intent]]
            if flags[5] { languageModel["types"] = [type] }
            let root: [String: Any] = flags[6] ? ["interactionModel": ["languageModel": languageModel]] : languageModel
            return [UInt8]((try? JSONSerialization.data(withJSONObject: root)) ?? Data())
        }

    @Test func randomModelsImportOrExplainWhyNot() async {
        await propertyCheck(count: 200, input: Self.randomModel) { json in
            #expect(ImporterFuzzer.violations(json) == [])
        }
    }

    /// Any bytes spliced into a real model: refused with a syntax error that points inside the
    /// file, or imported.
    @Test func damagedModelsAreRefusedWithAPlace() async {
        let pizza = (try? [UInt8](Data(contentsOf: ReliabilitySupport.pizzaShopModel))) ?? []
        await propertyCheck(count: 60, input: Gen.int(in: 0...max(0, pizza.count - 1)), Gen.int(in: 0...64),
                            Gen<UInt8>.value().array(of: 0...16)) { at, removed, inserted in
            var bytes = pizza
            bytes.replaceSubrange(at..<min(bytes.count, at + removed), with: inserted)
            #expect(ImporterFuzzer.violations(bytes) == [])
            if case .malformedJSON(_, let error)? = Self.importError(bytes) {
                let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).count
                #expect(error.location.line >= 1 && error.location.line <= lines)
            }
        }
    }

    static func importError(_ bytes: [UInt8]) -> ImportError? {
        do {
            _ = try Importer.importModel(json: bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading lines

    /// However the input is made, the lines read are the input split at line feeds (a final
    /// carriage return dropped), each cut to the limit at a character boundary and flagged.
    @Test func linesAreReadWholeOrCutAtACharacterBoundary() async throws {
        let limit = 24
        let line = Gen.int(in: 0...Self.pieces.count - 1).array(of: 0...12)
            .map { String(String.UnicodeScalarView($0.map { Self.pieces[$0] }.joined().unicodeScalars.filter { $0 != "\n" })) }
        await propertyCheck(count: 60, input: line.array(of: 0...8)) { lines in
            let text = lines.joined(separator: "\n")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var reader = LineReader(fileDescriptor: fd, maximumLineBytes: limit)
            var read: [LineReader.Line] = []
            while true {
                let batch = try reader.nextBatch()
                if batch.isEmpty { break }
                read += batch
            }
            // A line feed at the very end ends the last line; it does not start an empty one.
            let expected = lines.last == "" ? Array(lines.dropLast()) : lines
            #expect(read.count == expected.count)
            for (got, want) in zip(read, expected) {
                var bytes = Array(want.utf8)
                if bytes.last == 13 { bytes.removeLast() }
                if bytes.count > limit {
                    #expect(got.truncated)
                    #expect(got.bytes.count <= limit && got.bytes.count >= limit - 3)
                    #expect(Array(bytes.prefix(got.bytes.count)) == got.bytes)
                    #expect(String(validating: got.bytes, as: UTF8.self) != nil)
                } else {
                    #expect(!got.truncated && got.bytes == bytes)
                }
            }
        }
    }
}
