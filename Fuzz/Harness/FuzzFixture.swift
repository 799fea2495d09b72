import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// The small skill the classifier and model-file fuzz targets (and the reliability tests)
/// run against, written for them: custom types with synonyms and ids, a list slot, a free-text
/// slot, built-in number, date and time slots, a dialog that elicits, and fallback — so that a
/// fuzzed utterance can reach every layer of the engine while training stays well under a
/// second.
public enum FuzzFixture {
    /// The skill's interaction-model JSON.
    public static let skillJSON = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "library desk",
      "modelConfiguration": {"fallbackIntentSensitivity": {"level": "MEDIUM"}},
      "intents": [
        {"name": "BorrowBook", "slots": [
            {"name": "title", "type": "BookTitle"},
            {"name": "copies", "type": "AMAZON.NUMBER"}],
         "samples": ["borrow {title}", "i want to borrow {title}", "lend me {copies} copies of {title}",
                     "can i take out {title}", "check out {title} please", "i'd like {title}",
                     "reserve {copies} copies of {title}", "get me {title}"]},
        {"name": "BookRoom", "slots": [
            {"name": "room", "type": "RoomType", "samples": ["the {room}", "{room} please"]},
            {"name": "day", "type": "AMAZON.DATE"},
            {"name": "time", "type": "AMAZON.TIME"}],
         "samples": ["book the {room}", "book a room", "reserve the {room} for {day}",
                     "i need the {room} on {day} at {time}", "book a room at {time}",
                     "is the {room} free on {day}"]},
        {"name": "FindTopic", "slots": [{"name": "topic", "type": "AMAZON.SearchQuery"}],
         "samples": ["find books about {topic}", "search for {topic}", "look up {topic}"]},
        {"name": "PickGenres", "slots": [
            {"name": "genres", "type": "Genre", "multipleValues": {"enabled": true}}],
         "samples": ["i like {genres}", "show me {genres}", "recommend {genres} books"]},
        {"name": "OpeningHours", "samples": ["when are you open", "what are your hours",
                     "are you open today", "what time do you close"]},
        {"name": "AMAZON.FallbackIntent", "samples": []},
        {"name": "AMAZON.HelpIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []},
        {"name": "AMAZON.YesIntent", "samples": []},
        {"name": "AMAZON.NoIntent", "samples": []}
      ],
      "types": [
        {"name": "BookTitle", "values": [
            {"id": "DUNE", "name": {"value": "dune"}},
            {"id": "EMMA", "name": {"value": "emma", "synonyms": ["emma by jane austen"]}},
            {"id": "ODYSSEY", "name": {"value": "the odyssey", "synonyms": ["odyssey", "homer's odyssey"]}},
            {"id": "HOBBIT", "name": {"value": "the hobbit", "synonyms": ["there and back again"]}},
            {"id": "ULYSSES", "name": {"value": "ulysses"}}]},
        {"name": "RoomType", "values": [
            {"id": "QUIET", "name": {"value": "quiet room", "synonyms": ["silent room", "study room"]}},
            {"id": "MEETING", "name": {"value": "meeting room", "synonyms": ["conference room"]}},
            {"id": "MEDIA", "name": {"value": "media lab"}}]},
        {"name": "Genre", "values": [
            {"name": {"value": "poetry"}}, {"name": {"value": "history"}},
            {"name": {"value": "science fiction", "synonyms": ["sci-fi", "scifi"]}},
            {"name": {"value": "crime"}}, {"name": {"value": "travel writing"}}]}
      ]},
      "dialog": {"intents": [
        {"name": "BookRoom", "delegationStrategy": "ALWAYS", "confirmationRequired": false, "prompts": {},
         "slots": [{"name": "room", "type": "RoomType", "elicitationRequired": true, "confirmationRequired": false,
                    "prompts": {"elicitation": "Elicit.Room"}}]}]},
      "prompts": [{"id": "Elicit.Room", "variations": [{"type": "PlainText", "value": "Which room would you like?"}]}]
    }}
    """#

    /// The skill, imported and validated.
    public static var interactionModel: InteractionModel {
        get throws { try Importer.decode(Data(skillJSON.utf8)) }
    }

    /// Quick settings: the fuzz targets look for crashes and broken invariants, not accuracy
    /// (few epochs; an intent with slots filled up to 200 utterances rather than 2,000).
    public static var trainingOptions: TrainingOptions {
        var options = TrainingOptions()
        options.generation.minimumPerIntent = 200
        options.classifier = IntentClassifierOptions()
        options.classifier!.epochs = 4
        options.tagger.epochs = 3
        // Random input is always unsure, so the auto tier would run the encoder on nearly every
        // case: the fixture stays without a head, whatever the default.
        options.contextualHead = "none"
        return options
    }

    /// The skill trained once per process with ``trainingOptions``.
    public static let model: NLUModel = {
        do {
            return try NLUModel.train(from: try interactionModel, options: trainingOptions)
        } catch {
            fatalError("the fuzz fixture skill does not train: \(error)")
        }
    }()

    /// The slot a dialog elicits in the fixture, for classifying with an eliciting context.
    public static let elicitedSlot = ClassificationContext.ElicitedSlot(intent: "BookRoom", slot: "room")
}
