import BuiltInValues
import InteractionModel
import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct ClassifierTrainingTests {
    /// The classifier's jobs for the coffee skill with two members of the first kind, a linear
    /// member and the carrier classifier.
    static func training(precision: IntentClassifierOptions.Precision? = nil,
                         classifierPrecision: IntentClassifierOptions.Precision? = nil, rowBudget: Int? = nil,
                         hiddenLayer: Int? = nil) -> ClassifierTraining {
        var options = Fixtures.fastOptions
        if let precision { options.classifier?.precision = precision }
        options.classifier?.rowBudget = rowBudget
        options.classifier?.hiddenLayer = hiddenLayer
        options.classifierPrecision = classifierPrecision
        options.classifierMembers = 2
        options.linearClassifierMembers = 1
        options.carrierClassifier = true
        let schema = SkillSchema(model: Fixtures.coffee, tokenizer: Tokenizer(locale: "en-US"))
        let resolved = NLUModel.resolved(options, schema: schema)
        let generator = NLUModel.generator(schema: schema, options: resolved)
        let examples = generator.examples(from: generator.generate())
        let data = NLUModel.classifierData(schema: schema, options: resolved, source: examples[...])
        return NLUModel.classifierTraining(schema: schema, options: resolved, trainSet: data.trainSet, heldOut: data.heldOut,
                                           carrierSource: examples[...], policy: data.policy, pack: nil, encoder: nil,
                                           progress: nil)
    }

    /// `classifierPrecision` overrides the precision the classifier's options chose, for the
    /// merged tables and, at 3 bits, with the members trained unrounded.
    @Test func theClassifierPrecisionOverridesTheChosenOne() {
        #expect(Self.training().plan.precision != .int3)
        let training = Self.training(classifierPrecision: .int3)
        #expect(training.plan.precision == .int3)
        #expect(training.plan.memberOptions.allSatisfy { $0.precision == .float32 })
        #expect(Self.training(classifierPrecision: .int8).plan.memberOptions.allSatisfy { $0.precision == .int8 })
    }

    @Test func everyMemberAndTheCarrierIsAJobOfItsOwn() {
        #expect(Self.training().jobs.count == 4)
    }

    /// What makes running the jobs on several threads safe: the order they run in changes nothing.
    @Test func theJoinedClassifiersDoNotDependOnTheOrderTheJobsRan() throws {
        let inOrder = Self.training(), reversed = Self.training(), concurrent = Self.training()
        for job in inOrder.jobs { job() }
        for job in reversed.jobs.reversed() { job() }
        let jobs = concurrent.jobs
        DispatchQueue.concurrentPerform(iterations: jobs.count) { jobs[jobs.count - 1 - $0]() }
        let a = try inOrder.finish(), b = try reversed.finish(), c = try concurrent.finish()
        #expect(a.0 == b.0 && a.0 == c.0)
        #expect(a.1 == b.1 && a.1 == c.1)
        #expect(a.2 != nil && a.2 == b.2 && a.2 == c.2)
    }

    /// At 3 bits the members are trained unrounded and the merged classifier is rounded once:
    /// its tables are those of the unrounded members' merge, rounded. At 4 bits each member is
    /// rounded as before.
    @Test func threeBitMembersAreRoundedOnceAfterTheirMerge() throws {
        let training = Self.training(precision: .int3)
        #expect(training.plan.memberOptions.allSatisfy { $0.precision == .float32 })
        #expect(training.plan.precision == .int3)
        for job in training.jobs { job() }
        let joined = try training.finish().0
        #expect(joined.options.precision == .int3)
        let members = try training.plan.memberOptions.map {
            try IntentClassifier.train(examples: training.plan.trainSet, labelCount: training.plan.labelCount, options: $0)
        }
        let once = try #require(IntentClassifier.merging(members, precision: .int3))
        #expect(joined.embeddingRows == once.embeddingRows && joined.linearTable == once.linearTable)
        let twice = try #require(IntentClassifier.merging(members.map { $0.rounded(to: .int3) }))
        #expect(twice.embeddingRows != once.embeddingRows, "rounding each member first gives other tables")
        #expect(Self.training(precision: .int4).plan.memberOptions.allSatisfy { $0.precision == .int4 })
    }

    /// Beyond 32 intents the members' rows have a budget and the carrier classifier keeps only
    /// features two carrier phrases share; a skill of a few intents keeps every feature in both.
    @Test func aLargeSkillCapsItsRowsAndItsCarrierDropsOnceSeenFeatures() throws {
        let intents = (0..<40).map { i in
            #"{"name": "Ask\#(i)Intent", "slots": [{"name": "thing", "type": "Thing"}], "samples": ["ask \#(i) about {thing}", "tell me about {thing} number \#(i)"]}"#
        }
        let json = #"{"interactionModel": {"languageModel": {"invocationName": "large", "intents": ["#
            + intents.joined(separator: ", ")
            + #"], "types": [{"name": "Thing", "values": [{"name": {"value": "rain"}}, {"name": {"value": "snow"}}]}]}}}"#
        let model = try Importer.decode(Data(json.utf8))
        var options = Fixtures.fastOptions
        options.classifier = nil
        options.carrierClassifier = true
        let schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: "en-US"))
        let resolved = NLUModel.resolved(options, schema: schema)
        let generator = NLUModel.generator(schema: schema, options: resolved)
        let examples = generator.examples(from: generator.generate())
        let data = NLUModel.classifierData(schema: schema, options: resolved, source: examples[...])
        let large = NLUModel.classifierTraining(schema: schema, options: resolved, trainSet: data.trainSet, heldOut: data.heldOut,
                                                carrierSource: examples[...], policy: data.policy, pack: nil, encoder: nil,
                                                progress: nil)
        #expect(large.plan.memberOptions.allSatisfy { $0.rowBudget == 1 << 16 && $0.minCount == 1 })
        #expect(large.plan.carrierOptions.minCount == 2)
        let small = Self.training()
        #expect(small.plan.carrierOptions.minCount == 1 && small.plan.carrierOptions.rowBudget == nil)
    }

    /// The joined result says how every member and the carrier classifier chose their rows: a
    /// budget the members' rows exceed raises each member's count (the carrier, without one,
    /// keeps all of its rows); without a budget nothing is left out.
    @Test func theJoinedResultReportsEachClassifiersFeatureSelection() throws {
        let capped = Self.training(rowBudget: 500)
        for job in capped.jobs { job() }
        let joined = try capped.finish()
        let report = joined.5
        #expect(report.classifierMembers.count == 3)
        #expect(report.classifierMembers.allSatisfy {
            $0.rowBudget == 500 && $0.threshold > 1 && $0.keptRows <= 500 && $0.touchedRows > 500 && $0.rowsAtMinCount == $0.touchedRows
        })
        let carrier = try #require(report.carrierClassifier)
        #expect(carrier.keptRows == joined.2?.featureRows && carrier.droppedRows == 0)
        #expect(report.droppedFeatures)
        let plain = Self.training()
        for job in plain.jobs { job() }
        let all = try plain.finish().5
        #expect(all.classifierMembers.count == 3 && all.classifierMembers.allSatisfy { $0.threshold == 1 && $0.droppedRows == 0 })
        #expect(!all.droppedFeatures)
    }

    /// Members with a hidden layer cannot be merged and the model keeps the first alone: the
    /// report is of that one.
    @Test func theReportIsOfTheMembersTheModelKeeps() throws {
        let training = Self.training(rowBudget: 500, hiddenLayer: 4)
        for job in training.jobs { job() }
        let joined = try training.finish()
        #expect(joined.5.classifierMembers.count == 1)
        #expect(joined.5.classifierMembers.first?.keptRows == joined.0.featureRows)
    }

    @Test func aJobNotRunIsAnErrorNotAMissingMember() {
        let training = Self.training()
        for job in training.jobs.dropFirst() { job() }
        #expect(throws: TrainingError.self) { try training.finish() }
    }
}
