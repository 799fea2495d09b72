import Foundation
import Testing
@testable import SkillNLU

/// The slot values' confidence is computed only when the caller asks for it
/// (``ClassificationContext/slotConfidence``); the answer is the same either way.
@Suite struct SlotConfidenceTests {
    let model = Fixtures.coffeeModel
    /// Utterances that are no sample, so the tagger (not the exact layer) finds their slots.
    let texts = ["could i get a large caffe latte with oat milk", "i think i would like a small mocha today",
                 "my friend wants a big americano and nothing else"]

    func context(confidence: Bool) -> ClassificationContext {
        var c = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_795_219_200),
                                      timeZone: TimeZone(identifier: "UTC")!)
        c.slotConfidence = confidence
        return c
    }

    /// Off (the default), every slot value's confidence is 1; on, the tagger's mean marginal of
    /// the span, as a full decoding of the answer's intent gives it. Intents and slot values
    /// (spans, values, resolutions, sources) do not change.
    @Test func confidenceIsOneUnlessAskedForAndTheAnswerIsTheSame() throws {
        #expect(ClassificationContext().slotConfidence == false)
        var askedBelowOne = 0
        for text in texts {
            let plain = model.classify(text, context: context(confidence: false))
            let asked = model.classify(text, context: context(confidence: true))
            try #require(plain.decidedBy == .model && !plain.slots.isEmpty, "\(text) should be tagged")
            #expect(plain.intent == asked.intent)
            #expect(plain.slots.count == asked.slots.count)
            for (p, a) in zip(plain.slots, asked.slots) {
                #expect(p.confidence == 1)
                var same = a
                same.confidence = 1
                #expect(same == p, "\(text)")
                if a.confidence < 1 { askedBelowOne += 1 }
            }
            // The confidence asked for is the full decoding's mean marginal over the span.
            let i = try #require(model.schema.intents.firstIndex { $0.name == asked.intent?.name })
            let tokens = model.schema.tokenizer.tokenize(text)
            let decoding = model.tagger.decode(tokens: tokens, spans: model.finder.spans(tokens), intentKey: model.intentKeys[i],
                                               graph: model.graphs[i])
            let expected = model.assignments(decoding, intent: i).map { Double($0.confidence) }.sorted()
            #expect(asked.slots.map(\.confidence).sorted() == expected, "\(text)")
        }
        #expect(askedBelowOne > 0, "the tagger should be less than sure of some span")
    }

    /// A decoding that deferred its forward pass (a lone reading, unscored) gets, when asked,
    /// the same confidence to the bit as one that ran it at once.
    @Test func aDeferredForwardPassGivesTheSameConfidence() throws {
        let i = try #require(model.schema.intents.firstIndex { $0.name == "OrderDrink" })
        let tagger = model.tagger, graph = model.graphs[i]
        for text in texts {
            let tokens = model.schema.tokenizer.tokenize(text)
            let full = tagger.decode(tokens: tokens, spans: [], intentKey: model.intentKeys[i], graph: graph)
            var input = tagger.input(tokens: tokens, spans: [], intentKey: model.intentKeys[i])
            var lazy = tagger.decode(&input, intentKey: model.intentKeys[i], graph: graph, mode: .deferredConfidenceWithoutProbability)
            #expect(lazy.labels == full.labels)
            #expect(lazy.logProbability == 0 && full.logProbability < 0)
            #expect(lazy.confidence.isEmpty)
            tagger.completeConfidence(&lazy, graph: graph)
            #expect(lazy.confidence == full.confidence)
        }
    }

    /// An n-best list is scored by its slots' confidence, so it is read with the confidence on
    /// whatever the context says.
    @Test func hypothesisListsReadTheConfidenceThemselves() throws {
        let nbest = try model.classify(hypotheses: [RecognitionHypothesis(text: texts[0], confidence: 0.6)],
                                       context: context(confidence: false))
        let asked = model.classify(texts[0], context: context(confidence: true))
        #expect(nbest.result.slots == asked.slots)
        #expect(nbest.result.slots.contains { $0.confidence < 1 })
    }

    /// An answer to an elicited slot that the tagger reads follows the same rule.
    @Test func anElicitedAnswerHasTheConfidenceOnlyWhenAskedFor() throws {
        for answer in ["hmm the venti cappuccino i think", "make that a grande espresso thanks"] {
            var plain = context(confidence: false), asked = context(confidence: true)
            plain.elicitingSlot = .init(intent: "OrderDrink", slot: "size")
            asked.elicitingSlot = plain.elicitingSlot
            let a = model.classify(answer, context: plain), b = model.classify(answer, context: asked)
            try #require(b.decidedBy == .elicitation && b.slots.contains { $0.source == .tagger },
                         "\(answer) should be read by the tagger over the elicited intent")
            #expect(a.intent == b.intent)
            #expect(a.slots.map(\.value) == b.slots.map(\.value))
            #expect(a.slots.allSatisfy { $0.confidence == 1 })
            #expect(b.slots.contains { $0.confidence < 1 })
        }
    }
}
