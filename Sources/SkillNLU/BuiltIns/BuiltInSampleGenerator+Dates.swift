import BuiltInValues
extension BuiltInSampleGenerator {
    // MARK: Dates

    mutating func monthName(_ m: Int) -> String { first(dates.months[m - 1]) }

    /// One of a table's sample templates with its placeholders filled, or nil when the table
    /// has none.
    mutating func fill(_ templates: [String]) -> String? {
        guard let template = templates.randomElement(using: &rng) else { return nil }
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let value: String
            switch rest[rest.index(after: open)..<close] {
            case "weekday": value = first(dates.weekdays[rng.below(7)])
            case "month": value = monthName(1 + rng.below(12))
            case "monthNumber": value = wordsOrDigits(Int64(1 + rng.below(12)), digits: 0.6)
            case "day": value = wordsOrDigits(Int64(1 + rng.below(28)), digits: 0.4)
            case "ordinalDay": value = ordinalWords(Int64(1 + rng.below(28))) ?? String(1 + rng.below(28))
            case "year": value = wordsOrDigits(Int64(2026 + rng.below(4)), digits: 0.6)
            case "count": value = wordsOrDigits(Int64(2 + rng.below(11)), digits: 0.3)
            case "hour": value = wordsOrDigits(Int64(1 + rng.below(12)), digits: 0.3)
            case "hour24": value = wordsOrDigits(Int64(rng.below(24)), digits: 0.5)
            case "minute": value = String(10 + rng.below(50))
            case "clock": value = "\(rng.below(24)):\(10 + rng.below(50))"
            case "fewMinutes": value = wordsOrDigits(Int64(5 + rng.below(21)), digits: 0.2)
            default: value = String(rest[open...close])
            }
            text += value
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    mutating func date() -> (text: String, value: String?) {
        if let text = fill(dates.dateSamples) { return (text, nil) }
        guard hasDateWords else {
            let y = 2020 + rng.below(10), m = 1 + rng.below(12), d = 1 + rng.below(28)
            let iso = "\(y)-\(CivilDate.pad(m, 2))-\(CivilDate.pad(d, 2))"
            if rng.chance(0.5) { return (iso, iso) }
            return ("\(d).\(m).\(y)", iso)
        }
        let the = keyword(.the)
        switch rng.below(14) {
        case 0:
            return (first(dates.relativeDays[[0, 1, -1].randomElement(using: &rng)!]!), nil)
        case 1:
            if let phrase = dates.relativeDayPhrases[2] { return ("\(the) \(first(phrase))", nil) }
            return (first(dates.relativeDays[1]!), nil)
        case 2:
            let wd = first(dates.weekdays[rng.below(7)])
            let mod = [nil, DateKeyword.next, .this, .last][rng.below(4)]
            return (mod.map { "\(keyword($0)) \(wd)" } ?? wd, nil)
        case 3, 4:
            let m = 1 + rng.below(12), d = 1 + rng.below(28)
            let day = rng.chance(0.6) ? (ordinalWords(Int64(d)) ?? String(d)) : (digitOrdinal(Int64(d)) ?? String(d))
            var text = "\(monthName(m)) \(day)"
            if rng.chance(0.3) {
                let y = Int64(2026 + rng.below(4))
                text += " " + (rng.chance(0.5) ? String(y) : spokenYear(y))
                return (text, "\(y)-\(CivilDate.pad(m, 2))-\(CivilDate.pad(d, 2))")
            }
            return (text, nil)
        case 5:
            let m = 1 + rng.below(12), d = 1 + rng.below(28)
            let day = rng.chance(0.5) ? (ordinalWords(Int64(d)) ?? String(d)) : (digitOrdinal(Int64(d)) ?? String(d))
            return ("\(the) \(day) \(keyword(.of)) \(monthName(m))", nil)
        case 6:
            let mod = [DateKeyword.next, .this, .last][rng.below(3)]
            let target: String
            switch rng.below(4) {
            case 0: target = keyword(.weekend)
            case 1: target = unitWord(.week, count: Rational(1))
            case 2: target = unitWord(.month, count: Rational(1))
            default: target = unitWord(.year, count: Rational(1))
            }
            return ("\(keyword(mod)) \(target)", nil)
        case 7:
            let m = 1 + rng.below(12)
            if rng.chance(0.5) {
                let y = Int64(2026 + rng.below(4))
                return ("\(monthName(m)) \(rng.chance(0.5) ? String(y) : spokenYear(y))", "\(y)-\(CivilDate.pad(m, 2))")
            }
            return (monthName(m), nil)
        case 8:
            let d = 1 + rng.below(9)
            return ("\(the) \(first(dates.decades[d] ?? "nineties"))", nil)
        case 9:
            let s = first(dates.seasons[rng.below(4)])
            let mod = [nil, DateKeyword.next, .this, .last][rng.below(4)]
            return (mod.map { "\(keyword($0)) \(s)" } ?? s, nil)
        case 10:
            let n = Int64(1 + rng.below(12))
            let unit = [DurationUnit.day, .week, .month][rng.below(3)]
            let count = wordsOrDigits(n, digits: 0.2)
            switch rng.below(3) {
            case 0: return ("\(keyword(.in)) \(count) \(unitWord(unit, count: Rational(n)))", nil)
            case 1: return ("\(count) \(unitWord(unit, count: Rational(n))) \(keyword(.ago))", nil)
            default: return ("\(count) \(unitWord(unit, count: Rational(n))) \(keyword(.from)) \(keyword(.now))", nil)
            }
        case 11:
            let y = 2026 + rng.below(3), m = 1 + rng.below(12), d = 1 + rng.below(28)
            let iso = "\(y)-\(CivilDate.pad(m, 2))-\(CivilDate.pad(d, 2))"
            if rng.chance(0.5) { return (iso, iso) }
            return (monthFirst ? "\(m)/\(d)/\(y)" : "\(d)/\(m)/\(y)", iso)
        case 12:
            if let h = dates.holidays.randomElement(using: &rng) { return (first(h.names), nil) }
            return (first(dates.relativeDays[0]!), nil)
        default:
            let d = 1 + rng.below(28)
            return ("\(the) \(ordinalWords(Int64(d)) ?? String(d))", nil)
        }
    }
}
