import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A fallback intent that learnt from generated negatives only, and the contextual head: the
/// negatives are everyday requests in words the skill never uses, so the fast tier sends a
/// paraphrase of the skill's own request in unfamiliar words to the fallback, however sure; a
/// head sure of one of the skill's intents keeps the answer in the skill, while requests from
/// outside the skill still fall back.
@Suite struct HeadKeepsInDomainTests {
    /// A pet-sitting skill written for these tests: four intents and AMAZON.FallbackIntent
    /// without samples (it learns from generated negatives only), at the default sensitivity.
    static let petJSON = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "pet sitter",
      "intents": [
        {"name": "FeedPet", "slots": [{"name": "pet", "type": "PET"}],
         "samples": ["feed {pet}", "feed the {pet}", "give {pet} its dinner", "it is feeding time for {pet}",
                     "put food in the {pet} bowl", "{pet} needs food"]},
        {"name": "WalkDog", "samples": ["walk the dog", "take the dog for a walk", "the dog needs a walk",
                     "time for a walk", "go for a walk with the dog"]},
        {"name": "PetStatus", "slots": [{"name": "pet", "type": "PET"}],
         "samples": ["how is {pet} doing", "how is the {pet}", "check on {pet}", "is {pet} okay",
                     "what is {pet} up to"]},
        {"name": "VetVisit", "slots": [{"name": "pet", "type": "PET"}],
         "samples": ["book a vet visit for {pet}", "{pet} needs to see the vet", "make a vet appointment",
                     "schedule a checkup for {pet}", "take {pet} to the vet"]},
        {"name": "AMAZON.FallbackIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.HelpIntent", "samples": []}
      ],
      "types": [{"name": "PET", "values": [{"name": {"value": "cat"}}, {"name": {"value": "dog"}},
                 {"name": {"value": "rabbit"}}, {"name": {"value": "parrot"}}]}]
    }}}
    """#

    static var options: TrainingOptions {
        var o = TrainingOptions.quick
        o.contextualHead = "en"
        o.contextualHeadUtterancesPerIntent = 24
        return o
    }

    @Test func aParaphraseInUnfamiliarWordsStaysInTheSkill() throws {
        let skill = try Importer.decode(Data(Self.petJSON.utf8))
        let model = try NLUModel.train(from: skill, options: Self.options)
        #expect(model.fallback.requiredProbabilities != nil, "the fallback intent learnt from generated negatives only")
        let fallback = "AMAZON.FallbackIntent"
        // The skill's requests in words its samples do not use.
        let paraphrases: [(text: String, intent: String)] = [
            ("the kitty is starving give her some kibble", "FeedPet"), ("serve the rabbit his supper", "FeedPet"),
            ("has the parrot had breakfast yet", "FeedPet"), ("let's stroll around the block with the pup", "WalkDog"),
            ("the puppy wants to go outside", "WalkDog"), ("is the bunny alright", "PetStatus"),
            ("how's my kitty feeling today", "PetStatus"), ("the parrot looks ill get him an appointment with the animal doctor", "VetVisit"),
            ("my cat should see a veterinarian", "VetVisit"), ("i want the rabbit examined by a vet", "VetVisit"),
        ]
        var kept = 0
        for (text, intent) in paraphrases {
            let fast = model.classify(text, context: EncoderIntentHeadTests.context(.fast))
            let auto = model.classifyExplained(text, context: EncoderIntentHeadTests.context(.auto))
            let answer = auto.result.intent?.name
            // Kept in the skill, the answer is the intent the words mean, never another.
            #expect(answer == fallback || answer == intent, "\(text): \(answer ?? "-")")
            if fast.intent?.name == fallback, answer == intent {
                kept += 1
                // The explanation ends in the rule that kept it, about the intent answered.
                let last = auto.explanation.rules.last
                #expect(last?.kind == .headInDomain && last?.intent == intent, "\(text): \(auto.explanation.rules)")
                #expect(try #require(last?.value) >= Double(FallbackPolicy.headInDomainProbability), "\(text)")
            }
        }
        #expect(kept >= 3, "paraphrases the fast tier sends to the fallback stay in the skill")
        // Requests from outside the skill still fall back: the head learnt them as the fallback.
        for text in ["what's the weather in denver", "set a timer for five minutes", "tell me a joke about cows",
                     "who won the world cup", "how tall is the eiffel tower", "what's two plus two"] {
            let auto = model.classify(text, context: EncoderIntentHeadTests.context(.auto))
            #expect(auto.intent?.name == fallback, "\(text): \(auto.intent?.name ?? "-")")
        }
    }
}
