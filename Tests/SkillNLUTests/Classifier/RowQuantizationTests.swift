import Testing
@testable import SkillNLU

/// Weight tables as bytes with a power-of-two scale per row: exact once rounded, within half a
/// step of the original, and every value a half-precision number.
@Suite struct RowQuantizationTests {
    /// Rows of different magnitudes, signs, a zero row and a one-weight row.
    static let values: [Float] = [0.5, -0.25, 0.003, 1.75, 0, 0, 0, 0, -12.5, 0.01, 3.3, -7.1, 2e-7, -1e-6, 3e-7, 0, 0.3]
    static let rowStarts = [0, 4, 8, 12, 16, 17]

    @Test func roundedValuesWriteAndReadBackExactly() throws {
        let rounded = RowQuantization.rounded(Self.values, rowStarts: Self.rowStarts)
        #expect(RowQuantization.rounded(rounded, rowStarts: Self.rowStarts) == rounded, "rounding twice changes nothing")
        var w = BinaryWriter()
        RowQuantization.write(Self.values, rowStarts: Self.rowStarts, to: &w)
        var r = BinaryReader(w.bytes)
        let read = try RowQuantization.read(rowStarts: Self.rowStarts, from: &r)
        #expect(read.map(\.bitPattern) == rounded.map(\.bitPattern))
        var again = BinaryWriter()
        RowQuantization.write(read, rowStarts: Self.rowStarts, to: &again)
        #expect(again.bytes == w.bytes, "written, read and written again: the same bytes")
        #expect(w.bytes.count <= Self.values.count + Self.rowStarts.count + 16, "a byte a weight and a byte a row")
    }

    @Test func eachWeightIsWithinHalfAStepOfItsRowsLargest() {
        let rounded = RowQuantization.rounded(Self.values, rowStarts: Self.rowStarts)
        for i in 0..<(Self.rowStarts.count - 1) {
            let row = Self.rowStarts[i]..<Self.rowStarts[i + 1]
            let top = Self.values[row].map(abs).max()!
            for k in row {
                // Half a step: the step is at most top / 63.5, and never below 2^-24.
                #expect(abs(rounded[k] - Self.values[k]) <= max(top / 127, 0x1p-25), "weight \(k)")
                #expect(WeightCoding.float(fromHalf: WeightCoding.halfBits(rounded[k])) == rounded[k], "weight \(k) is a half")
            }
        }
        // -12.5 is 100 × 2^-3, exactly; 0.01 beside it is far below the step: pruned to zero.
        #expect(rounded[8] == -12.5 && rounded[9] == 0)
    }

    @Test func bytesNoWriterProducesAreRefused() {
        var w = BinaryWriter()
        RowQuantization.write(Self.values, rowStarts: Self.rowStarts, to: &w)
        // The first row's exponent byte (after the 8-byte length), then its first weight.
        for (offset, byte) in [(8, UInt8(255)), (8, UInt8(0)), (8 + 5 + 8, UInt8(0x80))] {
            var damaged = w.bytes
            damaged[offset] = byte
            var r = BinaryReader(damaged)
            #expect(throws: ModelFileError.self, "byte \(offset) = \(byte)") {
                try RowQuantization.read(rowStarts: Self.rowStarts, from: &r)
            }
        }
        var r = BinaryReader(w.bytes)
        #expect(throws: ModelFileError.self, "rows that do not match") { try RowQuantization.read(rowStarts: [0, 17], from: &r) }
    }
}
