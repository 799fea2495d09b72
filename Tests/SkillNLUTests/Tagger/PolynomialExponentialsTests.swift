import CInt8Products
import Foundation
import Testing
@testable import SkillNLU

/// SkillNLU's own exponential (`snlu_polynomial_exp`) and the forward pass's rows of it
/// (`snlu_exponentiate_rows_polynomial`, in EmissionExponentials.c): close to e^x wherever a forward pass reads it, exact
/// at the ends of its range, and the eight-lane loop giving the scalar function's bits.
@Suite struct PolynomialExponentialsTests {
    /// Units in the last place between `x` and the correctly rounded e^`input`.
    static func ulps(_ x: Float, exactly input: Float) -> Double {
        let exact = Foundation.exp(Double(input))
        return abs(Double(x) - exact) / Double(Float(exact).ulp)
    }

    @Test func withinTwoUlpsOfTheExponentialOverItsWholeRange() {
        var worst = 0.0, at: Float = 0
        // Every 997th float from 0 down to −87.3 (about a million inputs).
        var bits = (-Float.leastNonzeroMagnitude).bitPattern
        let last = Float(-87.3).bitPattern
        while bits <= last {
            let x = Float(bitPattern: bits)
            let e = Self.ulps(snlu_polynomial_exp(x), exactly: x)
            if e > worst { worst = e; at = x }
            bits += 997
        }
        #expect(worst <= 2, "worst \(worst) ulps at \(at)")
    }

    @Test func theEndsOfItsRange() {
        #expect(snlu_polynomial_exp(0) == 1)
        #expect(snlu_polynomial_exp(-0.0) == 1)
        #expect(snlu_polynomial_exp(-.infinity) == 0)
        #expect(snlu_polynomial_exp(-88) == 0)
        #expect(snlu_polynomial_exp(-1000) == 0)
        #expect(snlu_polynomial_exp(.nan).isNaN)
        #expect(snlu_polynomial_exp(1) == expf(1))
        #expect(snlu_polynomial_exp(-87.3) > 0 && snlu_polynomial_exp(-87.3).isNormal)
    }

    /// Rows of every width (the lanes and the scalar rest) with specials among the scores: each
    /// exponential is the scalar function's of the score less the row's largest, bit for bit,
    /// and the offset is the sum of the largest as `snlu_exponentiate_rows` gives it.
    @Test func rowsAreTheScalarFunctionsFloats() {
        var g = SeededGenerator(seed: 43)
        for trial in 0..<500 {
            let (T, K, emission) = EmissionExponentialsTests.randomRows(&g, trial: trial)
            let (expected, expectedOffset) = EmissionExponentialsTests.reference(emission, T: T, K: K) { snlu_polynomial_exp($0) }
            var exps = [Float](repeating: -1, count: T * K)
            let offset = emission.withUnsafeBufferPointer { emission in
                exps.withUnsafeMutableBufferPointer { exps in
                    CRFScratch.exponentiate(emission, into: exps, T: T, K: K, polynomial: true)
                }
            }
            #expect(offset.bitPattern == expectedOffset.bitPattern || (offset.isNaN && expectedOffset.isNaN),
                    "offset, trial \(trial)")
            #expect(zip(exps, expected).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) },
                    "exponentials, trial \(trial)")
        }
    }

    /// The forward pass with the polynomial gives log Z within a rounding of the pass with
    /// `expf`, on random label graphs loaded as a trained tagger's.
    @Test func theForwardPassIsWithinRoundingOfExpf() {
        var g = SeededGenerator(seed: 47)
        for trial in 0..<60 {
            let shape = RandomLabelGraph(&g, trial: trial, maxSlots: 12, maxSequences: 20)
            let T = 1 + g.index(30), K = shape.labels.count, L = shape.labelCount
            let transitions = (0..<(L * L)).map { _ in Float(g.index(8_001)) / 1_000 - 4 }
            let start = (0..<L).map { _ in Float(g.index(4_001)) / 1_000 - 2 }
            let emission = (0..<(T * K)).map { _ in Float(g.index(20_001)) / 1_000 - 10 }
            var z: [Double] = []
            for polynomial in [false, true] {
                var scratch = CRFScratch()
                scratch.polynomialExponentials = polynomial
                scratch.prepare(T: T, K: K)
                scratch.emission = emission
                scratch.loadStored(shape.graph, transitions: transitions, start: start)
                z.append(scratch.forward(T: T, graph: shape.graph))
            }
            #expect(abs(z[0] - z[1]) <= 1e-5 * max(1, abs(z[0])), "log Z \(z[0]) against \(z[1]), trial \(trial)")
        }
    }
}
