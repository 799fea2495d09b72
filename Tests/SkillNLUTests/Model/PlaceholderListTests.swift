import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A news skill whose topic type lists placeholders a deploy script replaces, beside one real
/// value, and a size type with one placeholder among real values: placeholders are no values,
/// and the topic type is an open list.
@Suite struct PlaceholderListTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "news desk",
      "intents": [
        {"name": "OpenTopic", "slots": [{"name": "topic", "type": "TOPIC"}],
         "samples": ["open {topic}", "open {topic} news", "play {topic}", "play the {topic} news", "go to {topic}",
                     "read {topic} headlines", "{topic} news please", "what is new in {topic}", "open topic {topic}",
                     "start {topic}", "i want {topic} news", "switch to {topic}"]},
        {"name": "FollowTopic", "slots": [{"name": "topic", "type": "TOPIC"}],
         "samples": ["follow {topic}", "add {topic} to my topics", "subscribe to {topic}", "keep me posted on {topic}",
                     "save {topic} to my list", "follow the {topic} topic"]},
        {"name": "PrintSize", "slots": [{"name": "size", "type": "SIZE"}],
         "samples": ["print it in {size}", "make the text {size}", "use {size} print", "{size} letters please",
                     "set the font to {size}", "i want {size} text", "switch to {size} print"]},
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.HelpIntent", "samples": []}
      ],
      "types": [
        {"name": "TOPIC", "values": [{"name": {"value": "TOPIC_NAME_1"}}, {"name": {"value": "TOPIC_NAME_2"}},
            {"name": {"value": "TOPIC_NAME_3"}}, {"id": "SAVED", "name": {"value": "saved", "synonyms": ["my saved ones"]}}]},
        {"name": "SIZE", "values": [{"name": {"value": "small"}}, {"name": {"value": "large", "synonyms": ["big"]}},
            {"name": {"value": "SIZE_VALUE_3"}}]}
      ]}}}
    """#

    static let interactionModel = try! Importer.decode(Data(json.utf8))
    static let model: NLUModel = try! NLUModel.train(from: interactionModel, options: Fixtures.fastOptions)

    static var schema: SkillSchema { model.schema }
    static func type(_ name: String) -> SkillSchema.TypeInfo { schema.types[schema.typeIndex(named: name)!] }

    @Test func placeholdersAreNoForms() {
        // The topic list is mostly placeholders: an open list, with no forms of its own.
        #expect(Self.type("TOPIC").isPlaceholderList)
        #expect(Self.type("TOPIC").surfaceForms.isEmpty)
        #expect(Self.type("TOPIC").valueCount == 4)
        // The size list keeps its real forms, numbered as listed.
        #expect(!Self.type("SIZE").isPlaceholderList)
        #expect(Self.type("SIZE").surfaceForms.map(\.text) == ["small", "large", "big"])
        #expect(Self.type("SIZE").surfaceForms.map(\.value) == [0, 1, 1])
    }

    @Test func theOpenListGetsNoUnlistedValuePrior() {
        let penalties = UnlistedValuePrior.penalties(schema: Self.schema)
        #expect(penalties[Self.schema.typeIndex(named: "TOPIC")!] == 0)
        // Seven uses of three real forms: the size list still looks closed.
        #expect(penalties[Self.schema.typeIndex(named: "SIZE")!] > 0)
    }

    @Test func nothingResolvesToAPlaceholder() throws {
        let cache = ResolverCache(schema: Self.schema)
        let topic = Self.schema.typeIndex(named: "TOPIC")!
        #expect(cache.match(type: topic, spoken: "TOPIC_NAME_1") == nil)
        #expect(cache.match(type: topic, spoken: "topic name 1") == nil)
        #expect(cache.match(type: topic, spoken: "my saved ones")?.values.first?.id == "SAVED")
        #expect(cache.match(type: Self.schema.typeIndex(named: "SIZE")!, spoken: "SIZE_VALUE_3") == nil)
    }

    @Test func slotsAreFilledWithNounsAndTheRealValuesNeverWithAPlaceholder() {
        let generator = TrainingDataGenerator(schema: Self.schema)
        let generated = generator.generate()
        let topics = generated.flatMap(\.slots).filter { $0.slot == "topic" }.map(\.value)
        #expect(!topics.isEmpty)
        #expect(!generated.contains { $0.text.contains("TOPIC_NAME") || $0.text.contains("SIZE_VALUE") })
        let fillers = Set(PlaceholderListFillers.values(of: Self.type("TOPIC"), locale: "en-US"))
        #expect(fillers.isSuperset(of: topics))
        #expect(fillers.isSuperset(of: ["saved", "my saved ones"]) && fillers.count > 100)
        #expect(!fillers.contains { PlaceholderValue.isPlaceholder($0) })
    }

    @Test(arguments: [("open gardening", "OpenTopic", "gardening"),
                      ("follow local politics", "FollowTopic", "local politics"),
                      ("play astronomy", "OpenTopic", "astronomy")])
    func topicsUsersSayFillTheSlot(_ text: String, _ intent: String, _ topic: String) throws {
        for model in [Self.model, try NLUModel(fileBytes: Self.model.fileBytes())] {
            let result = model.classify(text)
            #expect(result.intent?.name == intent, "\(text)")
            let slot = try #require(result.slot(named: "topic"), "\(text)")
            #expect(slot.rawValue == topic)
            #expect(slot.resolutions?.resolutionsPerAuthority.first?.status.code == .successNoMatch)
        }
    }
}
