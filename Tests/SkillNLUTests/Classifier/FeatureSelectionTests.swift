import Foundation
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// What training reports of its feature rows: the count it drew the line at and the rows it
/// kept, as the trained classifier has them.
@Suite struct FeatureSelectionTests {
    typealias Toy = ClassifierToyData

    /// The toy examples with a word of its own in one of them (so that some rows occur once),
    /// hashed without collisions between that word's n-grams and the others'.
    static let examples = Toy.examples() + [ClassifierExample(tokens: Toy.tokenizer.tokenize("xylophone"), label: 0, weight: 1)]
    static var options: IntentClassifierOptions {
        var o = Toy.options()
        o.buckets = 1 << 22
        return o
    }

    static func rows(minCount: Int) throws -> Int {
        var o = options
        o.minCount = minCount
        return try IntentClassifier.train(examples: examples, labelCount: 3, options: o).featureRows
    }

    /// A budget one row short of every feature raises the count to 2: the report says so, with
    /// the rows minCount 1 touches and those minCount 2 alone keeps, which the classifier stores.
    @Test func aBudgetReportsTheCountItRaisedAndTheRowsItKept() throws {
        let all = try Self.rows(minCount: 1), twice = try Self.rows(minCount: 2)
        #expect(twice < all)
        var o = Self.options
        o.rowBudget = all - 1
        let (classifier, selection) = try IntentClassifier.trainReporting(examples: Self.examples, labelCount: 3, options: o)
        #expect(selection == FeatureSelection(minCount: 1, rowBudget: all - 1, threshold: 2, touchedRows: all,
                                              rowsAtMinCount: all, keptRows: twice))
        #expect(classifier.featureRows == selection.keptRows)
        #expect(selection.budgetRaisedThreshold && selection.droppedRows == all - twice)
        // One row short of what minCount 2 keeps: the count goes up to 3.
        o.rowBudget = twice - 1
        let raised = try IntentClassifier.trainReporting(examples: Self.examples, labelCount: 3, options: o).selection
        let thrice = try Self.rows(minCount: 3)
        #expect(raised.threshold == 3 && raised.keptRows == thrice && raised.touchedRows == all)
    }

    /// minCount alone: the count is its own, the rows it leaves out are reported as dropped, and
    /// no budget raised anything.
    @Test func minCountAloneReportsItsOwnCount() throws {
        let all = try Self.rows(minCount: 1), twice = try Self.rows(minCount: 2)
        var o = Self.options
        o.minCount = 2
        let selection = try IntentClassifier.trainReporting(examples: Self.examples, labelCount: 3, options: o).selection
        #expect(selection == FeatureSelection(minCount: 2, rowBudget: nil, threshold: 2, touchedRows: all,
                                              rowsAtMinCount: twice, keptRows: twice))
        #expect(!selection.budgetRaisedThreshold && selection.droppedRows == all - twice)
    }

    /// Under budget (or without one) every row is kept and nothing is reported as dropped.
    @Test func underBudgetNothingIsDropped() throws {
        let all = try Self.rows(minCount: 1)
        for budget in [nil, all, all + 100] {
            var o = Self.options
            o.rowBudget = budget
            let selection = try IntentClassifier.trainReporting(examples: Self.examples, labelCount: 3, options: o).selection
            #expect(selection.threshold == 1 && selection.keptRows == all && selection.touchedRows == all)
            #expect(selection.droppedRows == 0 && !selection.budgetRaisedThreshold)
        }
    }

    /// The report changes nothing: the classifier is the one `train` gives, byte for byte.
    @Test func reportingTrainsTheSameClassifier() throws {
        var o = Self.options
        o.rowBudget = try Self.rows(minCount: 2)
        let plain = try IntentClassifier.train(examples: Self.examples, labelCount: 3, options: o)
        let reported = try IntentClassifier.trainReporting(examples: Self.examples, labelCount: 3, options: o).classifier
        var a = BinaryWriter(), b = BinaryWriter()
        plain.write(to: &a)
        reported.write(to: &b)
        #expect(a.bytes == b.bytes)
    }
}
