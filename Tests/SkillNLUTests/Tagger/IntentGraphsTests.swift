import Testing
import TestFixtures
@testable import SkillNLU

/// ``IntentGraphs``: an intent's transition graph is built when an utterance is first read as
/// that intent, and is the graph the tagger builds for it directly.
@Suite struct IntentGraphsTests {
    @Test func loadingBuildsNoGraphAndClassifyingBuildsOnlyTheIntentsItReads() throws {
        let model = Fixtures.pizzaShopModel
        let loaded = try NLUModel(fileBytes: model.fileBytes())
        #expect(loaded.graphs.builtCount == 0)
        #expect(loaded.classify("i'd like a large pepperoni pizza") == model.classify("i'd like a large pepperoni pizza"))
        let afterOne = loaded.graphs.builtCount
        #expect(afterOne >= 1 && afterOne <= IntentRanking.jointCandidateLimit + 1, "\(afterOne) graphs")
        #expect(afterOne < loaded.schema.intents.count)
        // Intent-only classification reads no graph.
        var intentOnly = ClassificationContext()
        intentOnly.fillSlots = false
        _ = loaded.classify("cancel my order please", context: intentOnly)
        #expect(loaded.graphs.builtCount == afterOne)
    }

    @Test func aGraphBuiltOnFirstUseIsTheTaggersOwn() throws {
        let model = Fixtures.pizzaShopModel
        for i in model.schema.intents.indices {
            let direct = model.tagger.graph(for: model.allowedLabels[i], slotTypes: model.graphs.slotTypes(of: i))
            let kept = model.graphs[i]
            #expect(kept.labels == direct.labels && kept.slotTypes.map(\.begin) == direct.slotTypes.map(\.begin))
            let a = try #require(kept.scores), b = try #require(direct.scores)
            #expect(a.transitions.elementsEqual(b.transitions) { $0.bitPattern == $1.bitPattern })
            #expect(a.start.elementsEqual(b.start) { $0.bitPattern == $1.bitPattern })
        }
    }

    @Test func threadsAskingAtOnceShareOneGraph() async {
        let graphs = IntentGraphs(tagger: Fixtures.pizzaShopModel.tagger, labels: Fixtures.pizzaShopModel.allowedLabels,
                                  slotTypes: Fixtures.pizzaShopModel.schema.intents.map { _ in [] })
        let labels = await withTaskGroup(of: [Int32].self) { group in
            for _ in 0..<8 { group.addTask { graphs.withGraph(0) { $0.labels } } }
            return await group.reduce(into: [[Int32]]()) { $0.append($1) }
        }
        #expect(Set(labels).count == 1)
        #expect(graphs.builtCount == 1)
    }
}
