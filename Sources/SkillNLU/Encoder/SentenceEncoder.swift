import Foundation

/// A pretrained sentence encoder (all-MiniLM-L6-v2 for English) run on device: an utterance's
/// text becomes a unit-length vector in which sentences that mean the same lie close, whatever
/// their words ("are you free tuesday" beside "is there availability on tuesday").
///
/// The encoder is BERT's: WordPiece pieces (``WordPieceTokenizer``), six transformer layers
/// whose dense layers are int8 products (``QuantizedDense``: int8 weights with one scale per row
/// times the layer's input quantized to int8 per token), and the mean of the last layer's
/// outputs, scaled to unit length. Its file (`LanguagePacks/tools/export-encoder.py`) stores the
/// dense layers packed as the product kernel reads them, so reading it does no arithmetic on
/// them; the bundled encoder is read once per process (``bundled(named:)``) and shared.
///
/// Models with a contextual head (``EncoderIntentHead``) name their encoder by ``name`` and
/// ``digest``; loading such a model finds the same encoder again or refuses the model.
public struct SentenceEncoder: Sendable {
    /// Why the bytes of an encoder file could not be read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        case notAnEncoder
        case newerFormat(UInt32)
        /// A format this version no longer reads (1 stored the dense layers unpacked): export
        /// the encoder again.
        case olderFormat(UInt32)
        case truncated
        case corrupt(String)

        public var description: String {
            switch self {
            case .notAnEncoder: return "not a SkillNLU sentence encoder (wrong magic bytes)"
            case .newerFormat(let v):
                return "the sentence encoder has format \(v), newer than this SkillNLU reads (\(EncoderWeights.format))"
            case .olderFormat(let v):
                return "the sentence encoder has format \(v), older than this SkillNLU reads (\(EncoderWeights.format)): export it again"
            case .truncated: return "the sentence encoder file is truncated"
            case .corrupt(let what): return "the sentence encoder file is corrupt (\(what))"
            }
        }
    }

    /// The encoder's name (its language, such as "en").
    public let name: String
    /// A checksum of the file's bytes: a model records it, and refuses another encoder.
    public let digest: UInt64
    let weights: EncoderWeights
    let tokenizer: WordPieceTokenizer

    /// Length of every embedding.
    public var dimension: Int { weights.hidden }
    /// Where the encoder comes from (name, licence), as the export wrote it.
    public var source: String { weights.source }
    /// The most pieces an utterance is read with, `[CLS]` and `[SEP]` included; the rest is cut.
    public var longestSequence: Int { weights.positions }

    /// Reads an encoder file's bytes.
    public init(name: String, bytes: UnsafeRawBufferPointer) throws(ReadError) {
        let weights = try EncoderWeights(bytes: bytes)
        guard let tokenizer = WordPieceTokenizer(vocabulary: weights.vocabulary) else {
            throw .corrupt("the vocabulary lacks [UNK], [CLS] or [SEP]")
        }
        self.name = name
        self.digest = FileChecksum.hash(bytes)
        self.weights = weights
        self.tokenizer = tokenizer
    }

    /// The WordPiece ids the encoder reads for `text`, with `[CLS]` and `[SEP]`.
    func sequence(_ text: String) -> [Int32] {
        tokenizer.sequence(text, limit: weights.positions)
    }

    /// The sentence embedding of `text` (``dimension`` long, unit length).
    public func embedding(_ text: String) -> [Float] {
        EncoderForwardPass(weights: weights).embeddings([sequence(text)])[0]
    }

    /// The embeddings of several texts, their dense layers computed together (`batch` texts
    /// per product): the same vectors as one by one, sooner.
    public func embeddings(_ texts: [String], batch: Int = 32) -> [[Float]] {
        let pass = EncoderForwardPass(weights: weights)
        var out: [[Float]] = []
        out.reserveCapacity(texts.count)
        var start = 0
        while start < texts.count {
            let end = min(texts.count, start + max(1, batch))
            out += pass.embeddings(texts[start..<end].map(sequence))
            start = end
        }
        return out
    }
}
