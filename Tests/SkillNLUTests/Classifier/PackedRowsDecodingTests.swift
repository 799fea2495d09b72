import CInt8Products
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// 3-bit tables kept packed in memory: a row unpacked where it is read gives the levels
/// the whole table's reading gives, at every width (rows starting anywhere in a byte), a row's
/// sum is the float table's, and a code no writer produces is refused at load.
@Suite struct PackedRowsDecodingTests {
    /// A table of `rows` rows of `width` weights of varied magnitudes and signs.
    static func table(rows: Int, width: Int) -> [Float] {
        (0..<rows * width).map { k in Float((k * 37 + k / width * 11) % 29 - 14) * Float(1 + k % 5) / 7 }
    }

    /// The table written at `bits` and read back kept packed, and as the reader's levels.
    /// `trailing`: bytes of all ones follow the table, so that it is kept in the reader's own
    /// bytes (and its padding is not zero); else it is at the end and copied.
    static func readBoth(_ values: [Float], width: Int, bits: Int, trailing: Bool) throws -> (rows: WeightRows, levels: [Int8], scales: [Float]) {
        let starts = RowQuantization.rowStarts(count: values.count, width: width)
        var w = BinaryWriter()
        PackedRows.write(values, rowStarts: starts, bits: bits, centred: true, to: &w)
        let written = w.bytes + (trailing ? [UInt8](repeating: 0xFF, count: PackedRows.padding) : [])
        var packed = BinaryReader(written)
        let (codes, scales) = try PackedRows.readPacked3(rowStarts: starts, from: &packed)
        let rows = WeightRows(bytes: codes, of: packed, bits: bits, scales: scales, width: width)
        #expect((rows.bytes.count == written.count) == trailing, "kept in place only when the padding fits")
        var widened = BinaryReader(written)
        let levels = try PackedRows.readLevels(rowStarts: starts, bits: bits, from: &widened)
        #expect(levels.scales == scales)
        return (rows, levels.levels, scales)
    }

    @Test func everyRowUnpacksToTheLevelsOfTheWholeTable() throws {
        let bits = 3
        for width in [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 96, 155] {
          for trailing in [false, true] {
            let rows = max(3, 200 / width)
            let (table, levels, scales) = try Self.readBoth(Self.table(rows: rows, width: width), width: width, bits: bits,
                                                            trailing: trailing)
            let floats = WeightRows(levels: levels, scales: scales, width: width)
            #expect(table.array.map(\.bitPattern) == floats.array.map(\.bitPattern), "\(bits) bits, width \(width)")
            for row in [0, 1, rows / 2, rows - 1] {
                var a = [Float](repeating: 0.125, count: width), b = a
                a.withUnsafeMutableBufferPointer { table.add(row: row, to: $0.baseAddress!) }
                b.withUnsafeMutableBufferPointer { floats.add(row: row, to: $0.baseAddress!) }
                #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(bits) bits, width \(width), row \(row)")
            }
            #expect(table == floats && table.count == rows * width)
            // The word-at-a-time unpack, which 3-bit rows use where the vector kernel is absent.
            let count = rows * width, groups = (count + 7) / 8
            var unpacked = [Int8](repeating: 0, count: groups * 8)
            table.bytes.withUnsafeBufferPointer { b in
                unpacked.withUnsafeMutableBufferPointer {
                    PackedRows.decode3(b.baseAddress! + table.start, first: 0, groups: groups, into: $0.baseAddress!)
                }
            }
            #expect(Array(unpacked.prefix(count)) == levels, "\(bits) bits, width \(width)")
          }
        }
    }

    /// Codes of all ones (7) found word by word and in the tail, at every position of tables
    /// that end inside a word and on one.
    @Test func aCodeOfAllOnesIsFoundAtEveryPosition() {
        let bits = 3
        for count in [1, 15, 16, 17, 40, 63, 64, 65, 130] {
            #expect(!Self.holdsAllOnes(codes: [Int](repeating: (1 << bits) - 2, count: count), bits: bits))
            for at in 0..<count {
                var codes = [Int](repeating: (1 << bits) - 2, count: count)
                codes[at] = (1 << bits) - 1
                #expect(Self.holdsAllOnes(codes: codes, bits: bits), "\(bits) bits, code \(at) of \(count)")
            }
        }
    }

