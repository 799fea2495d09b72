import BenchReport
import Testing

@Suite struct FormatTests {
    @Test(arguments: [
        (0.014, "0.014×"), (0.0137, "0.014×"), (0.5, "0.50×"), (0.1, "0.10×"), (0.994, "0.99×"),
        (1.0, "1.0×"), (3.24, "3.2×"), (9.9, "9.9×"), (41.2, "41×"), (1234.0, "1234×"), (0.0, "0×"),
    ])
    func ratioKeepsTwoSignificantDigitsBelowTen(value: Double, expected: String) {
        #expect(Format.ratio(value) == expected)
    }

    @Test func ratioOfNothingOrNonsenseIsMissing() {
        #expect(Format.ratio(nil) == Format.missing)
        #expect(Format.ratio(.infinity) == Format.missing)
        #expect(Format.ratio(-1) == Format.missing)
    }

    @Test func pointsCarryTheirSign() {
        #expect(Format.points(0.0028) == "+0.28")
        #expect(Format.points(-0.013) == "-1.30")
        #expect(Format.points(0.00001) == "0.00")
        #expect(Format.points(nil) == Format.missing)
    }

    @Test func percentHasTwoDecimals() {
        #expect(Format.percent(0.961428) == "96.14")
        #expect(Format.percent(nil) == Format.missing)
    }
}
