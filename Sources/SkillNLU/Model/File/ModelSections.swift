import Foundation
import InteractionModel

// The sections of a chunked model file (``ChunkedModelFile``), one per unit. Each calls the
// unit's own coding; the version of a section is that of its payload's layout.

/// The interaction model the model was trained from (dialog model and prompts included), in
/// the compact coding of ``InteractionModelCoding``: from version 3 in parts deflated one by one
/// (``InteractionModelParts``), so that one type's values or one intent's samples are read
/// alone; version 2 deflated whole (``DeflatedPayload``) and version 1 plain are still read.
struct InteractionModelSection: ModelSection {
    static let tag = SectionTag("MODL")
    static let unitVersion: UInt16 = 3
    static let isRequired = true
    static let what = "the interaction model"
    var model: InteractionModel

    func encode(to w: inout BinaryWriter) { InteractionModelParts.write(model, to: &w) }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        switch version {
        case 1: return Self(model: try InteractionModelCoding.read(from: &r))
        case 2: return Self(model: try DeflatedPayload.read(from: &r) { try InteractionModelCoding.read(from: &$0) })
        default: return Self(model: try InteractionModelParts(reading: &r).model())
        }
    }

    /// Checks what can be checked of a payload without decoding it (a deflated one's stated
    /// length and stream header), for a file whose interaction model is decoded on first use;
    /// returns its parts when it has them (version 3).
    @discardableResult
    static func checkEnvelope(_ stored: StoredSection<Self>) throws -> InteractionModelParts? {
        guard stored.version >= 2 else { return nil }
        var r = BinaryReader(stored.payload)
        r.part = what
        if stored.version == 2 {
            try DeflatedPayload.checkEnvelope(&r)
            return nil
        }
        let parts = try InteractionModelParts(reading: &r)
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after \(what) in its section") }
        return parts
    }
}

/// The training options (JSON, keys sorted) and how many utterances training used.
struct TrainingSection: ModelSection {
    static let tag = SectionTag("OPTS")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the training options"
    var options: TrainingOptions
    var utteranceCount: Int

    func encode(to w: inout BinaryWriter) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        w.write(bytes: Array((try? encoder.encode(options)) ?? Data()))
        w.write(utteranceCount)
    }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        let json = try r.readBytes()
        guard let options = try? JSONDecoder().decode(TrainingOptions.self, from: Data(json)) else {
            throw ModelFileError.corrupt("the stored training options")
        }
        return Self(options: options.withStoredDefaults, utteranceCount: try r.readInt())
    }
}

extension TrainingOptions {
    /// The options as a model uses them: settings a file lacks take the value of the models
    /// from before them (no words kept in carrier phrases, no everyday requests taught).
    var withStoredDefaults: TrainingOptions {
        var options = self
        options.carrierKeptListLimit = options.carrierKeptListLimit ?? 0
        options.everydayNegatives = options.everydayNegatives ?? false
        return options
    }
}

/// The effective samples of the built-in intents (their catalog samples, or the skill's own),
/// so that a newer catalog does not change a trained model's answers.
struct BuiltInSamplesSection: ModelSection {
    static let tag = SectionTag("BUIL")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the built-in intents' samples"
    var samples: [(name: String, texts: [String])]

    init(samples: [(name: String, texts: [String])]) { self.samples = samples }

    init(schema: SkillSchema) {
        samples = schema.intents.filter(\.isBuiltIn).map { ($0.name, $0.sampleTexts) }
    }

    func encode(to w: inout BinaryWriter) {
        w.write(samples.count)
        for s in samples {
            w.write(s.name)
            w.write(s.texts)
        }
    }

    /// Reads samples of built-in intents `context` declares, each once.
    static func decode(from r: inout BinaryReader, version: UInt16, context model: InteractionModel) throws -> Self {
        try decode(from: &r, builtInNames: Set(model.languageModel.intents.filter(\.isBuiltIn).map(\.name)))
    }

    /// Reads samples of the built-in intents named `builtInNames`, each once.
    static func decode(from r: inout BinaryReader, builtInNames: Set<String>) throws -> Self {
        var seen: Set<String> = []
        var samples: [(name: String, texts: [String])] = []
        for _ in 0..<(try r.readCount(minimumBytesEach: 16)) {
            let name = try r.readString()
            guard builtInNames.contains(name), seen.insert(name).inserted else {
                throw ModelFileError.corrupt("the compiled schema's built-in intents")
            }
            samples.append((name, try r.readStrings()))
        }
        return Self(samples: samples)
    }

