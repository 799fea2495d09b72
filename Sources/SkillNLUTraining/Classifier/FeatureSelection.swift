/// How the training of one ``IntentClassifier`` chose its feature rows: the count in training
/// examples a feature needed to be kept, and how many hash buckets (rows) that left out.
///
/// A report for the tools that train a model (`nlu-train` prints it), not part of the model:
/// the classifier and its file are the same whether anyone reads it or not. A feature is a
/// hashed word or character n-gram, so a row may hold more than one feature (a collision);
/// the counts are of rows, as stored.
package struct FeatureSelection: Sendable, Equatable {
    /// ``IntentClassifierOptions/minCount`` as trained with.
    package var minCount: Int
    /// ``IntentClassifierOptions/rowBudget`` as trained with; nil for none.
    package var rowBudget: Int?
    /// The number of training examples a row had to occur in to be kept: ``minCount``, or
    /// more when the rows seen that often exceeded ``rowBudget``.
    package var threshold: Int
    /// Rows the training examples touched at all (each seen in at least one example).
    package var touchedRows: Int
    /// Rows seen in at least ``minCount`` examples: what ``minCount`` alone would have kept.
    package var rowsAtMinCount: Int
    /// Rows the classifier keeps (its ``IntentClassifier/featureRows``).
    package var keptRows: Int

    package init(minCount: Int, rowBudget: Int?, threshold: Int, touchedRows: Int, rowsAtMinCount: Int, keptRows: Int) {
        self.minCount = minCount
        self.rowBudget = rowBudget
        self.threshold = threshold
        self.touchedRows = touchedRows
        self.rowsAtMinCount = rowsAtMinCount
        self.keptRows = keptRows
    }

    /// Rows training touched that the classifier does not keep: features it will not know
    /// when classifying.
    package var droppedRows: Int { touchedRows - keptRows }

    /// Whether ``rowBudget`` raised the count a feature needed above ``minCount``.
    package var budgetRaisedThreshold: Bool { threshold > minCount }
}
