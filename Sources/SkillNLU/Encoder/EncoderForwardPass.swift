import Foundation

/// BERT's forward pass over a batch of id sequences, each with its own length: every dense layer
/// is one int8 matrix product over all the batch's tokens (``QuantizedDense``), attention is
/// computed per sequence and head (so no padding is needed), and each sequence's outputs are
/// mean-pooled and scaled to unit length.
struct EncoderForwardPass {
    let weights: EncoderWeights

    /// The pooled, unit-length embedding of each sequence.
    func embeddings(_ sequences: [[Int32]]) -> [[Float]] {
        let h = weights.hidden
        var starts: [Int] = []
        var total = 0
        for s in sequences { starts.append(total); total += s.count }
        guard total > 0 else { return sequences.map { _ in [Float](repeating: 0, count: h) } }
        var x = embed(sequences, total: total)
        for layer in weights.layers { apply(layer, to: &x, starts: starts, lengths: sequences.map(\.count)) }
        return sequences.indices.map { pool(x, start: starts[$0], length: sequences[$0].count) }
    }

    /// Word + position + type embeddings of every token, layer-normalised (total × hidden).
    private func embed(_ sequences: [[Int32]], total: Int) -> [Float] {
        let h = weights.hidden
        var x = [Float](repeating: 0, count: total * h)
        var row = 0
        for sequence in sequences {
            for (position, id) in sequence.enumerated() {
                let word = Int(id), scale = weights.wordScales[word]
                let p = min(position, weights.positions - 1)
                for i in 0..<h {
                    x[row * h + i] = Float(weights.wordRows[word * h + i]) * scale
                        + weights.positionEmbeddings[p * h + i] + weights.tokenTypeEmbedding[i]
                }
                row += 1
            }
        }
        layerNorm(&x, rows: total, weight: weights.embeddingNormWeight, bias: weights.embeddingNormBias)
        return x
    }

    /// One transformer layer: self-attention with a residual and norm, then the GELU
    /// feed-forward with a residual and norm.
    private func apply(_ layer: EncoderWeights.Layer, to x: inout [Float], starts: [Int], lengths: [Int]) {
        let h = weights.hidden, rows = x.count / h
        let qkv = dense(x, rows: rows, layer.queryKeyValue)
        let context = attention(qkv, starts: starts, lengths: lengths, rows: rows)
        var attended = dense(context, rows: rows, layer.attentionOutput)
        for i in attended.indices { attended[i] += x[i] }
        layerNorm(&attended, rows: rows, weight: layer.attentionNormWeight, bias: layer.attentionNormBias)
        var inner = dense(attended, rows: rows, layer.intermediate)
        inner.withUnsafeMutableBufferPointer { Self.gelu($0.baseAddress!, count: $0.count) }
        var out = dense(inner, rows: rows, layer.output)
        for i in out.indices { out[i] += attended[i] }
        layerNorm(&out, rows: rows, weight: layer.outputNormWeight, bias: layer.outputNormBias)
        x = out
    }

    /// `input` (rows × the layer's inputs) through the dense layer: rows × its outputs.
    private func dense(_ input: [Float], rows: Int, _ layer: QuantizedDense) -> [Float] {
        let quantized = input.withUnsafeBufferPointer { QuantizedRows($0.baseAddress!, rows: rows, columns: layer.inputs) }
        return [Float](unsafeUninitializedCapacity: rows * layer.outputs) { buffer, count in
            layer.apply(quantized, into: buffer.baseAddress!)
            count = rows * layer.outputs
        }
    }

    /// Scaled dot-product attention of each sequence's tokens among themselves, per head, from
    /// the rows of `qkv` (query, key, value side by side); the heads' outputs side by side.
    /// Plain loops: the products are a few hundred multiplications each, less than a BLAS call costs.
    private func attention(_ qkv: [Float], starts: [Int], lengths: [Int], rows: Int) -> [Float] {
        let h = weights.hidden, heads = weights.heads, size = h / heads, stride = 3 * h
        var context = [Float](repeating: 0, count: rows * h)
        var scores = [Float](repeating: 0, count: lengths.max() ?? 0)
        let scale = 1 / Float(size).squareRoot()
        qkv.withUnsafeBufferPointer { q in
            context.withUnsafeMutableBufferPointer { c in
                scores.withUnsafeMutableBufferPointer { s in
                    for (start, n) in zip(starts, lengths) where n > 0 {
                        for head in 0..<heads {
                            let base = q.baseAddress! + start * stride + head * size
                            for i in 0..<n {
                                let query = base + i * stride
                                for j in 0..<n { s[j] = Self.dot(query, base + j * stride + h, count: size) * scale }
                                Self.softmax(s.baseAddress!, count: n)
                                let out = c.baseAddress! + (start + i) * h + head * size
                                for j in 0..<n {
                                    let value = base + j * stride + 2 * h, p = s[j]
                                    for d in 0..<size { out[d] += p * value[d] }
                                }
                            }
                        }
                    }
                }
            }
        }
        return context
    }

