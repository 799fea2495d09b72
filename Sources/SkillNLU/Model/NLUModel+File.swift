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
    /// The format this version writes and the newest it reads. Version 2 adds the compiled
    /// schema (built-in intents' effective samples, the gazetteer trie and the compiled
    /// samples) so that loading does not compile the interaction model again, and a faster
    /// checksum; version 1 files are still read (and compiled on loading). Version 3 adds the
    /// slot tagger's ``TypeAgreement`` weights; earlier files load as taggers without them.
    /// Version 4 adds the carrier classifier (``TrainingOptions/carrierClassifier``) after the
    /// tagger; earlier files load as models without one. Version 5 lays the body out as
    /// version 4 does, but its carrier phrases may keep the words of short lists
    /// (``TrainingOptions/carrierKeptListLimit``, in the stored options): a reader of version 4
    /// would replace them and answer differently, so it must refuse the file. Files without the
    /// setting keep no words. Version 5 also writes the interaction model's counts and text
    /// lengths as varints (``InteractionModelCoding``). Version 6 adds, after the fallback
    /// thresholds, the probabilities a fallback intent taught only by our negatives must reach
    /// (``FallbackPolicy/requiredProbabilities``, empty for other models): a reader of version 5
    /// would let that intent take every answer it ranks first, so it must refuse the file.
    /// Version 7 appends, after the compiled schema, the language pack the model reads through
    /// (its name and digest) and the pack scorer; only models with a pack are written as version
    /// 7, so models without one stay byte for byte what version 6 wrote.
    public static let fileFormatVersion: UInt32 = 7
    /// The version a model without a language pack is written as.
    public static let formatWithoutPack: UInt32 = 6
    static let headerSize = 8 + 4 + 4 + 8 + 8
    /// Marks the compiled schema in a version 2 body ("SNCS").
    static let compiledMagic: UInt32 = 0x5343_4E53

    /// The checksum a header of the current format carries for `body`.
    public static func fileChecksum(body: [UInt8]) -> UInt64 { FileChecksum.hash(body) }

    /// The model as the bytes of a model file: a header (magic, format version, body length,
    /// checksum) and a body with the interaction model, the training options and each unit.
    public func fileBytes() -> [UInt8] {
        var body = BinaryWriter()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var modelPart = BinaryWriter()
        InteractionModelCoding.write(interactionModel, to: &modelPart)
        body.write(FileChecksum.hash(modelPart.bytes))
        body.write(bytes: Array((try? encoder.encode(trainingOptions)) ?? Data()))
        body.write(bytes: modelPart.bytes)
        body.write(fallback.intent != nil)
        body.write(fallback.intent ?? 0)
        body.write(fallback.thresholds)
        body.write(fallback.requiredProbabilities ?? [])
        body.write(trainingUtteranceCount)
        classifier.write(to: &body)
        tagger.write(to: &body)
        body.write(carrierClassifier != nil)
        carrierClassifier?.write(to: &body)
        writeCompiledSchema(to: &body)
        if let pack {
            body.write(pack.pack.name)
            body.write(pack.pack.digest)
            pack.scorer.write(to: &body)
        }

        var file = BinaryWriter()
        for b in Self.fileMagic { file.write(b) }
        file.write(pack == nil ? Self.formatWithoutPack : Self.fileFormatVersion)
        file.write(UInt32(0))
        file.write(UInt64(body.bytes.count))
        file.write(FileChecksum.hash(body.bytes))
        return file.bytes + body.bytes
    }

    /// Bytes each part takes in the model file (for benchmarks and size budgets).
    public var fileSizeBreakdown: [(part: String, bytes: Int)] {
        var c = BinaryWriter()
        classifier.write(to: &c)
        var t = BinaryWriter()
        tagger.write(to: &t)
        var carrier = BinaryWriter()
        carrierClassifier?.write(to: &carrier)
        let total = fileBytes().count
        return [("intent classifier", c.bytes.count), ("carrier classifier", carrier.bytes.count), ("slot tagger", t.bytes.count),
                ("interaction model and header", total - c.bytes.count - carrier.bytes.count - t.bytes.count)]
    }

    /// Reads a model from the bytes of a model file, checking magic, version, length and
    /// checksum before anything else, so a damaged file is refused, never half-read.
    public init(fileBytes bytes: [UInt8]) throws {
        guard bytes.count >= Self.headerSize else {
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
        _ = try header.readUInt32()
        let length = try header.readUInt64()
        let checksum = try header.readUInt64()
        guard UInt64(bytes.count - Self.headerSize) >= length else { throw ModelFileError.truncated(part: "the body") }
        guard UInt64(bytes.count - Self.headerSize) == length else { throw ModelFileError.corrupt("data after the end of the model") }
        let bodyHash = version == 1 ? StableHash.hash(bytes: bytes[Self.headerSize...]) : FileChecksum.hash(bytes[Self.headerSize...])
        guard bodyHash == checksum else { throw ModelFileError.checksumMismatch }

        var r = BinaryReader(bytes, offset: Self.headerSize)
        r.part = "the model description"
        let digest = try r.readUInt64()
        let optionsJSON = try r.readBytes()
        let modelRange = try r.readByteRange()
        let modelHash = version == 1 ? StableHash.hash(bytes: bytes[modelRange]) : FileChecksum.hash(bytes[modelRange])
        guard modelHash == digest else { throw ModelFileError.corrupt("the interaction model's digest") }
        guard var options = try? JSONDecoder().decode(TrainingOptions.self, from: Data(optionsJSON)) else {
            throw ModelFileError.corrupt("the stored training options")
        }
        // Models from before the settings kept no words in their carrier phrases and taught
        // their fallback intent no everyday requests.
        options.carrierKeptListLimit = options.carrierKeptListLimit ?? 0
        options.everydayNegatives = options.everydayNegatives ?? false
        var modelReader = r.reader(of: modelRange)
        let model = try InteractionModelCoding.read(from: &modelReader, compact: version >= 5)
        guard modelReader.remaining == 0 else { throw ModelFileError.corrupt("data after the interaction model") }
        let locale = model.locale
        r.part = "the fallback settings"
        let hasFallback = try r.readBool()
        let fallbackIntent = try r.readInt()
        let thresholds = try r.readFloats()
        // Confidence thresholds are probabilities; anything else (NaN) would silently change answers.
        guard thresholds.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { throw ModelFileError.corrupt("the fallback thresholds") }
        var required: [Float]?
        if version >= 6 {
            let read = try r.readFloats()
            guard read.isEmpty || (read.count == 3 && read.allSatisfy({ $0 >= 0 && $0 <= 1 })) else {
                throw ModelFileError.corrupt("the fallback's required probabilities")
            }
            required = read.isEmpty ? nil : read
        }
        let utteranceCount = try r.readInt()
        r.part = "the intent classifier"
        let classifier = try IntentClassifier(reading: &r)
        let tagger = try SlotTagger(reading: &r, agreementWeights: version >= 3)
        var carrierClassifier: IntentClassifier?
        if version >= 4 {
            r.part = "the carrier classifier"
            if try r.readBool() { carrierClassifier = try IntentClassifier(reading: &r) }
        }
        let schema: SkillSchema
        var matcher: ExactMatcher?
        if version == 1 {
            guard r.remaining == 0 else { throw ModelFileError.corrupt("data after the slot tagger") }
            schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: locale))
        } else {
            (schema, matcher) = try Self.readCompiledSchema(from: &r, model: model)
        }
        var pack: (pack: LanguagePack, scorer: PackIntentScorer)?
        if version >= 7 {
            r.part = "the language pack"
            let name = try r.readString(), digest = try r.readUInt64()
            guard let shipped = LanguagePack.bundled(named: name) else { throw ModelFileError.missingLanguagePack(name) }
            guard shipped.digest == digest else { throw ModelFileError.differentLanguagePack(name) }
            let scorer = try PackIntentScorer.read(from: &r)
            guard scorer.labelCount == schema.intents.count, scorer.dimension == shipped.dimension else {
                throw ModelFileError.corrupt("the language-pack scorer does not fit the model")
            }
            pack = (shipped, scorer)
        }
        guard r.remaining == 0 else { throw ModelFileError.corrupt("data after the \(version >= 7 ? "language pack" : "compiled schema")") }
        guard classifier.labelCount == schema.intents.count, carrierClassifier.map({ $0.labelCount == schema.intents.count }) ?? true,
              tagger.labelCount == SlotLabels.count(slots: schema.slotNames.count),
              !hasFallback || (0..<schema.intents.count).contains(fallbackIntent) else {
            throw ModelFileError.corrupt("the units do not fit the interaction model")
        }
        self.init(interactionModel: model, trainingOptions: options, schema: schema, classifier: classifier,
                  tagger: tagger, fallback: FallbackPolicy(intent: hasFallback ? fallbackIntent : nil, thresholds: thresholds,
                                           requiredProbabilities: required),
                  trainingUtteranceCount: utteranceCount, matcher: matcher, carrierClassifier: carrierClassifier, pack: pack)
    }

    /// The compiled schema of a version 2 body: the effective samples of the built-in intents,
    /// the gazetteer trie and the compiled samples of the exact layer.
    func writeCompiledSchema(to w: inout BinaryWriter) {
        w.write(Self.compiledMagic)
        let builtIn = schema.intents.indices.filter { schema.intents[$0].isBuiltIn }
        w.write(builtIn.count)
        for i in builtIn {
            w.write(schema.intents[i].name)
            w.write(schema.intents[i].sampleTexts)
        }
        schema.gazetteer.write(to: &w)
        matcher.write(to: &w)
    }

    static func readCompiledSchema(from r: inout BinaryReader, model: InteractionModel) throws -> (SkillSchema, ExactMatcher) {
        r.part = "the compiled schema"
        guard try r.readUInt32() == compiledMagic else { throw ModelFileError.corrupt("the compiled schema's marker") }
        let builtInNames = Set(model.languageModel.intents.filter(\.isBuiltIn).map(\.name))
        var builtInSamples: [String: [String]] = [:]
        for _ in 0..<(try r.readCount(minimumBytesEach: 16)) {
            let name = try r.readString()
            guard builtInNames.contains(name), builtInSamples[name] == nil else {
                throw ModelFileError.corrupt("the compiled schema's built-in intents")
            }
            builtInSamples[name] = try r.readStrings()
        }
        var schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale), builtInSamples: builtInSamples,
                                 gazetteer: PhraseTrie())
        r.part = "the gazetteer"
        schema.gazetteer = try PhraseTrie(reading: &r, valueCounts: schema.gazetteerValueCounts)
        r.part = "the compiled samples"
        let matcher = try ExactMatcher(reading: &r, schema: schema)
        return (schema, matcher)
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
