import Foundation
import InteractionModel
import SkillNLU
import TestFixtures
import Testing
@testable import SkillDialog

/// Dialogs with the trained NLUModel where the answer is a number said in words: a year
/// fills the year asked for and leaves the day already given alone, and a number read out
/// digit by digit fills its slot whole.
@Suite struct ElicitedNumberDialogTests {
    /// Says each line in turn and returns the slot values after the last.
    func slots(after lines: [String], model: InteractionModel, nlu: NLUModel) async throws -> [String: [String]] {
        let conversation = Conversation(model: nlu, interactionModel: model, skill: EchoSkill.build(for: model), seed: 7,
                                        options: Fixtures.options)
        for line in lines { _ = try await conversation.turn(line) }
        return try #require(await conversation.lastTurn).slotValues
    }

    static let italianBirthday = "alexa-samples__skill-sample-nodejs-zero-to-hero__07-skill-package-interactionModels-custom-it-IT.json"

    @Test(.enabled(if: SharedModelsDialogTests.sharedDirectory != nil, "../shared/interaction-models not found (set SKILLNLU_SHARED)"),
          arguments: ["millenovecentonovanta", "sono nato nel millenovecentonovanta"])
    func aYearSaidInWordsFillsTheYearAndKeepsTheDay(_ answer: String) async throws {
        let path = try #require(SharedModelsDialogTests.sharedDirectory).appendingPathComponent("interaction-models/" + Self.italianBirthday).path
        let model = try Importer.load(path: path, options: ImportOptions(locale: "it-IT")).model
        let nlu = try TrainedModels.model(model, options: .quick)
        let filled = try await slots(after: ["registra il mio compleanno", "quindici", "maggio", answer], model: model, nlu: nlu)
        #expect(filled["year"] == ["1990"], "\(filled)")
        #expect(filled["day"] == ["15"], "\(filled)")
        #expect(filled["month"] == ["maggio"], "\(filled)")
    }

    static let orderModel = #"""
    {"interactionModel": {"languageModel": {"invocationName": "order desk", "intents": [
        {"name": "TrackOrderIntent", "slots": [{"name": "orderNumber", "type": "AMAZON.NUMBER", "samples": ["it's {orderNumber}", "{orderNumber}"]}],
         "samples": ["track my order", "where is my order", "track order {orderNumber}", "where is order {orderNumber}"]},
        {"name": "OpeningHoursIntent", "samples": ["when are you open", "what are your opening hours"]},
        {"name": "AMAZON.HelpIntent", "samples": []}, {"name": "AMAZON.CancelIntent", "samples": []},
        {"name": "AMAZON.StopIntent", "samples": []}]},
     "dialog": {"delegationStrategy": "ALWAYS", "intents": [{"name": "TrackOrderIntent", "confirmationRequired": false, "prompts": {},
        "slots": [{"name": "orderNumber", "type": "AMAZON.NUMBER", "elicitationRequired": true, "confirmationRequired": false,
                   "prompts": {"elicitation": "Elicit.orderNumber"}}]}]},
     "prompts": [{"id": "Elicit.orderNumber", "variations": [{"type": "PlainText", "value": "What is your order number?"}]}]}}
    """#

    @Test(arguments: ["four one five two two", "four one five double two", "it's four one five two two"])
    func aNumberReadOutDigitByDigitFillsTheSlotWhole(_ answer: String) async throws {
        let model = try Importer.decode(Data(Self.orderModel.utf8))
        let nlu = try TrainedModels.model(model, options: .quick)
        let filled = try await slots(after: ["track my order", answer], model: model, nlu: nlu)
        #expect(filled["orderNumber"] == ["41522"], "\(filled)")
    }
}
