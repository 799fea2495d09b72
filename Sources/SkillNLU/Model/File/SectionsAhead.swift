/// The work of loading a chunked model file that needs nothing decoded before it: inflating
/// the gazetteer and the compiled samples (whose decoding needs the interaction model), and
/// decoding the units that need nothing from the interaction model (the fallback settings, the
/// classifiers, the slot tagger, the language pack, the contextual head).
///
/// Each piece is a ``OnceCell``: the loading thread takes it when it reaches that section, in
/// file order, and a helper thread may have done it before (``decodeAhead()``) while the
/// loading thread was decoding the interaction model. The same work either way, and a damaged
/// file is refused with the same error as when every section was decoded in turn, since each
/// piece keeps its own outcome and the loading thread raises them in file order.
struct SectionsAhead: Sendable {
    let gazetteer: OnceCell<Result<BinaryReader?, any Error>>
    let samples: OnceCell<Result<BinaryReader?, any Error>>
    let fallback: OnceCell<Result<FallbackPolicy, any Error>>
    let classifier: OnceCell<Result<IntentClassifier, any Error>>
    let tagger: OnceCell<Result<SlotTagger, any Error>>
    let carrier: OnceCell<Result<IntentClassifier?, any Error>>
    let pack: OnceCell<Result<LanguagePackSection?, any Error>>
    let head: OnceCell<Result<EncoderIntentHead?, any Error>>
    /// The cells after the two inflated payloads, largest section first, with their sizes.
    private let units: [(bytes: Int, run: @Sendable () -> Void)]

    init(_ file: ChunkedModelFileReader) {
        gazetteer = OnceCell { Result { try file.payload(PhraseTrie.self) } }
        samples = OnceCell { Result { try file.payload(ExactMatcher.self) } }
        let fallback = OnceCell { Result { try file.require(FallbackPolicy.self) } }
        let classifier = OnceCell { Result { try file.require(IntentClassifier.self) } }
        let tagger = OnceCell { Result { try file.require(SlotTagger.self) } }
        let carrier = OnceCell { Result { try file.decode(CarrierClassifierSection.self)?.classifier } }
        let pack = OnceCell { Result { try file.decode(LanguagePackSection.self) } }
        let head = OnceCell { Result { try file.decode(ContextualHeadSection.self)?.head } }
        (self.fallback, self.classifier, self.tagger, self.carrier, self.pack, self.head) =
            (fallback, classifier, tagger, carrier, pack, head)
        let units: [(bytes: Int, run: @Sendable () -> Void)] = [
            (file.storedLength(FallbackPolicy.self), { _ = fallback.get() }),
            (file.storedLength(IntentClassifier.self), { _ = classifier.get() }),
            (file.storedLength(SlotTagger.self), { _ = tagger.get() }),
            (file.storedLength(CarrierClassifierSection.self), { _ = carrier.get() }),
            (file.storedLength(LanguagePackSection.self), { _ = pack.get() }),
            (file.storedLength(ContextualHeadSection.self), { _ = head.get() }),
        ]
        self.units = units.sorted { $0.bytes > $1.bytes }
    }

    /// Works through every cell nobody has taken yet: first the two payloads the loading
    /// thread needs soonest, then the units, largest first.
    func decodeAhead() {
        _ = gazetteer.get()
        _ = samples.get()
        for unit in units { unit.run() }
    }
}
