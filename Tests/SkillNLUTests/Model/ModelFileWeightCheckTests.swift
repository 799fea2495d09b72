import Testing
@testable import SkillNLU

/// The check every weight table of a loaded model passes: finite, magnitude at most 65,504,
/// wherever in the table the bad value lies.
@Suite struct ModelFileWeightCheckTests {
    @Test(arguments: [Float.nan, -.nan, .infinity, -.infinity, 65_505, -70_000, .greatestFiniteMagnitude])
    func anImplausibleWeightAnywhereIsRefused(value: Float) {
        for count in [1, 7, 64, 131] {
            for at in Set([0, count / 2, count - 1]) {
                var values = [Float](repeating: 0.25, count: count)
                values[at] = value
                #expect(throws: ModelFileError.corrupt("the unit's table holds a weight that is not a finite number of plausible size")) {
                    try checkWeights([("ok", [1]), ("table", values)], in: "the unit")
                }
            }
        }
    }

    @Test func plausibleWeightsPass() throws {
        try checkWeights([("edges", [65_504, -65_504, 0, -0, .leastNonzeroMagnitude]), ("empty", [])], in: "the unit")
    }
}
