import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The report beside a trained model: it says what the classifiers left out and changes
/// nothing in the model.
@Suite struct TrainingReportTests {
    /// The coffee skill keeps every feature: the report says so for each member and the
    /// carrier classifier, and the model is the one `train` gives, byte for byte.
    @Test func aSmallSkillDropsNothingAndTheModelIsTheSame() throws {
        let (model, report) = try NLUModel.trainReporting(from: Fixtures.coffee, options: Fixtures.fastOptions)
        #expect(model.fileBytes() == Fixtures.coffeeModel.fileBytes())
        #expect(!report.classifierMembers.isEmpty)
        #expect(report.classifierMembers.allSatisfy { $0.droppedRows == 0 && $0.threshold == 1 && $0.keptRows > 0 })
        #expect(report.carrierClassifier.map { $0.keptRows == model.carrierClassifier?.featureRows } ?? true)
        #expect(!report.droppedFeatures)
    }

    /// Any classifier that left a row out makes the report say features were dropped.
    @Test func oneClassifierLeavingRowsOutIsEnough() {
        let all = FeatureSelection(minCount: 1, rowBudget: nil, threshold: 1, touchedRows: 10, rowsAtMinCount: 10, keptRows: 10)
        let some = FeatureSelection(minCount: 2, rowBudget: nil, threshold: 2, touchedRows: 10, rowsAtMinCount: 6, keptRows: 6)
        #expect(!TrainingReport(classifierMembers: [all, all], carrierClassifier: all).droppedFeatures)
        #expect(!TrainingReport(classifierMembers: [all], carrierClassifier: nil).droppedFeatures)
        #expect(TrainingReport(classifierMembers: [all], carrierClassifier: some).droppedFeatures)
        #expect(TrainingReport(classifierMembers: [all, some], carrierClassifier: nil).droppedFeatures)
    }
}
