import BuiltInValues
import Foundation
import InteractionModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a model file could not be written or read (besides its contents: ``ModelFileError``).
public enum ModelIOError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotRead(let p, let r): return "cannot read \(p): \(r)"
        case .cannotCreate(let p, let r): return "cannot create \(p): \(r); check that the folder exists and is writable"
        case .writeFailed(let p, let r): return "writing \(p) failed: \(r); the previous file, if any, is unchanged"
        }
    }
}

extension NLUModel {
    /// "SKILLNLU": the first eight bytes of every model file.
    public static let fileMagic: [UInt8] = Array("SKILLNLU".utf8)
    /// The format this version writes and the newest it reads: 8, the chunked file, a header
    /// and then one section per unit, each with its own tag, layout version, length and
    /// checksum (``ChunkedModelFile``; the article ModelFile describes it). A unit's layout
    /// changes by raising its section's version, not this number. Formats 1 to 7, which laid
    /// the units out one after the other behind a single checksum, are still read.
    public static let fileFormatVersion: UInt32 = ChunkedModelFile.format
    /// Bytes before the first section.
    package static let headerSize = ChunkedModelFile.headerSize

    /// A chunked model file of `sections` (section headers and payloads, as after a file's
    /// header) with every checksum and the header made valid, for the fuzzer and tests that
    /// damage a file behind its checksums (``ChunkedModelFile/sealed(body:)``).
    package static func sealedFile(sections: [UInt8]) -> [UInt8] { ChunkedModelFile.sealed(body: sections) }

    /// The sections a model file of this version may hold, in the order they are written.
    static let knownSections = [
        KnownSection(InteractionModelSection.self), KnownSection(TrainingSection.self),
        KnownSection(BuiltInSamplesSection.self), KnownSection(CompiledSchemaSection.self), KnownSection(SchemaOutlineSection.self),
        KnownSection(PhraseTrie.self), KnownSection(ExactMatcher.self),
        KnownSection(FallbackPolicy.self), KnownSection(IntentClassifier.self), KnownSection(SlotTagger.self),
        KnownSection(CarrierClassifierSection.self), KnownSection(LanguagePackSection.self),
        KnownSection(ContextualHeadSection.self), KnownSection(WordClustersSection.self),
    ]

    /// The checksum a format 1 to 7 header carries for `body` (formats 2 to 7).
    public static func fileChecksum(body: [UInt8]) -> UInt64 { FileChecksum.hash(body) }

    /// The model's sections, written in the order ``knownSections`` lists them.
    func fileWriter() -> ChunkedModelFileWriter {
        var file = ChunkedModelFileWriter()
        file.append(InteractionModelSection(model: interactionModel))
        file.append(TrainingSection(options: trainingOptions, utteranceCount: trainingUtteranceCount))
        file.append(BuiltInSamplesSection(schema: schema))
        file.append(CompiledSchemaSection(schema: schema, declaredTypes: declaredTypeCount))
        file.append(SchemaOutlineSection(model: self))
        file.append(schema.gazetteer)
        file.append(matcher)
        file.append(fallback)
        file.append(classifier)
        file.append(tagger)
        if let carrierClassifier { file.append(CarrierClassifierSection(classifier: carrierClassifier)) }
        if let pack { file.append(LanguagePackSection(pack: pack.pack, scorer: pack.scorer)) }
        if let contextualHead { file.append(ContextualHeadSection(head: contextualHead)) }
        if let clusters = tagger.wordClusters { file.append(WordClustersSection(clusters: clusters)) }
        return file
    }

    /// The model as the bytes of a model file: a header (magic, format, section count, body
    /// length, model digest, SkillNLU version, header checksum) and one section per unit.
    public func fileBytes() -> [UInt8] { fileWriter().bytes }

    /// Bytes each part takes in the model file (for benchmarks and size budgets).
    public var fileSizeBreakdown: [(part: String, bytes: Int)] {
        let file = fileWriter()
        let names = Dictionary(Self.knownSections.map { ($0.tag, $0.what) }, uniquingKeysWith: { a, _ in a })
        var parts = file.payloadSizes.map { (part: names[$0.tag] ?? $0.tag.description, bytes: $0.bytes) }
        let total = file.bytes.count
        parts.append(("header and section headers", total - parts.reduce(0) { $0 + $1.bytes }))
        return parts
    }

