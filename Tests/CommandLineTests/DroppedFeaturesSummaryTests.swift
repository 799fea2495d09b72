import SkillNLUTraining
import Testing
@testable import CommandLineSupport

/// The lines of `nlu-train`'s summary that say which features the classifiers left out.
@Suite struct DroppedFeaturesSummaryTests {
    static let budgeted = FeatureSelection(minCount: 1, rowBudget: 65_536, threshold: 3, touchedRows: 144_056,
                                           rowsAtMinCount: 144_056, keptRows: 60_348)
    static let carrier = FeatureSelection(minCount: 2, rowBudget: 65_536, threshold: 2, touchedRows: 41_200,
                                          rowsAtMinCount: 17_905, keptRows: 17_905)
    static let everything = FeatureSelection(minCount: 1, rowBudget: nil, threshold: 1, touchedRows: 20_000,
                                             rowsAtMinCount: 20_000, keptRows: 20_000)

    /// A budget that raised the count: one line for the ensemble, one for the carrier, whatever
    /// `--verbose` says.
    @Test func theBudgetAndTheCarriersCountAreOneLineEach() {
        let report = TrainingReport(classifierMembers: [Self.budgeted, Self.budgeted], carrierClassifier: Self.carrier)
        #expect(DroppedFeaturesSummary.lines(report, verbose: false) == """
              intent classifier: 65,536-row budget kept features seen in ≥ 3 training utterances (60,348 of 144,056 rows)
              carrier classifier: kept features seen in ≥ 2 carrier phrases (17,905 of 41,200 rows)

            """)
    }

    /// `--verbose` adds every member's figures (and the carrier's) below its line.
    @Test func verboseListsEveryMember() {
        let report = TrainingReport(classifierMembers: [Self.budgeted, Self.budgeted], carrierClassifier: Self.carrier)
        #expect(DroppedFeaturesSummary.lines(report, verbose: true) == """
              intent classifier: 65,536-row budget kept features seen in ≥ 3 training utterances (60,348 of 144,056 rows)
                member 1 of 2: features seen in ≥ 3 training utterances, 60,348 of 144,056 rows; minCount 1 alone keeps 144,056, budget 65,536
                member 2 of 2: features seen in ≥ 3 training utterances, 60,348 of 144,056 rows; minCount 1 alone keeps 144,056, budget 65,536
              carrier classifier: kept features seen in ≥ 2 carrier phrases (17,905 of 41,200 rows)
                features seen in ≥ 2 carrier phrases, 17,905 of 41,200 rows; minCount 2 alone keeps 17,905, budget 65,536

            """)
    }

    /// Members that chose differently each get their line, naming them.
    @Test func membersThatDifferAreNamed() {
        var other = Self.budgeted
        other.threshold = 4
        other.keptRows = 51_000
        let report = TrainingReport(classifierMembers: [Self.budgeted, Self.budgeted, other], carrierClassifier: nil)
        #expect(DroppedFeaturesSummary.lines(report, verbose: false) == """
              intent classifier (members 1, 2): 65,536-row budget kept features seen in ≥ 3 training utterances (60,348 of 144,056 rows)
              intent classifier (member 3): 65,536-row budget kept features seen in ≥ 4 training utterances (51,000 of 144,056 rows)

            """)
    }

    /// Nothing left out, nothing said, with or without `--verbose`: a small skill's summary is unchanged.
    @Test func nothingDroppedSaysNothing() {
        let report = TrainingReport(classifierMembers: [Self.everything, Self.everything], carrierClassifier: Self.everything)
        #expect(DroppedFeaturesSummary.lines(report, verbose: false).isEmpty)
        #expect(DroppedFeaturesSummary.lines(report, verbose: true).isEmpty)
        let carrierOnly = TrainingReport(classifierMembers: [Self.everything], carrierClassifier: Self.carrier)
        #expect(!DroppedFeaturesSummary.lines(carrierOnly, verbose: true).contains("intent classifier"))
    }

    @Test func countsAreGroupedByThousands() {
        #expect(DroppedFeaturesSummary.grouped(0) == "0")
        #expect(DroppedFeaturesSummary.grouped(999) == "999")
        #expect(DroppedFeaturesSummary.grouped(1_000) == "1,000")
        #expect(DroppedFeaturesSummary.grouped(144_056) == "144,056")
        #expect(DroppedFeaturesSummary.grouped(1_048_576) == "1,048,576")
    }
}
