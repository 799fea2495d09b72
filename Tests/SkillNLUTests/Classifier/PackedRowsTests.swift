import Testing
@testable import SkillNLU

/// Weight tables in 3 or 4 bits a weight with a scale byte per row: exact once rounded, within
/// half a step of the original, centred rows keeping the differences between their weights, and
/// codes no writer produces refused.
@Suite struct PackedRowsTests {
    /// Rows of different magnitudes and signs, one all positive, a zero row, one-weight rows and
    /// one beyond the largest scale.
    static let values: [Float] = [0.5, -0.25, 0.003, 1.75, 0, 0, 0, 0, -12.5, 0.01, 3.3, -7.1,
                                  2e-7, -1e-6, 3e-7, 0, 0.3, 2.0, 2.5, 3.1, 2.2, 900, -400, 1]
    static let rowStarts = [0, 4, 8, 12, 16, 17, 21, 24]
    static let cases: [(Int, Bool)] = [(3, false), (3, true), (4, false), (4, true)]

    @Test(arguments: cases)
    func roundedValuesWriteAndReadBackExactly(_ bits: Int, _ centred: Bool) throws {
        let rounded = PackedRows.rounded(Self.values, rowStarts: Self.rowStarts, bits: bits, centred: centred)
        #expect(PackedRows.rounded(rounded, rowStarts: Self.rowStarts, bits: bits, centred: centred) == rounded,
                "rounding twice changes nothing")
        var w = BinaryWriter()
        PackedRows.write(Self.values, rowStarts: Self.rowStarts, bits: bits, centred: centred, to: &w)
        var r = BinaryReader(w.bytes)
        let read = try PackedRows.read(rowStarts: Self.rowStarts, bits: bits, from: &r)
        #expect(r.remaining == 0)
        #expect(read.map(\.bitPattern) == rounded.map(\.bitPattern))
        var again = BinaryWriter()
        PackedRows.write(read, rowStarts: Self.rowStarts, bits: bits, centred: centred, to: &again)
        #expect(again.bytes == w.bytes, "written, read and written again: the same bytes")
        let rows = Self.rowStarts.count - 1
        #expect(w.bytes.count == 16 + rows + (Self.values.count * bits + 7) / 8, "two lengths, a byte a row, the packed codes")
    }

    /// At 4 bits; 3-bit rows are fitted for the least error instead (``PackedRowsFittingTests``).
    @Test(arguments: cases.filter { $0.0 == 4 })
    func eachWeightIsWithinHalfAStep(_ bits: Int, _ centred: Bool) {
        let rounded = PackedRows.rounded(Self.values, rowStarts: Self.rowStarts, bits: bits, centred: centred)
        let levels = Float(PackedRows.top(bits: bits))
        // The last row lies beyond the largest scale and saturates; the others fit.
        for i in 0..<(Self.rowStarts.count - 2) {
            let row = Self.rowStarts[i]..<Self.rowStarts[i + 1]
            let lo = Self.values[row].min()!, hi = Self.values[row].max()!
            let shift = centred ? (lo + hi) / 2 : 0
            let top = Self.values[row].map { abs($0 - shift) }.max()!
            // A step is at most a sixteenth of an octave above top / L, and never below 2^-12.
            let step = max(top / levels * 1.045, 0x1p-12)
            for k in row {
                #expect(abs(rounded[k] + shift - Self.values[k]) <= step / 2 * 1.0001, "weight \(k) at \(bits) bits")
            }
        }
        let last = Self.rowStarts[Self.rowStarts.count - 2]
        #expect(rounded[last] > 0 && rounded[last + 1] < 0, "a saturated row keeps its signs")
    }

    @Test func aCentredRowKeepsTheDifferencesOfItsWeights() {
        // All positive and close together: uncentred, four bits hardly tell them apart.
        let row: [Float] = [2.0, 2.5, 3.1, 2.2]
        let plain = PackedRows.rounded(row, rowStarts: [0, 4], bits: 4, centred: false)
        let centred = PackedRows.rounded(row, rowStarts: [0, 4], bits: 4, centred: true)
        func spread(_ r: [Float]) -> Float {
            zip(r, row).map { abs(($0 - r[0]) - ($1 - row[0])) }.max()!
        }
        #expect(spread(centred) < spread(plain) / 2)
        #expect(centred.min()! == -centred.max()!, "centred: symmetric about zero")
    }

    @Test(arguments: [3, 4])
    func bytesNoWriterProducesAreRefused(_ bits: Int) throws {
        var w = BinaryWriter()
        PackedRows.write(Self.values, rowStarts: Self.rowStarts, bits: bits, centred: false, to: &w)
        // The codes start after the scales' length, the scales and the codes' length.
        let codes = 8 + (Self.rowStarts.count - 1) + 8
        var damaged = w.bytes
        damaged[codes] |= UInt8((1 << bits) - 1)
        var r = BinaryReader(damaged)
        #expect(throws: ModelFileError.self, "a code of all ones") {
            try PackedRows.read(rowStarts: Self.rowStarts, bits: bits, from: &r)
        }
        var rows = BinaryReader(w.bytes)
        #expect(throws: ModelFileError.self, "rows that do not match") {
            try PackedRows.read(rowStarts: [0, 24], bits: bits, from: &rows)
        }
        var other = BinaryReader(w.bytes)
        #expect(throws: ModelFileError.self, "another width") {
            try PackedRows.read(rowStarts: Self.rowStarts, bits: 7 - bits, from: &other)
        }
    }

    /// Tables of every length up to three groups of eight codes and one more, so that codes read
    /// a whole group at a time and codes read one by one after the last group both come back,
    /// and a code no writer produces is refused wherever it lies.
    @Test(arguments: [3, 4])
    func everyLengthReadsBackAndRefusesABadLastCode(_ bits: Int) throws {
        for n in 1...25 {
            let values = (0..<n).map { Float(($0 * 37 + n * 11) % 23 - 11) / 4 }
            let starts = n > 3 ? [0, 3, n] : [0, n]
            var w = BinaryWriter()
            PackedRows.write(values, rowStarts: starts, bits: bits, centred: false, to: &w)
            var r = BinaryReader(w.bytes)
            let read = try PackedRows.read(rowStarts: starts, bits: bits, from: &r)
            #expect(read == PackedRows.rounded(values, rowStarts: starts, bits: bits, centred: false), "\(n) weights")
            for k in [0, n / 2, n - 1] {
                var damaged = w.bytes
                let codes = 8 + (starts.count - 1) + 8
                for bit in (k * bits)..<((k + 1) * bits) { damaged[codes + bit / 8] |= 1 << UInt8(bit % 8) }
                var bad = BinaryReader(damaged)
                #expect(throws: ModelFileError.self, "\(n) weights, all ones at \(k)") {
                    try PackedRows.read(rowStarts: starts, bits: bits, from: &bad)
                }
            }
        }
    }

    @Test func scalesRiseBySixteenthsOfAnOctave() {
        #expect(PackedRows.scales[0] == 0x1p-12 && PackedRows.scales[192] == 1 && PackedRows.scales[208] == 2)
        for k in 1..<256 {
            let ratio = PackedRows.scales[k] / PackedRows.scales[k - 1]
            #expect(abs(ratio - 1.04427378) < 1e-5, "scale \(k)")
        }
    }
}