    var byName: [String: [String]] { Dictionary(samples.map { ($0.name, $0.texts) }, uniquingKeysWith: { a, _ in a }) }
}

/// The gazetteer: every listed value and synonym of the custom types, as a trie of tokens.
/// Version 4 keeps the token keys and the nodes apart from the deflated ends
/// (``PhraseTrie/writeNodesApart(to:)``); version 3, the keys alone apart
/// (``PhraseTrie/writeKeysApart(to:)``), version 2, all of it deflated (``DeflatedPayload``),
/// and version 1, nothing deflated, are still read.
extension PhraseTrie: ModelSection {
    static let tag = SectionTag("GAZE")
    static let unitVersion: UInt16 = 4
    static let isRequired = true
    static let what = "the gazetteer"

    func encode(to w: inout BinaryWriter) { writeNodesApart(to: &w) }

    /// Reads a trie whose entries name one of `context.count` types.
    static func decode(from r: inout BinaryReader, version: UInt16, context valueCounts: [Int]) throws -> Self {
        switch version {
        case 1: return try PhraseTrie(reading: &r, valueCounts: valueCounts)
        case 2: return try DeflatedPayload.read(from: &r) { try PhraseTrie(reading: &$0, valueCounts: valueCounts) }
        case 3: return try PhraseTrie(readingKeysApart: &r, valueCounts: valueCounts)
        default: return try PhraseTrie(readingNodesApart: &r, valueCounts: valueCounts)
        }
    }
}

/// The compiled samples of the exact layer. Version 4 stores the trie laid out
/// (``ExactMatcher/writeLaidOut(to:)``): nodes numbered so that each node's children are
/// together and in lookup order, read in one pass without sorting. Version 3 (each node's
/// parent, its literal keys apart from the deflated tables:
/// ``ExactMatcher/writeKeysApart(to:)``), version 2 (all of it deflated, ``DeflatedPayload``)
/// and version 1 (nothing deflated) are still read.
extension ExactMatcher: ModelSection {
    static let tag = SectionTag("EXCT")
    static let unitVersion: UInt16 = 4
    static let isRequired = true
    static let what = "the compiled samples"

    func encode(to w: inout BinaryWriter) { writeLaidOut(to: &w) }

    static func decode(from r: inout BinaryReader, version: UInt16, context schema: SkillSchema) throws -> Self {
        switch version {
        case 1: return try ExactMatcher(reading: &r, schema: schema)
        case 2: return try DeflatedPayload.read(from: &r) { try ExactMatcher(reading: &$0, schema: schema) }
        case 3: return try ExactMatcher(readingKeysApart: &r, schema: schema)
        default: return try ExactMatcher(readingLaidOut: &r, schema: schema)
        }
    }
}

/// When the fallback intent answers: its index, the thresholds per sensitivity and the
/// probabilities a fallback taught only by our negatives must reach.
extension FallbackPolicy: ModelSection {
    static let tag = SectionTag("FALL")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the fallback settings"

    func encode(to w: inout BinaryWriter) {
        w.write(intent != nil)
        w.write(intent ?? 0)
        w.write(thresholds)
        w.write(requiredProbabilities ?? [])
    }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        let hasIntent = try r.readBool()
        let intent = try r.readInt()
        let thresholds = try r.readFloats()
        // Confidence thresholds are probabilities; anything else (NaN) would silently change answers.
        guard thresholds.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { throw ModelFileError.corrupt("the fallback thresholds") }
        let required = try readRequiredProbabilities(&r)
        return FallbackPolicy(intent: hasIntent ? intent : nil, thresholds: thresholds, requiredProbabilities: required)
    }

    /// The required probabilities: none, or one per sensitivity, each a probability.
    static func readRequiredProbabilities(_ r: inout BinaryReader) throws -> [Float]? {
        let read = try r.readFloats()
        guard read.isEmpty || (read.count == 3 && read.allSatisfy({ $0 >= 0 && $0 <= 1 })) else {
            throw ModelFileError.corrupt("the fallback's required probabilities")
        }
        return read.isEmpty ? nil : read
    }
}

