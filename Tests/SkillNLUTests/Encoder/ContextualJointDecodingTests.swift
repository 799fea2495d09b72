import BuiltInValues
import Foundation
import InteractionModel
import TestFixtures
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Joint decoding after the contextual head moved the ranking: the intents the fast tier would
/// have read are read too, so a slot the head's intent cannot hold still has its say.
///
/// The head is stood in for by fixed probabilities mixed in as ``ContextualIntentStage`` mixes
/// the encoder's: what is checked is the joint decision, not what the encoder reads.
@Suite struct ContextualJointDecodingTests {
    /// A flight skill written for these tests: flight questions name an airline, meal questions
    /// never do, so a meal intent cannot hold an airline.
    static let flightsJSON = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "flight helper",
      "intents": [
        {"name": "FlightInfo", "slots": [{"name": "airline", "type": "AIRLINE"}, {"name": "city", "type": "CITY"}],
         "samples": ["does the {airline} flight to {city} leave on time", "show me {airline} flights to {city}",
            "is the {airline} flight to {city} full", "which {airline} flights go to {city}",
            "tell me about the {airline} flight to {city}", "does {airline} fly to {city}",
            "does the {airline} flight to {city} stop anywhere", "list {airline} flights to {city} tomorrow",
            "when does the {airline} flight to {city} land", "i want the {airline} flight to {city}"]},
        {"name": "MealInfo", "slots": [{"name": "city", "type": "CITY"}],
         "samples": ["is there a meal on the flight to {city}", "what food do they serve to {city}",
            "do flights to {city} have dinner", "which meals are served on the way to {city}",
            "is breakfast included to {city}", "can i get a vegetarian meal to {city}",
            "what snacks are on the flight to {city}", "do they serve lunch on flights to {city}",
            "is the meal free to {city}", "tell me about meals to {city}"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "AIRLINE", "values": [{"name": {"value": "delta"}}, {"name": {"value": "united"}},
            {"name": {"value": "lufthansa"}}, {"name": {"value": "air canada"}}]},
        {"name": "CITY", "values": [{"name": {"value": "boston"}}, {"name": {"value": "denver"}},
            {"name": {"value": "seattle"}}, {"name": {"value": "atlanta"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! TrainedModels.model(try! Importer.decode(Data(flightsJSON.utf8)), options: TrainingOptions.quick)

    /// Runs the pipeline with a stand-in head in the contextual stage whose probabilities make
    /// the mixture `mixture` (by intent name; the rest share what is left). Recording the
    /// scores, as an explanation does, keeps every reading joint decoding considered, also
    /// those that cannot win (which it otherwise skips).
    static func trace(_ text: String, mixture: [String: Float], recordingScores: Bool = false) -> UtteranceTrace {
        var context = ClassificationContext()
        context.tier = .accurate
        var trace = UtteranceTrace(text: text, recordsScores: recordingScores)
        for stage in NLUModel.pipeline where trace.result == nil {
            if stage is ContextualIntentStage {
                StandInHeadStage(mixture: target(mixture)).run(on: &trace, model: model, context: context)
            } else {
                stage.run(on: &trace, model: model, context: context)
            }
        }
        return trace
    }

    static func target(_ named: [String: Float]) -> [Float] {
        let n = model.schema.intents.count
        let rest = (1 - named.values.reduce(0, +)) / Float(n - named.count)
        return model.schema.intents.map { named[$0.name] ?? rest }
    }

    static func index(_ name: String) -> Int { model.schema.intents.firstIndex { $0.name == name }! }

    static let text = "does the united flight to denver have a meal"

    @Test func theFastTiersIntentIsReadWhenTheHeadMovesTheUtteranceAway() throws {
        let flight = Self.index("FlightInfo"), meal = Self.index("MealInfo")
        let trace = Self.trace(Self.text, mixture: ["MealInfo": 0.97, "FlightInfo": 0.02], recordingScores: true)
        let contextual = try #require(trace.contextual)
        #expect(contextual.fastTop == flight, "the fast tier reads a flight question")
        let mixed = try #require(trace.probabilities)
        #expect(mixed[flight] < 0.1 * mixed[meal], "the head leaves FlightInfo out of the mixture's few best")
        #expect(trace.readings.first?.intent == meal, "the mixture's own candidates come first")
        #expect(trace.readings.contains { $0.intent == flight }, "joint decoding read FlightInfo all the same")
        let plain = Self.trace(Self.text, mixture: ["MealInfo": 0.97, "FlightInfo": 0.02])
        #expect(!plain.readings.contains { $0.intent == flight }, "at 2 % FlightInfo cannot beat MealInfo's reading: not read")
        #expect(plain.decision?.intent == trace.decision?.intent && plain.result?.slots == trace.result?.slots,
                "the same answer when the readings that cannot win are skipped")
    }
}

/// ``ContextualIntentStage`` with a head whose probabilities make the mixture `mixture`: q ∝
/// mixture / fast, so that p · q, normalised, is the mixture asked for.
private struct StandInHeadStage: UtteranceStage {
    var mixture: [Float]

    func run(on trace: inout UtteranceTrace, model: NLUModel, context: ClassificationContext) {
        guard trace.decision == nil, let fast = trace.probabilities else { return }
        var head = zip(mixture, fast).map { $0 / Swift.max($1, 1e-30) }
        let total = head.reduce(0, +)
        head = head.map { $0 / total }
        var probabilities = fast
        PackIntentScorer.mix(&probabilities, with: head, exponent: 1)
        let best = head.indices.max { head[$0] < head[$1] } ?? 0
        trace.contextual = ContextualReading(intent: best, probability: head[best], fastTop: trace.ranking.first ?? best,
                                             fastProbabilities: fast, plainMixture: probabilities, unseenWordShare: 0)
        trace.probabilities = probabilities
        trace.ranking = IntentRanking.ranked(probabilities)
    }
}
