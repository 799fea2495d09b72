/// What ``NLUModel/trainReporting(from:options:progress:)`` says about a training beside the
/// model: how each intent classifier it trained chose its feature rows.
///
/// Not stored in the model file and not part of the model: a model trained with the report is
/// the one ``NLUModel/train(from:options:progress:)`` gives. A tool reads it to tell its user
/// what the model left out — beyond 32 intents the rows have a budget
/// (``IntentClassifierOptions/rowBudget``) and the carrier classifier keeps only features two
/// carrier phrases share, so a large skill's rare words may not count.
package struct TrainingReport: Sendable, Equatable {
    /// Per member of the intent classifier's ensemble the model keeps, in order: all of them,
    /// or the first alone when they could not be merged (a hidden layer).
    package var classifierMembers: [FeatureSelection]
    /// The carrier classifier's (``TrainingOptions/carrierClassifier``); nil when the model has none.
    package var carrierClassifier: FeatureSelection?

    package init(classifierMembers: [FeatureSelection], carrierClassifier: FeatureSelection?) {
        self.classifierMembers = classifierMembers
        self.carrierClassifier = carrierClassifier
    }

    /// Whether any classifier left out a row training touched.
    package var droppedFeatures: Bool {
        (classifierMembers + (carrierClassifier.map { [$0] } ?? [])).contains { $0.droppedRows > 0 }
    }
}