    /// Reads a model from the bytes of a model file, checking magic, format, every section's
    /// length, checksum and version before any unit is decoded, so that a damaged or too new
    /// file is refused, never half-read. Files of formats 1 to 7 are read as they were written.
    public init(fileBytes bytes: [UInt8]) throws {
        guard bytes.count >= 12 else {
            if bytes.count >= 8, Array(bytes[0..<8]) != Self.fileMagic { throw ModelFileError.notAModelFile }
            throw ModelFileError.truncated(part: "the header")
        }
        guard Array(bytes[0..<8]) == Self.fileMagic else { throw ModelFileError.notAModelFile }
        var header = BinaryReader(bytes, offset: 8)
        let version = try header.readUInt32()
        guard version <= Self.fileFormatVersion else {
            throw ModelFileError.newerFormat(found: version, supported: Self.fileFormatVersion)
        }
        guard version >= 1 else { throw ModelFileError.corrupt("format version 0") }
        if version < ChunkedModelFile.format {
            try self.init(legacyFileBytes: bytes, version: version)
        } else {
            try self.init(chunked: try ChunkedModelFileReader(bytes, known: Self.knownSections))
        }
    }

    /// Decodes the sections of a checked chunked file; every unit must fit the interaction model.
    /// A file with a schema outline (``SchemaOutlineSection``) and the compiled schema
    /// (``CompiledSchemaSection``) leaves its interaction model to be decoded on first use; one
    /// without them decodes it now, as the files before the outline.
    init(chunked file: ChunkedModelFileReader) throws {
        let training = try file.require(TrainingSection.self)
        let source: DeferredInteractionModel
        var schema: SkillSchema
        let outline = file.contains(CompiledSchemaSection.self) ? try file.decode(SchemaOutlineSection.self) : nil
        if let outline {
            (source, schema) = try Self.outlinedSchema(file, outline: outline)
        } else {
            let model = try file.require(InteractionModelSection.self).model
            let builtIn = try file.require(BuiltInSamplesSection.self, context: model)
            let compiled = try file.decode(CompiledSchemaSection.self, context: model)
            schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale), builtInSamples: builtIn.byName,
                                 gazetteer: PhraseTrie(), spokenForms: compiled?.spokenForms)
            if let compiled {
                guard compiled.sampleUses.count == schema.types.count else {
                    throw ModelFileError.corrupt("the compiled schema's sample counts")
                }
                schema.storedSampleUses = compiled.sampleUses
            }
            source = DeferredInteractionModel(model, schema: schema)
        }
        schema.gazetteer = try file.require(PhraseTrie.self, context: schema.gazetteerValueCounts)
        let matcher = try file.require(ExactMatcher.self, context: schema)
        let fallback = try file.require(FallbackPolicy.self)
        let classifier = try file.require(IntentClassifier.self)
        var tagger = try file.require(SlotTagger.self)
        tagger.wordClusters = try file.decode(WordClustersSection.self)?.clusters
        // A tagger trained with clusters answers otherwise without them.
        if training.options.tagger.wordClusters != nil, tagger.wordClusters == nil {
            throw ModelFileError.missingSection("\(WordClustersSection.what) (section \(WordClustersSection.tag))")
        }
        let carrier = try file.decode(CarrierClassifierSection.self)?.classifier
        // A model trained with a carrier classifier answers differently without it.
        if training.options.carrierClassifier == true, carrier == nil {
            throw ModelFileError.missingSection("\(CarrierClassifierSection.what) (section \(CarrierClassifierSection.tag))")
        }
        let pack = try file.decode(LanguagePackSection.self)
        let head = try file.decode(ContextualHeadSection.self)?.head
        try Self.checkFit(schema: schema, classifier: classifier, carrier: carrier, tagger: tagger, fallback: fallback,
                          packLabels: pack?.scorer.labelCount)
        if let head, head.scorer.labelCount != schema.intents.count {
            throw ModelFileError.corrupt("the contextual intent head does not fit the model")
        }
        self.init(source: source, outline: outline, trainingOptions: training.options, schema: schema,
                  classifier: classifier, tagger: tagger, fallback: fallback, trainingUtteranceCount: training.utteranceCount,
                  matcher: matcher, carrierClassifier: carrier, pack: pack.map { ($0.pack, $0.scorer) }, contextualHead: head)
    }

    /// The schema of a file with an outline, and its interaction model to decode on first use.
    /// The built-in intents' samples and the compiled schema are read now (both small); the
    /// interaction model's payload is kept, its checksum and deflate envelope checked.
    private static func outlinedSchema(_ file: ChunkedModelFileReader, outline: SchemaOutlineSection) throws
        -> (DeferredInteractionModel, SkillSchema) {
        guard let modl = file.stored(InteractionModelSection.self) else {
            throw ModelFileError.missingSection("\(InteractionModelSection.what) (section \(InteractionModelSection.tag))")
        }
        let parts = try InteractionModelSection.checkEnvelope(modl)
        let builtInNames = Set(outline.intents.filter(\.isBuiltIn).map(\.name))
        guard let builtIn = try file.decode(BuiltInSamplesSection.self, with: { r, _ in
            try BuiltInSamplesSection.decode(from: &r, builtInNames: builtInNames)
        }) else { throw ModelFileError.missingSection("\(BuiltInSamplesSection.what) (section \(BuiltInSamplesSection.tag))") }
        let declaredValues = outline.types.prefix(outline.declaredTypeCount).map(\.valueCount)
        guard let compiled = try file.decode(CompiledSchemaSection.self, with: { r, _ in
            try CompiledSchemaSection.decode(from: &r, valueCounts: declaredValues)
        }) else { throw ModelFileError.missingSection("\(CompiledSchemaSection.what) (section \(CompiledSchemaSection.tag))") }
        let ordinals = compiled.spokenForms
        let pieces = parts.flatMap { SkillSchema.pieces(of: $0, outline: outline, builtInSamples: builtIn.byName, spokenForms: ordinals) }
        // A model damaged behind its checksums (``DeferredInteractionModel``), one that does not
        // decode or whose schema does not fit the outline the units answer by, reads as the
        // outline's names, its texts read from the parts.
        let source = DeferredInteractionModel(pieces: pieces, unfitting: pieces ?? SkillSchema.emptyPieces(outline)) {
            guard let model = try? modl.decode(context: ()).model else { return (outline.namesOnlyModel, nil) }
            let schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale),
                                     builtInSamples: builtIn.byName, gazetteer: PhraseTrie(), spokenForms: ordinals)
            return outline.fits(schema) ? (model, schema) : (outline.namesOnlyModel, nil)
        }
        var schema = SkillSchema(outline: outline, source: source, gazetteer: PhraseTrie(), spokenForms: ordinals)
        guard compiled.sampleUses.count == schema.types.count else {
            throw ModelFileError.corrupt("the compiled schema's sample counts")
        }
        schema.storedSampleUses = compiled.sampleUses
        return (source, schema)
    }

    /// Refuses units that do not fit the interaction model: a classifier or scorer over another
    /// number of intents, a tagger over other slots, a fallback intent out of range.
    static func checkFit(schema: SkillSchema, classifier: IntentClassifier, carrier: IntentClassifier?, tagger: SlotTagger,
                         fallback: FallbackPolicy, packLabels: Int?) throws {
        let intents = schema.intents.count
        if let packLabels, packLabels != intents {
            throw ModelFileError.corrupt("the language-pack scorer does not fit the model")
        }
        guard classifier.labelCount == intents, carrier.map({ $0.labelCount == intents }) ?? true,
              tagger.labelCount == SlotLabels.count(slots: schema.slotNames.count),
              fallback.intent.map({ (0..<intents).contains($0) }) ?? true else {
            throw ModelFileError.corrupt("the units do not fit the interaction model")
        }
    }

    /// Loads a model file written by ``write(to:)``.
    public init(contentsOf url: URL) throws {
        try self.init(fileBytes: try Self.readFile(url))
    }

    /// The bytes of a file, read straight into one array (no `Data` to copy from).
    static func readFile(_ url: URL) throws -> [UInt8] {
        let path = url.path
        func failure(_ code: Int32) -> ModelIOError { .cannotRead(path: path, reason: String(cString: strerror(code))) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(EISDIR) }
        var failed: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(0, Int(info.st_size))) { buffer, initialized in
            var filled = 0
            while filled < buffer.count {
                let n = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    break
                }
                if n == 0 { break }
                filled += n
            }
            initialized = filled
        }
        if failed != 0 { throw failure(failed) }
        // A file that grew while being read is read to its end; one that shrank is shorter (and
        // then refused as truncated).
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    /// Writes the model file atomically: to a temporary file in the same folder, flushed to
    /// disk, then renamed over `url`. Whatever happens, `url` holds either the old file or the
    /// complete new one.
    public func write(to url: URL) throws {
        try Self.writeAtomically(fileBytes(), to: url)
    }

    /// Writes bytes from ``fileBytes()`` atomically, like ``write(to:)``.
    public static func writeFile(_ bytes: [UInt8], to url: URL) throws {
        try writeAtomically(bytes, to: url)
    }

    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let temp = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw ModelIOError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        close(fd)
        guard ok else {
            unlink(temp)
            throw ModelIOError.writeFailed(path: path, reason: reason)
        }
        if rename(temp, path) != 0 {
            let why = String(cString: strerror(errno))
            unlink(temp)
            throw ModelIOError.writeFailed(path: path, reason: why)
        }
    }
}
