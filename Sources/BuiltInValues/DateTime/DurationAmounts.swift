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