    /// Tables long enough for the vector check (256 codes a step, the word after each step read
    /// too): a seven at any position is found by it and by the portable loop alike.
    @Test func aCodeOfAllOnesIsFoundInLongTablesByEitherLoop() {
        for count in [255, 256, 257, 299, 300, 512, 555, 777, 1030] {
            let plain = Self.packed3([Int](repeating: 6, count: count))
            #expect(plain.withUnsafeBufferPointer { snlu_packed3_holds_sevens($0.baseAddress!, count, $0.count) } == 0)
            #expect(plain.withUnsafeBufferPointer { snlu_packed3_holds_sevens_portable($0.baseAddress!, count, $0.count) } == 0)
            for at in 0..<count {
                var codes = [Int](repeating: at % 2 == 0 ? 6 : 5, count: count)
                codes[at] = 7
                let packed = Self.packed3(codes)
                #expect(packed.withUnsafeBufferPointer { snlu_packed3_holds_sevens($0.baseAddress!, count, $0.count) } == 1,
                        "code \(at) of \(count)")
                #expect(packed.withUnsafeBufferPointer { snlu_packed3_holds_sevens_portable($0.baseAddress!, count, $0.count) } == 1)
            }
        }
    }

    /// `codes` packed 3 bits each from the lowest bit up, as a file stores them.
    static func packed3(_ codes: [Int]) -> [UInt8] {
        var packed = [UInt8](repeating: 0, count: (codes.count * 3 + 7) / 8)
        for (k, c) in codes.enumerated() {
            let bit = k * 3
            packed[bit / 8] |= UInt8(truncatingIfNeeded: c << (bit % 8))
            if bit % 8 + 3 > 8 { packed[bit / 8 + 1] |= UInt8(truncatingIfNeeded: c >> (8 - bit % 8)) }
        }
        return packed
    }

    static func holdsAllOnes(codes: [Int], bits: Int) -> Bool {
        var packed = [UInt8](repeating: 0, count: (codes.count * bits + 7) / 8)
        for (k, c) in codes.enumerated() {
            let bit = k * bits
            packed[bit / 8] |= UInt8(truncatingIfNeeded: c << (bit % 8))
            if bit % 8 + bits > 8 { packed[bit / 8 + 1] |= UInt8(truncatingIfNeeded: c >> (8 - bit % 8)) }
        }
        return packed.withUnsafeBufferPointer { PackedRows.holdsSevens($0, count: codes.count) }
    }

    /// A trained classifier whose stored codes are damaged (a code of all ones in the linear
    /// table's last row; at `compact`, its last exceptions) is refused when its file is read,
    /// not when the row is first scored.
    @Test(arguments: [IntentClassifierOptions.Precision.int4, .int3, .compact])
    func aDamagedRowIsRefusedAtLoad(_ precision: IntentClassifierOptions.Precision) throws {
        var options = ClassifierToyData.options()
        options.precision = precision
        let model = try IntentClassifier.train(examples: ClassifierToyData.examples(), labelCount: 3, options: options)
        var writer = BinaryWriter()
        model.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        let copy = try IntentClassifier(reading: &reader)
        #expect(copy.linearTable.bits == [.int3: 3, .compact: 2][precision, default: 8] && copy.linearTable.floats.isEmpty)
        // The dense layers follow the linear table's codes: four float arrays of known length.
        let dense = [copy.hiddenWeights, copy.hiddenBias, copy.outputWeights, copy.outputBias].map { 8 + 4 * $0.count }.reduce(0, +)
        var damaged = writer.bytes
        // The last code lies within the table's last two bytes.
        damaged[damaged.count - dense - 1] = 0xFF
        damaged[damaged.count - dense - 2] = 0xFF
        #expect(damaged != writer.bytes)
        var bad = BinaryReader(damaged)
        #expect(throws: ModelFileError.self) { try IntentClassifier(reading: &bad) }
    }
}
