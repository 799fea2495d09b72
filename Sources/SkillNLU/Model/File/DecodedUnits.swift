import BuiltInValues
import InteractionModel

/// Every unit of a checked chunked model file, decoded in file order and checked to fit the
/// interaction model: what ``NLUModel/init(chunked:)`` builds a model from.
struct DecodedUnits: Sendable {
    let model: InteractionModel
    let training: TrainingSection
    let schema: SkillSchema
    let matcher: ExactMatcher
    let fallback: FallbackPolicy
    let classifier: IntentClassifier
    let tagger: SlotTagger
    let carrier: IntentClassifier?
    let pack: LanguagePackSection?
    let head: EncoderIntentHead?

    /// Decodes the interaction model and the units built on it here, and takes the others from
    /// `ahead` (done on another thread, or here when nobody has started them yet).
    init(_ file: ChunkedModelFileReader, ahead: SectionsAhead) throws {
        model = try file.require(InteractionModelSection.self).model
        training = try file.require(TrainingSection.self)
        let builtIn = try file.require(BuiltInSamplesSection.self, context: model)
        let compiled = try file.decode(CompiledSchemaSection.self, context: model)
        var schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale), builtInSamples: builtIn.byName,
                                 gazetteer: PhraseTrie(), spokenOrdinals: compiled?.spokenOrdinals)
        if let compiled {
            guard compiled.sampleUses.count == schema.types.count else {
                throw ModelFileError.corrupt("the compiled schema's sample counts")
            }
            schema.storedSampleUses = compiled.sampleUses
        }
        schema.gazetteer = try Self.require(file.decode(PhraseTrie.self, payload: ahead.gazetteer.get().get(),
                                                        context: schema.gazetteerValueCounts))
        matcher = try Self.require(file.decode(ExactMatcher.self, payload: ahead.samples.get().get(), context: schema))
        self.schema = schema
        fallback = try ahead.fallback.get().get()
        classifier = try ahead.classifier.get().get()
        tagger = try ahead.tagger.get().get()
        carrier = try ahead.carrier.get().get()
        // A model trained with a carrier classifier answers differently without it.
        if training.options.carrierClassifier == true, carrier == nil {
            throw ModelFileError.missingSection("\(CarrierClassifierSection.what) (section \(CarrierClassifierSection.tag))")
        }
        pack = try ahead.pack.get().get()
        head = try ahead.head.get().get()
        try NLUModel.checkFit(schema: schema, classifier: classifier, carrier: carrier, tagger: tagger, fallback: fallback,
                              packLabels: pack?.scorer.labelCount)
        if let head, head.scorer.labelCount != schema.intents.count {
            throw ModelFileError.corrupt("the contextual intent head does not fit the model")
        }
    }

    /// A required section's unit, or the error a file without it gets.
    private static func require<S: ModelSection>(_ unit: S?) throws -> S {
        guard let unit else { throw ModelFileError.missingSection("\(S.what) (section \(S.tag))") }
        return unit
    }
}
