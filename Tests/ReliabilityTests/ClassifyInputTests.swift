import Foundation
import FuzzHarness
import Testing
@testable import SkillNLU

/// Hostile and unusual utterances: `NLUModel.classify` answers every one without a crash, with a
/// result whose promises hold (``ResultInvariants``), and with work that does not grow past the
/// documented cut.
@Suite struct ClassifyInputTests {
    let model = FuzzFixture.model
    let context = ClassifierFuzzer.context(flags: 3 << 2)

    /// Classifies and checks every invariant, also with exact matching off and while a dialog
    /// elicits a slot; returns the plain result.
    @discardableResult
    func classifyChecked(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> NLUResult {
        for flags: UInt8 in [3 << 2, 3 << 2 | 1, 3 << 2 | 2] {
            let problems = ClassifierFuzzer.violations(text: text, context: ClassifierFuzzer.context(flags: flags))
            #expect(problems == [], "context flags \(flags)", sourceLocation: sourceLocation)
        }
        return model.classify(text, context: context)
    }

    @Test func emptyAndBlankUtterancesHaveNoIntent() {
        for text in ["", " ", "\n\t\r", "...", "?!,;", "\u{200B}\u{FEFF}\u{2060}"] {
            let result = classifyChecked(text)
            #expect(result.intent == nil, "\(Array(text.unicodeScalars))")
            #expect(result.slots.isEmpty && result.alternatives.isEmpty && !result.truncated)
        }
    }

    @Test func aOneMegabyteUtteranceIsCutAndFlagged() {
        let text = String(repeating: "borrow the hobbit and ", count: 1_048_576 / 22 + 1)
        #expect(text.utf8.count > 1_048_576)
        let result = classifyChecked(text)
        #expect(result.truncated)
        #expect(result.text.unicodeScalars.count == NLUModel.maximumUtteranceLength)
        #expect(result.intent != nil)
    }

    @Test func controlCharactersSeparateWordsLikeSpaces() {
        let clean = model.classify("borrow the hobbit", context: context)
        let controls = (0..<32).map { Unicode.Scalar($0)! } + [Unicode.Scalar(127)!] + (0x80...0x9F).map { Unicode.Scalar($0)! }
        for control in controls {
            let text = "borrow\(Character(control))the\(Character(control))hobbit"
            let result = classifyChecked(text)
            #expect(result.intent?.name == clean.intent?.name, "U+\(String(control.value, radix: 16))")
        }
        classifyChecked(String(String.UnicodeScalarView(controls)))
    }

    @Test func emojiAndZeroWidthJoinerSequences() {
        let texts = ["👩‍👩‍👧‍👦", "borrow 🏳️‍🌈 the hobbit 👍🏽", "🧑🏿‍🚀🧑🏿‍🚀🧑🏿‍🚀 i like poetry",
                     String(repeating: "👨‍👩‍👧‍👦", count: 3_000), "\u{200D}\u{200D}\u{FE0F}", "🇩🇪🇫🇷🇯🇵"]
        for text in texts { classifyChecked(text) }
        // A lone joiner or variation selector between words changes nothing.
        let clean = model.classify("book the quiet room", context: context)
        #expect(classifyChecked("book\u{200D} the\u{FE0F} quiet room").intent?.name == clean.intent?.name)
    }

    @Test func rightToLeftText() {
        let texts = ["مرحبا، أريد استعارة كتاب", "אני רוצה לשאול ספר", "borrow \u{202E}the hobbit\u{202C}",
                     "\u{200F}borrow the hobbit\u{200E}", "كتاب the hobbit كتاب"]
        for text in texts { classifyChecked(text) }
        // Bidirectional controls are format characters: the words around them are read as written.
        let clean = model.classify("borrow the hobbit", context: context)
        let marked = classifyChecked("\u{200F}borrow\u{202B} the hobbit\u{202C}\u{200E}")
        #expect(marked.intent?.name == clean.intent?.name)
        #expect(marked.slots.map(\.rawValue) == clean.slots.map(\.rawValue))
    }

    @Test func combiningMarks() {
        classifyChecked("bo\u{301}rrow the ho\u{308}bbit")
        classifyChecked("\u{301}\u{302}\u{303} borrow")
        // A letter carrying a long stack of marks is one token, cut with the rest at the limit.
        let stacked = "e" + String(repeating: "\u{301}\u{316}", count: 20_000)
        #expect(classifyChecked(stacked).truncated)
        classifyChecked(String(repeating: "\u{301}", count: 1_999))
        // Precomposed and decomposed spellings of a listed value are the same value.
        let composed = model.classify("i like crime and po\u{E9}try", context: context)
        let decomposed = classifyChecked("i like crime and poe\u{301}try")
        #expect(composed.intent?.name == decomposed.intent?.name)
    }

    @Test func aHundredThousandTokenLineIsCutAtTheLimit() {
        let text = String(repeating: "a ", count: 100_000)
        let result = classifyChecked(text)
        #expect(result.truncated)
        #expect(result.text.unicodeScalars.count == NLUModel.maximumUtteranceLength)
        let tokens = model.schema.tokenizer.tokenize(result.text)
        #expect(tokens.count == NLUModel.maximumUtteranceLength / 2)
    }

    /// Time linear in the input without a clock: the only work that depends on how long the
    /// input is beyond the limit is the scan that finds the cut; everything after it sees the
    /// same `maximumUtteranceLength` scalars. So inputs of 10k, 100k and 1M scalars that share
    /// their first 2,000 give identical answers (the engine is deterministic: same input, same
    /// work), equal to the answer for the kept part alone.
    @Test(arguments: ["borrow the hobbit ", "i like poetry crime and travel writing ", "👩‍👩‍👧‍👦 e\u{301} مرحبا "])
    func workAfterTheCutDoesNotGrowWithTheInput(unit: String) {
        let limit = NLUModel.maximumUtteranceLength
        let unitLength = unit.unicodeScalars.count
        var answers: [NLUResult] = []
        for length in [10_000, 100_000, 1_000_000] {
            let text = String(repeating: unit, count: length / unitLength + 1)
            answers.append(model.classify(text, context: context))
        }
        #expect(answers.allSatisfy { $0 == answers[0] })
        #expect(answers[0].truncated && answers[0].text.unicodeScalars.count == limit)
        var kept = model.classify(answers[0].text, context: context)
        #expect(!kept.truncated)
        kept.truncated = true
        #expect(kept == answers[0])
    }

    /// Below the cut, the work per scalar is bounded: tokens and gazetteer matches grow in
    /// proportion to the input (a repeated phrase gives repeated tokens and matches, never
    /// more), so nothing multiplies with length.
    @Test func workBelowTheCutGrowsInProportion() {
        let phrase = "i like poetry and science fiction "
        let tokenizer = model.schema.tokenizer
        let one = tokenizer.tokenize(phrase)
        let matchesOfOne = model.schema.gazetteer.allMatches(one.map(PhraseTrie.key)).count
        for copies in [1, 4, 16, 50] {
            let text = String(repeating: phrase, count: copies)
            #expect(text.unicodeScalars.count <= NLUModel.maximumUtteranceLength)
            let tokens = tokenizer.tokenize(text)
            #expect(tokens.count == copies * one.count)
            #expect(model.schema.gazetteer.allMatches(tokens.map(PhraseTrie.key)).count == copies * matchesOfOne)
            classifyChecked(text)
        }
    }

    @Test func scalarsOfEveryPlane() {
        // One scalar from each block of 4,096, surrogates excluded, as one long utterance and
        // in short runs.
        let scalars = stride(from: 0, through: 0x10FFFF, by: 4_096).compactMap { Unicode.Scalar(UInt32($0) + 65) }
        classifyChecked(String(String.UnicodeScalarView(scalars)))
        for start in stride(from: 0, to: scalars.count, by: 16) {
            classifyChecked(String(String.UnicodeScalarView(scalars[start..<min(start + 16, scalars.count)])))
        }
    }
}
