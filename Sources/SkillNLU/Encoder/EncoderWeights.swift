import Foundation

/// The weights of a BERT encoder as the forward pass uses them: dense layers as int8 in the
/// packed order of the int8 product kernel (``QuantizedDense``), copied from the file as they
/// lie; the word embeddings kept as int8 rows with a scale each (a lookup dequantizes only the
/// rows an utterance uses).
final class EncoderWeights: Sendable {
    /// One transformer layer. The query, key and value projections are one matrix of
    /// 3 × hidden rows, so a single product computes all three.
    struct Layer: Sendable {
        let queryKeyValue: QuantizedDense
        let attentionOutput: QuantizedDense
        let attentionNormWeight: [Float], attentionNormBias: [Float]
        let intermediate: QuantizedDense
        let output: QuantizedDense
        let outputNormWeight: [Float], outputNormBias: [Float]
    }

    /// The file format this version reads.
    static let format: UInt32 = 2

    let vocabulary: [String]
    let hidden: Int
    let heads: Int
    let intermediateSize: Int
    let positions: Int
    let layerNormEpsilon: Float
    let source: String
    let wordRows: [Int8]
    let wordScales: [Float]
    /// positions × hidden.
    let positionEmbeddings: [Float]
    /// The embedding of token type 0 (the only type a single sentence has).
    let tokenTypeEmbedding: [Float]
    let embeddingNormWeight: [Float], embeddingNormBias: [Float]
    let layers: [Layer]

    /// Reads an encoder file (`LanguagePacks/tools/export-encoder.py` writes it; its
    /// `write_encoder` documents the layout).
    init(bytes: UnsafeRawBufferPointer) throws(SentenceEncoder.ReadError) {
        var r = EncoderFileReader(bytes)
        let (count, hidden, layerCount, heads, inner, positions) = try Self.dimensions(&r)
        layerNormEpsilon = try r.float()
        source = String(decoding: try r.take(Int(try r.uint16())), as: UTF8.self)
        var vocabulary: [String] = []
        vocabulary.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try r.take(1).first!)
            vocabulary.append(String(decoding: try r.take(length), as: UTF8.self))
        }
        self.vocabulary = vocabulary
        wordScales = try r.floats(count)
        wordRows = try r.int8s(count * hidden)
        positionEmbeddings = try r.floats(positions * hidden)
        tokenTypeEmbedding = Array(try r.floats(2 * hidden).prefix(hidden))
        embeddingNormWeight = try r.floats(hidden)
        embeddingNormBias = try r.floats(hidden)
        var layers: [Layer] = []
        for _ in 0..<layerCount { layers.append(try Self.layer(&r, hidden: hidden, inner: inner)) }
        guard r.offset == bytes.count else { throw .corrupt("data after the last layer") }
        guard wordScales.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw .corrupt("a word embedding's scale") }
        self.layers = layers
        self.hidden = hidden
        self.heads = heads
        self.intermediateSize = inner
        self.positions = positions
    }

    /// The length of the embeddings of the encoder file `bytes`, from its header alone (magic,
    /// format and dimensions checked as ``init(bytes:)`` checks them; the weights are not read).
    static func hiddenSize(bytes: UnsafeRawBufferPointer) throws(SentenceEncoder.ReadError) -> Int {
        var r = EncoderFileReader(bytes)
        return try dimensions(&r).hidden
    }

    /// Checks the magic and format and reads the dimensions that follow them.
    private static func dimensions(_ r: inout EncoderFileReader) throws(SentenceEncoder.ReadError)
        -> (count: Int, hidden: Int, layers: Int, heads: Int, inner: Int, positions: Int) {
        guard r.bytes.count >= 8, Array(r.bytes[0..<8]) == Array("SNLUENCD".utf8) else { throw .notAnEncoder }
        r.offset = 8
        let format = try r.uint32()
        guard format <= Self.format else { throw .newerFormat(format) }
        guard format == Self.format else { throw .olderFormat(format) }
        let count = try r.count(), hidden = try r.count(), layerCount = try r.count()
        let heads = try r.count(), inner = try r.count(), positions = try r.count()
        guard count > 3, (1...4096).contains(hidden), (1...64).contains(layerCount), heads > 0, hidden % heads == 0,
              (1...16384).contains(inner), (3...4096).contains(positions) else {
            throw .corrupt("dimensions")
        }
        return (count, hidden, layerCount, heads, inner, positions)
    }

    private static func layer(_ r: inout EncoderFileReader, hidden: Int, inner: Int) throws(SentenceEncoder.ReadError) -> Layer {
        let qkv = try r.dense(rows: 3 * hidden, columns: hidden), o = try r.dense(rows: hidden, columns: hidden)
        let up = try r.dense(rows: inner, columns: hidden), down = try r.dense(rows: hidden, columns: inner)
        let n1w = try r.floats(hidden), n1b = try r.floats(hidden)
        let n2w = try r.floats(hidden), n2b = try r.floats(hidden)
        return Layer(queryKeyValue: qkv, attentionOutput: o,
                     attentionNormWeight: n1w, attentionNormBias: n1b,
                     intermediate: up, output: down,
                     outputNormWeight: n2w, outputNormBias: n2b)
    }
}

/// Little-endian reading of an encoder file with bounds checks.
private struct EncoderFileReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func take(_ n: Int) throws(SentenceEncoder.ReadError) -> UnsafeRawBufferPointer {
        guard n >= 0, n <= bytes.count - offset else { throw .truncated }
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n])
    }

    mutating func uint16() throws(SentenceEncoder.ReadError) -> UInt16 {
        UInt16(littleEndian: try take(2).loadUnaligned(as: UInt16.self))
    }

    mutating func uint32() throws(SentenceEncoder.ReadError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    mutating func count() throws(SentenceEncoder.ReadError) -> Int { Int(try uint32()) }

    mutating func float() throws(SentenceEncoder.ReadError) -> Float { Float(bitPattern: try uint32()) }

    mutating func floats(_ n: Int) throws(SentenceEncoder.ReadError) -> [Float] {
        let raw = try take(4 * n)
        let values = [Float](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n {
                buffer[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
            }
            initialized = n
        }
        guard values.allSatisfy(\.isFinite) else { throw .corrupt("a value that is not finite") }
        return values
    }

    mutating func int8s(_ n: Int) throws(SentenceEncoder.ReadError) -> [Int8] {
        let raw = try take(n)
        return [Int8](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw) }
            initialized = n
        }
    }

    mutating func int32s(_ n: Int) throws(SentenceEncoder.ReadError) -> [Int32] {
        let raw = try take(4 * n)
        return [Int32](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n { buffer[i] = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: Int32.self)) }
            initialized = n
        }
    }

    /// A dense layer: one scale per output row, each int8 row's sum, the rows packed, the bias.
    mutating func dense(rows: Int, columns: Int) throws(SentenceEncoder.ReadError) -> QuantizedDense {
        let scales = try floats(rows), sums = try int32s(rows)
        let packed = try int8s(QuantizedDense.packedCount(outputs: rows, inputs: columns))
        let bias = try floats(rows)
        return QuantizedDense(packed: packed, outputs: rows, inputs: columns, sums: sums, scales: scales, bias: bias)
    }
}
