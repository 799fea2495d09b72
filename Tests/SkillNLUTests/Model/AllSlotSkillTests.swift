import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining
import TestFixtures

/// A skill whose samples are all slots, in the style of Alexa's Controls framework: filler
/// types (a head, an action, a tail) that list a few values said many ways, around the one
/// slot that matters. Users say carrier words the samples never show.
@Suite struct AllSlotSkillTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "pet corner",
      "intents": [
        {"name": "PickPetIntent", "slots": [
            {"name": "head", "type": "HeadType"}, {"name": "action", "type": "ActionType"},
            {"name": "pet", "type": "PetType"}, {"name": "tail", "type": "TailType"}],
         "samples": ["{pet}", "{action} {pet}", "{head} {pet}", "{head} {action} {pet}", "{pet} {tail}",
                     "{action} {pet} {tail}", "{head} {action} {pet} {tail}", "{head} {pet} {tail}"]},
        {"name": "BasketIntent", "slots": [{"name": "basket", "type": "BasketType"}],
         "samples": ["what is in {basket}", "read {basket} to me", "check {basket}"]},
        {"name": "OpeningHoursIntent", "samples": ["when are you open", "what are your opening hours", "are you open today"]},
        {"name": "AMAZON.HelpIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "HeadType", "values": [{"name": {"value": "head", "synonyms": ["I want", "I want to", "I will", "I would",
            "I'd love to", "I think I want", "I wish to", "please", "just", "you can", "let's"]}}]},
        {"name": "ActionType", "values": [
            {"name": {"value": "adopt", "synonyms": ["take", "take home", "bring home", "get"]}},
            {"name": {"value": "visit", "synonyms": ["see", "meet", "say hi to", "play with"]}}]},
        {"name": "TailType", "values": [{"name": {"value": "tail", "synonyms": ["please", "thanks", "thank you",
            "right away", "soon"]}}]},
        {"name": "PetType", "values": [{"name": {"value": "dog"}}, {"name": {"value": "cat"}}, {"name": {"value": "rabbit"}},
            {"name": {"value": "hamster"}}, {"name": {"value": "parrot"}}, {"name": {"value": "turtle"}}]},
        {"name": "BasketType", "values": [{"name": {"value": "basket", "synonyms": ["my basket", "the basket",
            "my list", "the list", "my order"]}}]}
      ]}}}
    """#

    static let interactionModel = try! Importer.decode(Data(json.utf8))
    static let model: NLUModel = try! TrainedModels.model(interactionModel, options: .quick)

    /// The slots of `text` (name: raw value), with the repeated ones.
    func slots(_ text: String) -> (intent: String?, slots: [String: String], repeated: [String]) {
        let r = Self.model.classify(text)
        return (r.intent?.name, Dictionary(uniqueKeysWithValues: r.slots.map { ($0.name, $0.rawValue) }),
                r.repeatedSlots.map { "\($0.name)=\($0.rawValue)" })
    }

    @Test(arguments: [
        ("how about the parrot", ["pet": "parrot"]),
        ("show me a turtle", ["pet": "turtle"]),
        ("gosh could you fetch the dog", ["pet": "dog"]),
        ("honestly i want to adopt a dog", ["head": "i want to", "action": "adopt", "pet": "dog"]),
        ("um i will take a cat", ["head": "i will", "action": "take", "pet": "cat"]),
        ("well just take the parrot then", ["head": "just", "action": "take", "pet": "parrot"]),
        ("so i'd love to meet the cat today", ["head": "i'd love to", "action": "meet", "pet": "cat"]),
    ])
    func carrierWordsFillNoSlot(text: String, expected: [String: String]) {
        let found = slots(text)
        #expect(found.intent == "PickPetIntent")
        #expect(found.slots == expected, "\(text)")
        #expect(found.repeated.isEmpty, "\(text)")
    }

    /// Whatever the tagger makes of an utterance, a filler slot holds one of its type's forms
    /// or a near match, never words the type does not list.
    @Test(arguments: ["i reckon we should adopt the rabbit", "oh wow can we see that hamster",
                      "alright bring home my turtle quickly", "you know what i want the parrot"])
    func fillerSlotsHoldListedWordsOnly(text: String) {
        let r = Self.model.classify(text)
        let listed: [String: Set<String>] = [
            "head": ["head", "i", "want", "to", "will", "would", "i'd", "love", "think", "wish", "please", "just", "you", "can", "let's"],
            "action": ["adopt", "take", "home", "bring", "get", "visit", "see", "meet", "say", "hi", "to", "play", "with"],
            "tail": ["please", "thanks", "thank", "you", "right", "away", "soon", "tail"]]
        for slot in r.slots + r.repeatedSlots {
            guard let words = listed[slot.name] else { continue }
            #expect(slot.rawValue.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(text): \(slot.name)=\(slot.rawValue)")
        }
    }
}
