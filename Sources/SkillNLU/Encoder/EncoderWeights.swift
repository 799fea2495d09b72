import Foundation

/// The weights of a BERT encoder as the forward pass uses them: dense layers dequantized to
/// `Float` once (row-major, output rows), the word embeddings kept as int8 rows with a scale each
/// (a lookup dequantizes only the rows an utterance uses).
final class EncoderWeights: Sendable {
    /// One transformer layer. The query, key and value projections are one matrix of
    /// 3 × hidden rows, so a single product computes all three.
    struct Layer: Sendable {
        let queryKeyValue: [Float], queryKeyValueBias: [Float]
        let attentionOutput: [Float], attentionOutputBias: [Float]
        let attentionNormWeight: [Float], attentionNormBias: [Float]
        let intermediate: [Float], intermediateBias: [Float]
        let output: [Float], outputBias: [Float]
        let outputNormWeight: [Float], outputNormBias: [Float]
    }

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
        guard bytes.count >= 8, Array(bytes[0..<8]) == Array("SNLUENCD".utf8) else { throw .notAnEncoder }
        r.offset = 8
        let format = try r.uint32()
        guard format == 1 else { throw .newerFormat(format) }
        let count = try r.count(), hidden = try r.count(), layerCount = try r.count()
        let heads = try r.count(), inner = try r.count(), positions = try r.count()
        guard count > 3, (1...4096).contains(hidden), (1...64).contains(layerCount), heads > 0, hidden % heads == 0,
              (1...16384).contains(inner), (3...4096).contains(positions) else {
            throw .corrupt("dimensions")
        }
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

    private static func layer(_ r: inout EncoderFileReader, hidden: Int, inner: Int) throws(SentenceEncoder.ReadError) -> Layer {
        let q = try r.dense(rows: hidden, columns: hidden), k = try r.dense(rows: hidden, columns: hidden)
        let v = try r.dense(rows: hidden, columns: hidden), o = try r.dense(rows: hidden, columns: hidden)
        let up = try r.dense(rows: inner, columns: hidden), down = try r.dense(rows: hidden, columns: inner)
        let n1w = try r.floats(hidden), n1b = try r.floats(hidden)
        let n2w = try r.floats(hidden), n2b = try r.floats(hidden)
        return Layer(queryKeyValue: q.weights + k.weights + v.weights, queryKeyValueBias: q.bias + k.bias + v.bias,
                     attentionOutput: o.weights, attentionOutputBias: o.bias,
                     attentionNormWeight: n1w, attentionNormBias: n1b,
                     intermediate: up.weights, intermediateBias: up.bias,
                     output: down.weights, outputBias: down.bias,
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

    /// A dense layer: one scale per output row, the int8 rows, the bias; dequantized.
    mutating func dense(rows: Int, columns: Int) throws(SentenceEncoder.ReadError) -> (weights: [Float], bias: [Float]) {
        let scales = try floats(rows)
        let raw = try take(rows * columns)
        let weights = [Float](unsafeUninitializedCapacity: rows * columns) { buffer, initialized in
            guard let out = buffer.baseAddress, let source = raw.baseAddress else { initialized = 0; return }
            // Int8 has alignment 1: the file's bytes are its values as they lie.
            let values = source.assumingMemoryBound(to: Int8.self)
            for row in 0..<rows {
                let scale = scales[row], base = row * columns
                for c in 0..<columns { out[base + c] = Float(values[base + c]) * scale }
            }
            initialized = rows * columns
        }
        return (weights, try floats(rows))
    }
}
