import CInt8Products

/// A dense layer of the encoder kept as int8: its weight rows (one output each) packed for the
/// int8 product kernel, each row's scale and sum, and the float bias.
///
/// Its input is quantized too, row by row (``QuantizedRows``), so the product is integer
/// arithmetic: exact, the same on every machine, and on AVX-512 VNNI four times the
/// multiplications per instruction of float. At the few rows of one utterance a float product
/// spends its time reading 4-byte weights; these are a quarter of the bytes and are never
/// dequantized, so reading an encoder file does no arithmetic on its weights.
struct QuantizedDense: Sendable {
    let outputs: Int
    let inputs: Int
    private let packed: [Int8]
    private let sums: [Int32]
    private let scales: [Float]
    private let bias: [Float]

    /// A layer as the encoder file stores it: the rows already packed
    /// (``packedCount(outputs:inputs:)`` bytes), each row's sum and scale, the bias.
    init(packed: [Int8], outputs: Int, inputs: Int, sums: [Int32], scales: [Float], bias: [Float]) {
        precondition(packed.count == Self.packedCount(outputs: outputs, inputs: inputs)
                     && sums.count == outputs && scales.count == outputs && bias.count == outputs)
        self.outputs = outputs
        self.inputs = inputs
        self.packed = packed
        self.sums = sums
        self.scales = scales
        self.bias = bias
    }

    /// A layer from its int8 rows (`outputs` × `inputs`, row-major), one scale per row, the bias.
    init(rows: [Int8], outputs: Int, inputs: Int, scales: [Float], bias: [Float]) {
        precondition(rows.count == outputs * inputs)
        var sums = [Int32](repeating: 0, count: outputs)
        let packed = [Int8](unsafeUninitializedCapacity: Self.packedCount(outputs: outputs, inputs: inputs)) { buffer, count in
            sums.withUnsafeMutableBufferPointer { s in
                snlu_int8_pack(Int32(outputs), Int32(inputs), rows, buffer.baseAddress!, s.baseAddress!)
            }
            count = buffer.count
        }
        self.init(packed: packed, outputs: outputs, inputs: inputs, sums: sums, scales: scales, bias: bias)
    }

    /// The bytes of the packed rows: output rows padded to blocks of 32, inputs to groups of 4.
    static func packedCount(outputs: Int, inputs: Int) -> Int {
        snlu_int8_packed_count(Int32(outputs), Int32(inputs))
    }

    /// `input` (its rows quantized) times the weightsᵀ plus the bias, into `output`
    /// (rows × ``outputs``).
    func apply(_ input: QuantizedRows, into output: UnsafeMutablePointer<Float>) {
        precondition(input.columns == inputs)
        guard input.rows > 0 else { return }
        input.codes.withUnsafeBufferPointer { codes in
            input.scales.withUnsafeBufferPointer { rowScales in
                snlu_int8_product(Int32(input.rows), Int32(outputs), Int32(inputs), codes.baseAddress!, rowScales.baseAddress!,
                                  packed, sums, scales, bias, output)
            }
        }
    }

    /// True when the products run on AVX-512 VNNI rather than the portable loops.
    static var usesVectorInstructions: Bool { snlu_int8_uses_vnni() != 0 }
}

/// Rows of floats quantized to int8 for ``QuantizedDense``, each with its own scale (its largest
/// magnitude maps to 127), stored as codes offset by 128.
struct QuantizedRows {
    let rows: Int
    let columns: Int
    fileprivate(set) var codes: [UInt8]
    fileprivate(set) var scales: [Float]

    /// Quantizes `rows` rows of `columns` values starting at `values`.
    init(_ values: UnsafePointer<Float>, rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        let stride = Int(snlu_int8_row_stride(Int32(columns)))
        var scales = [Float](repeating: 0, count: rows)
        codes = [UInt8](unsafeUninitializedCapacity: max(1, rows * stride)) { buffer, count in
            scales.withUnsafeMutableBufferPointer { s in
                snlu_int8_quantize_rows(Int32(rows), Int32(columns), values, buffer.baseAddress!, s.baseAddress!)
            }
            count = rows * stride
        }
        self.scales = scales
    }
}