    /// The dot product of two vectors in four SIMD lanes of partial sums (a float sum in one
    /// chain neither vectorises nor overlaps its additions).
    @inline(__always)
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD4<Float>(), more = SIMD4<Float>()
        var d = 0
        while d + 8 <= count {
            // Multiply, then add: a fused multiply–add is a library call on x86-64 without FMA.
            lanes += UnsafeRawPointer(a + d).loadUnaligned(as: SIMD4<Float>.self)
                * UnsafeRawPointer(b + d).loadUnaligned(as: SIMD4<Float>.self)
            more += UnsafeRawPointer(a + d + 4).loadUnaligned(as: SIMD4<Float>.self)
                * UnsafeRawPointer(b + d + 4).loadUnaligned(as: SIMD4<Float>.self)
            d += 8
        }
        var total = (lanes + more).sum()
        while d < count { total += a[d] * b[d]; d += 1 }
        return total
    }

    private static func softmax(_ v: UnsafeMutablePointer<Float>, count: Int) {
        var m = v[0]
        for i in 1..<count { m = max(m, v[i]) }
        var total: Float = 0
        for i in 0..<count { v[i] = Self.exp(v[i] - m); total += v[i] }
        for i in 0..<count { v[i] /= total }
    }

    /// BERT's exact GELU, x · Φ(x), over `count` values in place: Φ through the
    /// Abramowitz–Stegun approximation of erf (|error| < 1.5e-7, as the numpy reference), in
    /// loops the compiler can vectorise.
    static func gelu(_ v: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            let x = v[i]
            let z = abs(x) * 0.70710678
            let t = 1 / (1 + 0.3275911 * z)
            let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
            let e = 1 - poly * Self.exp(-z * z)
            v[i] = 0.5 * x * (1 + (x < 0 ? -e : e))
        }
    }

    /// eˣ for x ≤ 0 to about 2e-7 relative error: x = n·ln 2 + f, e^f by its Taylor polynomial,
    /// 2ⁿ through the exponent bits. Without a library call or a checked conversion, so loops
    /// over it vectorise on any x86-64: n is rounded by adding 1.5·2²³, which leaves it in the
    /// low bits of the sum's bit pattern.
    @inline(__always)
    static func exp(_ x: Float) -> Float {
        let y = max(x, -87)
        let shifted = y * 1.44269504 + 12582912
        let n = shifted - 12582912
        let f = y - n * 0.693145752 - n * 1.42860677e-6
        var p: Float = 1.0 / 5040
        p = p * f + 1.0 / 720
        p = p * f + 1.0 / 120
        p = p * f + 1.0 / 24
        p = p * f + 1.0 / 6
        p = p * f + 0.5
        p = p * f + 1
        p = p * f + 1
        return p * Float(bitPattern: (shifted.bitPattern &- 0x4B40_0000 &+ 127) &<< 23)
    }

    private func layerNorm(_ x: inout [Float], rows: Int, weight: [Float], bias: [Float]) {
        let h = weights.hidden, eps = weights.layerNormEpsilon
        for r in 0..<rows {
            let base = r * h
            var mean: Float = 0
            for i in 0..<h { mean += x[base + i] }
            mean /= Float(h)
            var variance: Float = 0
            for i in 0..<h { let d = x[base + i] - mean; variance += d * d }
            let inverse = 1 / (variance / Float(h) + eps).squareRoot()
            for i in 0..<h { x[base + i] = (x[base + i] - mean) * inverse * weight[i] + bias[i] }
        }
    }

    /// The mean of a sequence's output rows at unit length.
    private func pool(_ x: [Float], start: Int, length: Int) -> [Float] {
        let h = weights.hidden
        var v = [Float](repeating: 0, count: h)
        for r in start..<start + length { for i in 0..<h { v[i] += x[r * h + i] } }
        var norm: Float = 0
        for i in 0..<h { v[i] /= Float(length); norm += v[i] * v[i] }
        norm = norm.squareRoot()
        if norm > 0 { for i in 0..<h { v[i] /= norm } }
        return v
    }
}