/// The intent classifier of whole utterances. Version 2 may hold tables of the `int8`
/// precision (``RowQuantization``), which version 1 readers do not know, and version 3 ones of
/// the `int4` and `int3` precisions (``PackedRows``); the layout is otherwise that of version
/// 1, and every earlier version is still read.
extension IntentClassifier: ModelSection {
    static let tag = SectionTag("INTC")
    static let unitVersion: UInt16 = 3
    static let isRequired = true
    static let what = "the intent classifier"

    func encode(to w: inout BinaryWriter) { write(to: &w) }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        try IntentClassifier(reading: &r)
    }
}

/// The intent classifier of carrier phrases (``TrainingOptions/carrierClassifier``), in files
/// of models that have one. Required: a reader without it would answer differently.
/// Versions as for ``IntentClassifier``'s section.
struct CarrierClassifierSection: ModelSection {
    static let tag = SectionTag("CARR")
    static let unitVersion: UInt16 = 3
    static let isRequired = true
    static let what = "the carrier classifier"
    var classifier: IntentClassifier

    func encode(to w: inout BinaryWriter) { classifier.write(to: &w) }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        Self(classifier: try IntentClassifier(reading: &r))
    }
}

/// The slot tagger, with its type-agreement weights. Version 2 stores the weights as bytes
/// with a scale per attribute (``RowQuantization``) and labels in one byte where they fit,
/// deflated (``DeflatedPayload``); version 3 keeps the attribute keys apart from the deflated
/// tables (``SlotTagger/writeKeysApart(to:)``); version 4 keeps the weights' bytes apart too
/// and stores the transitions sparse (``SlotTagger/writeLevelsApart(to:)``). Versions 3, 2
/// and 1 (half precision, two-byte labels) are still read.
extension SlotTagger: ModelSection {
    static let tag = SectionTag("TAGR")
    static let unitVersion: UInt16 = 4
    static let isRequired = true
    static let what = "the slot tagger"

    func encode(to w: inout BinaryWriter) { writeLevelsApart(to: &w) }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        switch version {
        case 1: return try SlotTagger(reading: &r, layout: .half)
        case 2: return try DeflatedPayload.read(from: &r) { try SlotTagger(reading: &$0, layout: .quantized) }
        case 3: return try SlotTagger(readingKeysApart: &r)
        default: return try SlotTagger(readingLevelsApart: &r)
        }
    }
}

/// The language pack a model reads through (its name and digest: the pack itself ships with
/// SkillNLU) and the scorer trained on it, in files of models trained with one.
struct LanguagePackSection: ModelSection {
    static let tag = SectionTag("PACK")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the language pack"
    var pack: LanguagePack
    var scorer: PackIntentScorer

    func encode(to w: inout BinaryWriter) {
        w.write(pack.name)
        w.write(pack.digest)
        scorer.write(to: &w)
    }

    /// Reads the pack's name and digest, finds the shipped pack of that name and version, and
    /// reads the scorer, which must fit the pack.
    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        let name = try r.readString(), digest = try r.readUInt64()
        guard let shipped = LanguagePack.bundled(named: name) else { throw ModelFileError.missingLanguagePack(name) }
        guard shipped.digest == digest else { throw ModelFileError.differentLanguagePack(name) }
        let scorer = try PackIntentScorer.read(from: &r)
        guard scorer.dimension == shipped.dimension else {
            throw ModelFileError.corrupt("the language-pack scorer does not fit the model")
        }
        return Self(pack: shipped, scorer: scorer)
    }
}

/// The word clusters a model's slot tagger reads (their name and digest: the table itself ships
/// with SkillNLU, beside the language pack it was derived from), in files of models trained
/// with them. Required: a reader that does not know it would decode without the tagger's
/// cluster attributes and answer otherwise.
struct WordClustersSection: ModelSection {
    static let tag = SectionTag("CLUS")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the word clusters"
    var clusters: WordClusters

    func encode(to w: inout BinaryWriter) {
        w.write(clusters.name)
        w.write(clusters.digest)
    }

    /// Reads the clusters' name and digest and finds the shipped table of that name and version.
    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        let name = try r.readString(), digest = try r.readUInt64()
        guard let shipped = WordClusters.bundled(named: name) else { throw ModelFileError.missingWordClusters(name) }
        guard shipped.digest == digest else { throw ModelFileError.differentWordClusters(name) }
        return Self(clusters: shipped)
    }
}
