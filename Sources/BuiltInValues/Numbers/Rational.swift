/// An exact fraction, for amounts such as "an hour and a half" or "2.5 days" that must be
/// turned into whole smaller units without rounding.
package struct Rational: Sendable, Equatable {
    private(set) var numerator: Int64
    private(set) var denominator: Int64

    package init(_ numerator: Int64, _ denominator: Int64 = 1) {
        let g = Self.gcd(abs(numerator), abs(denominator))
        let sign: Int64 = denominator < 0 ? -1 : 1
        self.numerator = g == 0 ? 0 : sign * numerator / g
        self.denominator = g == 0 ? 1 : sign * denominator / g
    }

    /// `integer.fraction` with `fraction` as decimal digits; nil when it does not fit.
    init?(integer: Int64, fraction: DecimalDigits) {
        guard fraction.count <= 9 else { return nil }
        var den: Int64 = 1
        for _ in 0..<fraction.count { den *= 10 }
        let f = Int64(fraction.value)
        let (n, o) = integer.multipliedReportingOverflow(by: den)
        guard !o else { return nil }
        self.init(n + f, den)
    }

    var isWhole: Bool { denominator == 1 }
    var isZero: Bool { numerator == 0 }
    var wholePart: Int64 { numerator / denominator }

    static func + (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }

    static func - (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
    }

    static func * (a: Rational, k: Int64) -> Rational { Rational(a.numerator * k, a.denominator) }

    /// Decimal text: "3", "2.5", "0.333".
    var decimalString: String {
        if isWhole { return String(numerator) }
        var den = denominator
        var twos = 0, fives = 0
        while den % 2 == 0 { den /= 2; twos += 1 }
        while den % 5 == 0 { den /= 5; fives += 1 }
        let digits = den == 1 ? max(twos, fives) : 3
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (numerator * scale + (den == 1 ? 0 : denominator / 2)) / denominator
        var frac = String(abs(scaled) % scale)
        frac = String(repeating: "0", count: max(0, digits - frac.count)) + frac
        while frac.last == "0" { frac.removeLast() }
        let whole = String(abs(scaled) / scale)
        let sign = scaled < 0 ? "-" : ""
        return frac.isEmpty ? sign + whole : sign + whole + "." + frac
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
