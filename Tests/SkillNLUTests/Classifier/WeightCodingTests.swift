import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct WeightCodingTests {
    @Test func halfPrecisionOfKnownValues() {
        // IEEE 754 binary16 encodings.
        #expect(WeightCoding.halfBits(1) == 0x3C00)
        #expect(WeightCoding.halfBits(-2) == 0xC000)
        #expect(WeightCoding.halfBits(0.5) == 0x3800)
        #expect(WeightCoding.halfBits(65504) == 0x7BFF)
        #expect(WeightCoding.halfBits(0) == 0)
        #expect(WeightCoding.halfBits(-0.0) == 0x8000)
        #expect(WeightCoding.halfBits(0x1p-24) == 0x0001)          // smallest subnormal
        #expect(WeightCoding.halfBits(0x1p-14) == 0x0400)          // smallest normal
        #expect(WeightCoding.halfBits(1e9) == 0x7BFF)              // saturates
        #expect(WeightCoding.float(fromHalf: 0x3555) == 0.333251953125)
    }

    @Test func roundsToNearestEven() {
        // Between 1 and the next half (1 + 2^-10): the midpoint rounds to the even one (1).
        #expect(WeightCoding.halfBits(1 + 0x1p-11) == 0x3C00)
        // The midpoint above an odd mantissa rounds up.
        #expect(WeightCoding.halfBits(1 + 3 * 0x1p-11) == 0x3C02)
        #expect(WeightCoding.halfBits(1 + 0x1p-11 + 0x1p-20) == 0x3C01)
    }

    @Test func everyHalfRoundTrips() {
        for bits in UInt16.min...UInt16.max {
            let exponent = (bits >> 10) & 0x1F
            guard exponent != 31 else { continue }      // infinities and NaNs
            let value = WeightCoding.float(fromHalf: bits)
            #expect(WeightCoding.halfBits(value) == bits)
        }
    }

    @Test func roundingIsIdempotent() {
        var random = SeededGenerator(seed: 11)
        let values = (0..<2000).map { _ in random.nextSymmetric(4) }
        let once = WeightCoding.rounded(values, precision: .float16, width: 1)
        #expect(WeightCoding.rounded(once, precision: .float16, width: 1) == once)
        #expect(zip(values, once).allSatisfy { abs($0 - $1) <= abs($0) * 0x1p-11 + 0x1p-25 })
        #expect(WeightCoding.rounded(values, precision: .float32, width: 1) == values)
    }
}
