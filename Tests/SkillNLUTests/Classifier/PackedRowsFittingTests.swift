import Testing
@testable import SkillNLU

/// 3-bit rows are fitted for the least squared error: less error than fitting a row's largest
/// weight where a few weights stand out, the bulk of a centred row on a level, and the coding
/// still exact both ways for rows of every shape.
@Suite struct PackedRowsFittingTests {
    /// Squared error of `rounded` against `row`, after removing their mean difference when the
    /// row only matters up to a constant.
    static func error(_ row: [Float], _ rounded: [Float], centred: Bool) -> Float {
        let d: [Float] = zip(row, rounded).map { $0 - $1 }
        let mean: Float = centred ? d.reduce(0, +) / Float(d.count) : 0
        return d.reduce(Float(0)) { (sum: Float, x: Float) -> Float in sum + (x - mean) * (x - mean) }
    }

    /// The error of the coding that fits each row's largest magnitude (midpoint-centred).
    static func maxFitError(_ row: [Float], centred: Bool) -> Float {
        let shift = centred ? (row.min()! + row.max()!) / 2 : 0
        let top = row.map { abs($0 - shift) }.max()!
        let s = PackedRows.scales[PackedRows.scaleByte(top: top, levels: 3)]
        let rounded = row.map { (w: Float) -> Float in
            let q: Float = ((w - shift) / s).rounded(.toNearestOrEven)
            return max(-3, min(3, q)) * s + shift
        }
        return error(row, rounded, centred: centred)
    }

    /// A row as a sparse linear table holds one: most weights a little below zero, a few
    /// intents far above.
    static let skewed: [Float] = (0..<151).map { (j: Int) -> Float in
        if j % 50 == 7 { return 2.5 + Float(j) / 100 }
        let step: Float = Float((j * 37) % 11) / 40
        return -0.3 - step
    }

    /// A row as an embedding holds one: weights spread about zero, one outlier.
    static let spread: [Float] = (0..<96).map { (j: Int) -> Float in
        j == 5 ? 1.6 : Float((j * 53) % 29 - 14) / 40
    }

    @Test(arguments: [false, true])
    func fittedRowsLoseLessThanFittingTheLargestWeight(_ centred: Bool) {
        for row in [Self.skewed, Self.spread] {
            let rounded = PackedRows.rounded(row, rowStarts: [0, row.count], bits: 3, centred: centred)
            let fitted = Self.error(row, rounded, centred: centred)
            let limit = row == Self.spread ? 0.75 : 1.0001
            #expect(fitted < Self.maxFitError(row, centred: centred) * Float(limit), "\(row.count) weights, centred \(centred)")
        }
    }

    @Test func aCentredRowsMedianLiesOnALevel() {
        let rounded = PackedRows.rounded(Self.skewed, rowStarts: [0, 151], bits: 3, centred: true)
        let (k, levels, shift) = PackedRows.fitted(Self.skewed[...], centred: true)
        let median = Self.skewed.sorted()[75]
        let s = PackedRows.scales[k]
        #expect(abs((median - shift) / s - ((median - shift) / s).rounded()) < 1e-4, "the median on a level")
        #expect(rounded == levels.map { Float($0) * s })
    }

    /// Random rows of several shapes: rounding twice changes nothing, and written, read and
    /// written again they give the same bytes and floats.
    @Test(arguments: [false, true])
    func fittedRowsAreExactBothWays(_ centred: Bool) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24) - 0.5
        }
        var values: [Float] = []
        var starts = [0]
        for shape in 0..<60 {
            let width = [1, 2, 7, 32, 151][shape % 5]
            let scale = Float(1 << (shape % 7)) / 64
            for j in 0..<width {
                var v = next() * scale
                if shape % 3 == 0, j % 13 == 0 { v += 8 * scale }      // a few far above
                if shape % 4 == 1 { v = v * v * v * 40 }               // heavy tails
                if shape % 11 == 0 { v = 0 }                           // a zero row
                values.append(v)
            }
            starts.append(values.count)
        }
        let rounded = PackedRows.rounded(values, rowStarts: starts, bits: 3, centred: centred)
        #expect(PackedRows.rounded(rounded, rowStarts: starts, bits: 3, centred: centred).map(\.bitPattern)
                == rounded.map(\.bitPattern), "rounding twice changes nothing")
        var w = BinaryWriter()
        PackedRows.write(values, rowStarts: starts, bits: 3, centred: centred, to: &w)
        var r = BinaryReader(w.bytes)
        let read = try PackedRows.read(rowStarts: starts, bits: 3, from: &r)
        #expect(read.map(\.bitPattern) == rounded.map(\.bitPattern))
        var again = BinaryWriter()
        PackedRows.write(read, rowStarts: starts, bits: 3, centred: centred, to: &again)
        #expect(again.bytes == w.bytes, "written, read and written again: the same bytes")
    }

    /// Every code at every place of a group of eight comes back as its level (the groups are
    /// unpacked a word at a time).
    @Test func everyCodeAtEveryPlaceOfAGroupReadsAsItsLevel() throws {
        let codes = (0..<(7 * 8 * 3 + 5)).map { ($0 + $0 / 8) % 7 }
        var packed = [UInt8](repeating: 0, count: (codes.count * 3 + 7) / 8)
        for (k, c) in codes.enumerated() {
            let bit = 3 * k
            packed[bit / 8] |= UInt8(truncatingIfNeeded: c << (bit % 8))
            if bit % 8 > 5 { packed[bit / 8 + 1] |= UInt8(truncatingIfNeeded: c >> (8 - bit % 8)) }
        }
        var w = BinaryWriter()
        w.write(bytes: [192])
        w.write(bytes: packed)
        var r = BinaryReader(w.bytes)
        let (levels, scales) = try PackedRows.readLevels(rowStarts: [0, codes.count], bits: 3, from: &r)
        #expect(scales == [1])
        #expect(levels.map(Int.init) == codes.map { $0 - 3 })
    }
}
