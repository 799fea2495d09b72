import Testing
@testable import SkillNLU

/// The int8 dense layer against products written out here: its inputs quantized per row, the
/// integer sums exact (so the result is the same to the bit), whatever the shape (outputs and inputs that fill no block, rows beyond
/// one block of the kernel).
@Suite struct QuantizedDenseTests {
    /// A deterministic spread of values in -1...1.
    static func values(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int(state >> 33) % 2001 - 1000) / 1000
        }
    }

    @Test(arguments: [(1, 32, 8), (17, 70, 387), (3, 1152, 384), (29, 5, 3)])
    func theProductIsTheExactIntegerProductScaled(rows: Int, outputs: Int, inputs: Int) {
        let weights = Self.values(outputs * inputs, seed: 1).map { Int8(($0 * 127).rounded()) }
        let scales = (0..<outputs).map { Float($0 + 1) / 1000 }
        let bias = Self.values(outputs, seed: 2)
        let layer = QuantizedDense(rows: weights, outputs: outputs, inputs: inputs, scales: scales, bias: bias)
        let x = Self.values(rows * inputs, seed: 3).enumerated().map { $0.element * Float($0.offset % 7 + 1) }
        let quantized = x.withUnsafeBufferPointer { QuantizedRows($0.baseAddress!, rows: rows, columns: inputs) }
        var out = [Float](repeating: .nan, count: rows * outputs)
        out.withUnsafeMutableBufferPointer { layer.apply(quantized, into: $0.baseAddress!) }
        for r in 0..<rows {
            let row = x[r * inputs..<(r + 1) * inputs]
            let scale = row.map(abs).max()! / 127
            #expect(quantized.scales[r] == scale)
            let codes = row.map { Int(($0 / scale).rounded(.toNearestOrEven)) }
            #expect(codes.allSatisfy { (-127...127).contains($0) })
            for j in 0..<outputs {
                let total = (0..<inputs).reduce(0) { $0 + codes[$1] * Int(weights[j * inputs + $1]) }
                // One rounding of (sum · row scale) · weight scale + bias, as the kernel's fused multiply–add.
                let expected = bias[j].addingProduct(Float(total) * scale, scales[j])
                #expect(out[r * outputs + j] == expected, "row \(r) output \(j)")
            }
        }
    }

    @Test func aRowOfZerosQuantizesToZeroCodesAndGivesTheBias() {
        let layer = QuantizedDense(rows: [Int8](repeating: 5, count: 32 * 4), outputs: 32, inputs: 4,
                                   scales: [Float](repeating: 1, count: 32), bias: (0..<32).map(Float.init))
        let zeros = [Float](repeating: 0, count: 4)
        let quantized = zeros.withUnsafeBufferPointer { QuantizedRows($0.baseAddress!, rows: 1, columns: 4) }
        var out = [Float](repeating: .nan, count: 32)
        out.withUnsafeMutableBufferPointer { layer.apply(quantized, into: $0.baseAddress!) }
        #expect(out == (0..<32).map(Float.init))
    }
}
