/// An exact fraction, for amounts such as "an hour and a half" or "2.5 days" that must be
/// turned into whole smaller units without rounding.
struct Rational: Sendable, Equatable {
    private(set) var numerator: Int64
    private(set) var denominator: Int64

    init(_ numerator: Int64, _ denominator: Int64 = 1) {
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

/// Amounts per duration unit, written out as an ISO 8601 duration the way Alexa does
/// ("PT1H30M", "P2D", "P3W"). Fixed storage: copying it allocates nothing.
struct DurationAmounts: Sendable, Equatable {
    private var decade = Rational(0), year = Rational(0), month = Rational(0), fortnight = Rational(0)
    private var week = Rational(0), day = Rational(0), hour = Rational(0), minute = Rational(0), second = Rational(0)
    private var used: UInt16 = 0

    mutating func add(_ unit: DurationUnit, _ amount: Rational) {
        self[unit] = self[unit] + amount
        used |= 1 << UInt16(unit.rawValue)
    }

    private subscript(_ u: DurationUnit) -> Rational {
        get {
            switch u {
            case .decade: return decade
            case .year: return year
            case .month: return month
            case .fortnight: return fortnight
            case .week: return week
            case .day: return day
            case .hour: return hour
            case .minute: return minute
            case .second: return second
            }
        }
        set {
            switch u {
            case .decade: decade = newValue
            case .year: year = newValue
            case .month: month = newValue
            case .fortnight: fortnight = newValue
            case .week: week = newValue
            case .day: day = newValue
            case .hour: hour = newValue
            case .minute: minute = newValue
            case .second: second = newValue
            }
        }
    }

    var isoValue: String? {
        var a = self
        a[.year] = a[.year] + a[.decade] * 10
        a[.decade] = Rational(0)
        a[.week] = a[.week] + a[.fortnight] * 2
        a[.fortnight] = Rational(0)
        // Fractions move into the next smaller unit ("1.5 days" → 1 day 12 hours).
        let cascade: [(DurationUnit, DurationUnit, Int64)] = [
            (.year, .month, 12), (.week, .day, 7), (.day, .hour, 24), (.hour, .minute, 60), (.minute, .second, 60),
        ]
        for (from, to, factor) in cascade where !a[from].isWhole {
            let whole = Rational(a[from].wholePart)
            let rest = (a[from] - whole) * factor
            if rest.isWhole || to != .second {
                a[from] = whole
                a[to] = a[to] + rest
            }
        }
        let hasOtherDate = !a[.year].isZero || !a[.month].isZero || !a[.day].isZero
        let hasTime = !a[.hour].isZero || !a[.minute].isZero || !a[.second].isZero
        if !a[.week].isZero && (hasOtherDate || hasTime) {
            a[.day] = a[.day] + a[.week] * 7
            a[.week] = Rational(0)
        }
        var date = ""
        for (u, letter) in [(DurationUnit.year, "Y"), (.month, "M"), (.week, "W"), (.day, "D")] where !a[u].isZero {
            date += a[u].decimalString + letter
        }
        var time = ""
        for (u, letter) in [(DurationUnit.hour, "H"), (.minute, "M"), (.second, "S")] where !a[u].isZero {
            time += a[u].decimalString + letter
        }
        if date.isEmpty && time.isEmpty {
            // "zero minutes": say zero in the smallest unit that was named.
            guard let last = DurationUnit.allCases.last(where: { used & (1 << UInt16($0.rawValue)) != 0 }) else { return nil }
            switch last {
            case .hour: return "PT0H"
            case .minute: return "PT0M"
            case .second: return "PT0S"
            case .week, .fortnight: return "P0W"
            case .day: return "P0D"
            case .month: return "P0M"
            case .year, .decade: return "P0Y"
            }
        }
        return "P" + date + (time.isEmpty ? "" : "T" + time)
    }
}
