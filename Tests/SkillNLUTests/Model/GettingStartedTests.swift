import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining
import Testing

/// The code of the SkillNLU documentation's "Getting started" article, run against the public
/// API only (no `@testable`), so that the article keeps compiling and saying what the engine
/// does. Trained with the tests' quick settings; the calls are the article's.
@Suite struct GettingStartedTests {
    let nlu = Fixtures.pizzaShopModel

    @Test func trainsWithProgressAndReportsWhatItLearnt() throws {
        let stages = StageLog()
        let model = try NLUModel.train(from: Fixtures.coffee, options: Fixtures.fastOptions) { progress in
            stages.append(progress.stage.rawValue + " " + progress.detail)
        }
        #expect(model.intentNames.contains("OrderDrink"))
        #expect(model.trainingUtteranceCount > 0)
        #expect(stages.values.contains { $0.hasPrefix("training slot tagger") })
    }

    @Test func savesAndLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("getting-started-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pizza.nlu")
        try nlu.write(to: url)
        let loaded = try NLUModel(contentsOf: url)
        #expect(loaded.isTrained(from: nlu.interactionModel))
        #expect(loaded.classify("i would like two large pepperoni pizzas") == nlu.classify("i would like two large pepperoni pizzas"))
        #expect(try NLUModel(fileBytes: nlu.fileBytes()).intentNames == nlu.intentNames)
    }

    @Test func classifiesAndReadsSlotsAndResolutions() {
        let result = nlu.classify("i would like two large pepperoni pizzas")
        #expect(result.intent?.name == "OrderPizzaIntent")
        #expect(result.intent?.confidence == 1)
        #expect(result.decidedBy == .exact)
        #expect(!result.alternatives.isEmpty)
        #expect(result.slot(named: "quantity")?.value == "2")
        let size = result.slot(named: "size")
        #expect(size?.rawValue == "large")
        let authority = size?.resolutions?.resolutionsPerAuthority.first
        #expect(authority?.status.code.rawValue == "ER_SUCCESS_MATCH")
        #expect(authority?.values.map { $0.value.id } == ["LARGE"])
        #expect(result.slot(named: "pizza")?.resolvedValue?.name == "pepperoni")
    }

    @Test func answersTheSlotADialogAsksFor() throws {
        var context = ClassificationContext(referenceDate: Date(), timeZone: try #require(TimeZone(identifier: "Europe/Paris")))
        context.elicitingSlot = .init(intent: "OrderPizzaIntent", slot: "size")
        #expect(nlu.classify("the big one please", context: context).slot(named: "size")?.resolvedValue?.id == "LARGE")
    }

    @Test func resolvesValuesAddedAtRunTime() {
        var dynamic = DynamicEntities(locale: "en-US")
        dynamic.apply(.replace([SlotType(name: "PizzaType", values: [
            SlotTypeValue(id: "CHEF_SPECIAL", value: "chef's special", synonyms: ["the special"]),
        ])]))
        var withDynamic = ClassificationContext()
        withDynamic.dynamicEntities = dynamic
        let pizza = nlu.classify("i'd like a chef's special pizza", context: withDynamic).slot(named: "pizza")
        #expect(pizza?.resolvedValue?.id == "CHEF_SPECIAL")
    }

    @Test func readsAnNBestList() throws {
        let nbest = try nlu.classify(hypotheses: [
            RecognitionHypothesis(text: "order a pepper only pizza", confidence: 0.55),
            RecognitionHypothesis(text: "order a pepperoni pizza", confidence: 0.45)])
        #expect(nbest.chosenIndex == 1)
        #expect(nbest.result.text == "order a pepperoni pizza")
    }
}

/// Progress reports, which training may send from two threads.
private final class StageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
