import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The contextual head's training utterances are drawn across all of an intent's samples, so
/// the phrasings an intent's later samples add reach the head too.
@Suite struct HeadExampleSelectionTests {
    /// A reading-list skill whose saving intent lists its "save / add / bookmark" phrasings
    /// first and its "remind me about this later" phrasings last.
    static let readingListJSON = """
    {"interactionModel": {"languageModel": {"invocationName": "reading list", "intents": [
      {"name": "SaveIntent", "samples": [
        "save this", "save this to my list", "save it", "save it to my list", "save this article",
        "save this for me", "save the article to my list", "add this", "add this to my list", "add it to my list",
        "add the article to my list", "add this to my reading list", "put this on my list", "put it on my list",
        "put this on my reading list", "keep this", "keep this in my list", "keep it on my list", "store this",
        "store this in my list", "store the article", "bookmark this", "bookmark it", "bookmark this article",
        "bookmark the article for me", "i want to save this", "i want to add this to my list", "please save this",
        "please add this to my list", "could you save this",
        "remind me about this later", "remind me of this tomorrow", "bring this up again tonight",
        "ask me about it later", "i'll get back to this later", "nudge me about this in the evening",
        "don't let me forget this", "tell me about this again tomorrow morning", "hold that thought for later",
        "i'll deal with this tomorrow"]},
      {"name": "RemoveIntent", "samples": [
        "remove this", "remove this from my list", "delete this", "delete it from my list", "take this off my list",
        "take it off my reading list", "i'm done with this", "i finished this one", "clear this from my list",
        "get rid of this article", "drop this from my list", "mark this as read"]},
      {"name": "ReadListIntent", "samples": [
        "read me my list", "what's on my list", "what's on my reading list", "tell me what i saved",
        "what have i saved", "list my articles", "what do i have on my list", "go through my list",
        "what's left on my list for today", "what did i keep for later", "read my saved articles",
        "what's in my reading list"]},
      {"name": "AMAZON.StopIntent", "samples": []}
    ], "types": []}}}
    """

    /// The tests' head settings: 24 utterances an intent, fewer than the saving intent's 40
    /// samples (the encoder is slow in a debug build).
    static var options: TrainingOptions {
        var o = Fixtures.fastOptions
        o.contextualHead = "en"
        o.contextualHeadUtterancesPerIntent = 24
        return o
    }

    @Test func theHeadKnowsPhrasingsOfAnIntentsLaterSamples() throws {
        let skill = try Importer.decode(Data(Self.readingListJSON.utf8), locale: "en-US")
        let model = try NLUModel.train(from: skill, options: Self.options)
        let head = try #require(model.contextualHead)
        let save = try #require(model.intentNames.firstIndex(of: "SaveIntent"))
        // Our own paraphrases of the saving intent's last samples, in words no sample uses.
        for text in ["don't let this slip my mind", "can you nudge me about it after dinner",
                     "give me a heads up about this later", "circle back to this with me tomorrow"] {
            let p = try #require(head.probabilities(text))
            #expect(p.indices.max { p[$0] < p[$1] } == save, "\(text): \(p)")
        }
    }

    @Test func everyCarrierIsTakenOnceBeforeAnyIsTakenAgain() {
        let tokenizer = Tokenizer(locale: "en-US")
        func example(_ words: String, label: Int, values: Set<Int> = []) -> ClassifierExample {
            let tokens = tokenizer.tokenize(words)
            return ClassifierExample(tokens: tokens, label: label, slotValueTokens: tokens.indices.map { values.contains($0) })
        }
        // Intent 0: 130 plain samples. Intent 1: two carriers, the first filled ten times
        // before the second appears.
        var examples = (0..<130).map { example("sample number \($0)", label: 0) }
        examples += (0..<10).map { example("play \($0) now", label: 1, values: [1]) }
        examples += [example("put on some jazz", label: 1, values: [3])]
        let kept = HeadExampleSelection(perIntent: 60).select(examples, labelCount: 2)
        let first = kept.filter { $0.label == 0 }.compactMap { Int($0.tokens[2].text) }
        #expect(first.count == 60)
        #expect(Set(first).count == 60)
        #expect((first.max() ?? 0) >= 120, "spread across all 130: \(first)")
        let second = kept.filter { $0.label == 1 }.map { HeadExampleSelection.carrier(of: $0) }
        #expect(second.count == 11)
        #expect(HeadExampleSelection(perIntent: 2).select(examples, labelCount: 2).filter { $0.label == 1 }
            .map { HeadExampleSelection.carrier(of: $0) } == ["play \u{1} now", "put on some \u{1}"])
    }
}
