import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// A date or time said right beside another slot's value, where the samples always put "at" or
/// "on" between them, fills its slot (``NLUModel/withAdjacentBuiltIns(_:intent:builtIns:)``).
@Suite struct AdjacentValueTests {
    /// A barber's booking skill: its samples always separate the day from the hour; cancelling
    /// takes two dates.
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "barber booking",
      "intents": [
        {"name": "BookHaircutIntent", "slots": [
            {"name": "day", "type": "AMAZON.DATE"},
            {"name": "hour", "type": "AMAZON.TIME"}],
         "samples": ["book a haircut on {day} at {hour}", "i want a haircut at {hour} on {day}",
                     "{day} at {hour}", "book a haircut for {day}", "book a haircut at {hour}", "book a haircut",
                     "i need a trim"]},
        {"name": "CancelHaircutsIntent", "slots": [
            {"name": "from", "type": "AMAZON.DATE"},
            {"name": "until", "type": "AMAZON.DATE"},
            {"name": "hour", "type": "AMAZON.TIME"}],
         "samples": ["cancel my haircuts from {from} to {until}", "cancel my haircut at {hour}", "cancel my haircuts"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": []}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    @Test func aDayAndATimeOfDaySaidTogetherFillBothSlots() {
        let said: [(text: String, day: String, hour: String)] = [
            ("can i get a haircut tomorrow morning", "tomorrow", "morning"),
            ("book a haircut friday evening", "friday", "evening"),
            ("i want a haircut on monday afternoon", "monday", "afternoon"),
            ("book me a haircut next tuesday three pm", "next tuesday", "three pm"),
        ]
        for line in said {
            let result = Self.model.classify(line.text)
            let slots = result.slots.map { "\($0.name)=\($0.rawValue)" }
            #expect(result.intent?.name == "BookHaircutIntent", "\(line.text)")
            #expect(result.slots.first { $0.name == "day" }?.rawValue == line.day, "\(line.text): \(slots)")
            #expect(result.slots.first { $0.name == "hour" }?.rawValue == line.hour, "\(line.text): \(slots)")
        }
    }

    /// The rule on its own: `text`'s built-in spans, and assignments of `intent`'s local slots.
    func adding(to assignments: [NLUModel.Assignment], intent name: String, text: String) -> [NLUModel.Assignment] {
        let model = Self.model
        let tokens = model.schema.tokenizer.tokenize(text)
        let builtIns = model.finder.builtInSpans(tokens, context: ClassificationContext().builtIn)
        return model.withAdjacentBuiltIns(assignments, intent: model.schema.intentIndex(named: name)!, builtIns: builtIns,
                                          context: ClassificationContext())
    }

    @Test func onlyAnUntaggedValueBesideATaggedOneFillsTheOneEmptySlotOfItsKind() {
        // "morning" (token 4) is the hour; "tomorrow" (token 3) beside it becomes the day.
        let text = "book a haircut tomorrow morning"
        let added = adding(to: [(1, 4, 5, 1)], intent: "BookHaircutIntent", text: text)
        #expect(added.map(\.slot) == [1, 0] && added[1].start == 3 && added[1].end == 4 && added[1].confidence == 1)
        // The day already said, or taken into another span: nothing added.
        #expect(adding(to: [(1, 4, 5, 1), (0, 0, 1, 1)], intent: "BookHaircutIntent", text: text).count == 2)
        #expect(adding(to: [(1, 3, 5, 1)], intent: "BookHaircutIntent", text: text).count == 1)
        // A word between the two: the tagger chose to leave the date out.
        #expect(adding(to: [(1, 5, 6, 1)], intent: "BookHaircutIntent", text: "book a haircut tomorrow and morning").count == 1)
        // Nothing tagged at all: nothing to be beside.
        #expect(adding(to: [], intent: "BookHaircutIntent", text: text).isEmpty)
        // Two date slots: the date beside the hour could be either.
        #expect(adding(to: [(2, 4, 5, 1)], intent: "CancelHaircutsIntent", text: "cancel my haircuts tomorrow morning").count == 1)
    }
}
