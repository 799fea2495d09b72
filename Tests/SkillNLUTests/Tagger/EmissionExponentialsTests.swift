import CInt8Products
import Foundation
import Testing
@testable import SkillNLU

/// The forward pass's emission exponentials (``CRFScratch/exponentiate(_:into:T:K:)``, on
/// `snlu_exponentiate_rows`) against the loop over each token's scores: rows of any width,
/// with equal scores, zeros of both signs, minus and plus infinity and NaN among them, must
/// give the loop's exponentials and offset bit for bit.
@Suite struct EmissionExponentialsTests {
    /// The loop: each row's largest score by Swift's `max`, then one `exp` (`expf` unless
    /// said) a score.
    static func reference(_ emission: [Float], T: Int, K: Int, exp: (Float) -> Float = { expf($0) })
        -> (exps: [Float], offset: Double) {
        var exps = [Float](repeating: 0, count: T * K)
        var offset = 0.0
        for t in 0..<T {
            var m: Float = -.infinity
            for k in 0..<K { m = max(m, emission[t * K + k]) }
            for k in 0..<K { exps[t * K + k] = exp(emission[t * K + k] - m) }
            offset += Double(m)
        }
        return (exps, offset)
    }

    /// Rows of any width (the lanes and the scalar rest) of scores, with equal scores and, on
    /// every fifth trial often, zeros of both signs, infinities, NaN and large scores among them.
    static func randomRows(_ g: inout SeededGenerator, trial: Int) -> (T: Int, K: Int, emission: [Float]) {
        let specials: [Float] = [0, -0.0, -.infinity, .infinity, .nan, 3, -3, 200, -200]
        let T = 1 + g.index(25), K = 1 + g.index(170)
        let emission: [Float] = (0..<(T * K)).map { _ in
            switch g.index(trial % 5 == 0 ? 4 : 40) {
            case 0: specials[g.index(specials.count)]
            default: Float(g.index(400_001)) / 7_919 - 25
            }
        }
        return (T, K, emission)
    }

    @Test func exponentialsAreTheLoopsFloats() {
        var g = SeededGenerator(seed: 41)
        for trial in 0..<500 {
            let (T, K, emission) = Self.randomRows(&g, trial: trial)
            let expected = Self.reference(emission, T: T, K: K)
            var exps = [Float](repeating: -1, count: T * K)
            let offset = emission.withUnsafeBufferPointer { emission in
                exps.withUnsafeMutableBufferPointer { exps in
                    CRFScratch.exponentiate(emission, into: exps, T: T, K: K)
                }
            }
            #expect(offset.bitPattern == expected.offset.bitPattern || (offset.isNaN && expected.offset.isNaN),
                    "offset, trial \(trial)")
            #expect(exps.map(\.bitPattern) == expected.exps.map(\.bitPattern), "exponentials, trial \(trial)")
        }
    }
}
