import BuiltInValues

/// Generates things people say for the parsed built-in types, from the same tables the
/// parsers read, so every sample parses back.
struct BuiltInSampleGenerator {
    private var rng: SeededGenerator
    let tables: BuiltInLocaleTables
    let renderer: NumberRenderer
    let dates: DateTimeTable
    let monthFirst: Bool

    init(locale: String, seed: UInt64) {
        rng = SeededGenerator(seed: seed)
        let parser = BuiltInParser(locale: locale)
        tables = parser.tables
        renderer = tables.numbers.renderer
        dates = tables.dates.table
        monthFirst = parser.monthFirst
    }

    private var numbers: NumberTable { tables.numbers.table }
    private var hasNumberWords: Bool { !numbers.multipliers.isEmpty }
    private var hasDateWords: Bool { !dates.months.isEmpty }

    /// A sample and, where it does not depend on the reference date, the value it parses to.
    mutating func sample(_ kind: BuiltInKind) -> (text: String, value: String?)? {
        switch kind {
        case .number: return number()
        case .ordinal: return ordinal()
        case .fourDigitNumber: return fourDigit()
        case .phoneNumber: return phone()
        case .date: return date()
        case .time: return time()
        case .duration: return duration()
        }
    }

    // MARK: Helpers

    /// `n` in words, canonical forms mostly, alternatives sometimes.
    private mutating func words(_ n: Int64) -> String? {
        var r = rng
        let text = renderer.cardinal(n) { c in r.chance(0.6) ? 0 : r.below(c) }
        rng = r
        return text
    }

    private mutating func ordinalWords(_ n: Int64) -> String? {
        var r = rng
        let text = renderer.ordinal(n) { c in r.chance(0.6) ? 0 : r.below(c) }
        rng = r
        return text
    }

    /// The canonical form of a `|`-separated table entry.
    private func first(_ text: String) -> String { NumberRenderer.alternatives(text).first ?? "" }

    private func keyword(_ k: DateKeyword) -> String { dates.keywords[k].map(first) ?? "" }

    /// Singular for one, the plural (second form) otherwise.
    private func unitWord(_ u: DurationUnit, count: Rational) -> String {
        let forms = NumberRenderer.alternatives(dates.units[u] ?? "")
        guard !forms.isEmpty else { return "" }
        return count == Rational(1) || forms.count == 1 ? forms[0] : forms[1]
    }

    private func digitWord(_ d: Int) -> String { first(numbers.units[d]) }

    /// "twenty three" or "23".
    private mutating func wordsOrDigits(_ n: Int64, digits p: Double = 0.35) -> String {
        if !hasNumberWords || rng.chance(p) { return String(n) }
        return words(n) ?? String(n)
    }

    // MARK: Numbers

    private mutating func number() -> (text: String, value: String?) {
        let roll = rng.below(100)
        if roll < 5, hasNumberWords, let minus = numbers.negatives.first {
            let n = Int64(1 + rng.below(20))
            return ("\(minus) \(wordsOrDigits(n, digits: 0.2))", "-\(n)")
        }
        if roll < 10, hasNumberWords, let point = numbers.decimalPoints.first {
            let whole = Int64(rng.below(21))
            let fractionDigits = (0..<(1 + rng.below(2))).map { _ in 1 + rng.below(9) }
            let spoken = fractionDigits.map(digitWord).joined(separator: " ")
            let value = "\(whole)." + fractionDigits.map(String.init).joined()
            return ("\(words(whole) ?? String(whole)) \(point) \(spoken)", value)
        }
        if roll < 13 {
            let whole = Int64(rng.below(100))
            let d = 1 + rng.below(9)
            return ("\(whole)\(numbers.decimalSeparator)\(d)", "\(whole).\(d)")
        }
        let n: Int64
        switch rng.below(100) {
        case ..<30: n = Int64(rng.below(21))
        case ..<55: n = Int64(21 + rng.below(79))
        case ..<75: n = Int64(100 + rng.below(900))
        case ..<90: n = Int64(1_000 + rng.below(9_000))
        default: n = Int64(10_000 + rng.below(990_000))
        }
        if n >= 1_000, rng.chance(0.2) { return (grouped(n), String(n)) }
        return (wordsOrDigits(n), String(n))
    }

    /// "12,345" with the locale's grouping separator.
    private func grouped(_ n: Int64) -> String {
        var digits = Array(String(n))
        var out: [Character] = []
        while digits.count > 3 {
            out.insert(contentsOf: digits.suffix(3), at: 0)
            out.insert(numbers.groupingSeparator, at: 0)
            digits.removeLast(3)
        }
        out.insert(contentsOf: digits, at: 0)
        return String(out)
    }

    private mutating func ordinal() -> (text: String, value: String?)? {
        let n = Int64(rng.chance(0.8) ? 1 + rng.below(31) : 32 + rng.below(69))
        let digitForm = digitOrdinal(n)
        if let d = digitForm, !hasNumberWords || rng.chance(0.3) { return (d, String(n)) }
        if hasNumberWords, let w = ordinalWords(n) { return (w, String(n)) }
        return digitForm.map { ($0, String(n)) }
    }

    /// Digits with the locale's ordinal marker ("3rd", "3º", "3e", "第3"), when it has one.
    private mutating func digitOrdinal(_ n: Int64) -> String? {
        let rules = numbers.ordinals
        switch tables.language {
        case "en":
            let suffix: String
            if (11...13).contains(n % 100) { suffix = "th" }
            else { suffix = ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][Int(n % 10)] }
            return "\(n)\(suffix)"
        default:
            if let prefix = rules.prefixTokens.first, rng.chance(0.5) { return "\(prefix)\(n)" }
            if let suffix = rules.suffixTokens.first { return "\(n)" + suffix.joined() }
            if tables.language == "fr" { return n == 1 ? "1er" : "\(n)e" }
            if let marker = rules.digitMarkers.first { return "\(n)\(marker)" }
            return nil
        }
    }

    private mutating func fourDigit() -> (text: String, value: String?) {
        let roll = rng.below(100)
        if roll < 55 {
            let year = Int64(1900 + rng.below(200))
            if rng.chance(0.2) || !hasNumberWords { return (String(year), String(year)) }
            return (spokenYear(year), String(year))
        }
        let digits = (0..<4).map { _ in rng.below(10) }
        let value = digits.map(String.init).joined()
        if rng.chance(0.3) || !hasNumberWords { return (value, value) }
        return (digits.map { spokenDigit($0) }.joined(separator: " "), value)
    }

    /// A year as people say it: "nineteen ninety", "nineteen oh five", "two thousand five".
    mutating func spokenYear(_ year: Int64) -> String {
        let high = year / 100, low = year % 100
        if tables.language == "en" && (year < 2000 || year >= 2010) && high >= 10 {
            if low == 0 { return "\(words(high) ?? "") \(first(numbers.multipliers[0].word))" }
            if low < 10 { return "\(words(high) ?? "") \(spokenDigit(0)) \(words(low) ?? "")" }
            return "\(words(high) ?? "") \(words(low) ?? "")"
        }
        return words(year) ?? String(year)
    }

    private mutating func spokenDigit(_ d: Int) -> String {
        if d == 0, let oh = numbers.zeroDigits.first, rng.chance(0.4) { return oh }
        return digitWord(d)
    }

    private mutating func phone() -> (text: String, value: String?) {
        var digits = [2 + rng.below(8)] + (0..<9).map { _ in rng.below(10) }
        if rng.chance(0.2) { digits = Array(digits.suffix(7)); digits[0] = 2 + rng.below(8) }
        let value = digits.map(String.init).joined()
        if !hasNumberWords || rng.chance(0.45) {
            let parts = digits.count == 10
                ? [value.prefix(3), value.dropFirst(3).prefix(3), value.suffix(4)]
                : [value.prefix(3), value.suffix(4)]
            switch rng.below(4) {
            case 0: return (value, value)
            case 1: return (parts.joined(separator: "-"), value)
            case 2 where parts.count == 3: return ("(\(parts[0])) \(parts[1])-\(parts[2])", value)
            default: return (parts.joined(separator: " "), value)
            }
        }
        var spoken: [String] = []
        var k = 0
        while k < digits.count {
            if k + 1 < digits.count, digits[k] == digits[k + 1], let double = numbers.repeatWords.first(where: { $0.value == 2 })?.key,
               rng.chance(0.3) {
                spoken.append("\(double) \(spokenDigit(digits[k]))")
                k += 2
                continue
            }
            spoken.append(spokenDigit(digits[k]))
            k += 1
        }
        return (spoken.joined(separator: " "), value)
    }

    // MARK: Dates

    private mutating func monthName(_ m: Int) -> String { first(dates.months[m - 1]) }

    /// One of a table's sample templates with its placeholders filled, or nil when the table
    /// has none.
    private mutating func fill(_ templates: [String]) -> String? {
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

    private mutating func date() -> (text: String, value: String?) {
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

    // MARK: Times

    private mutating func time() -> (text: String, value: String?) {
        if let text = fill(dates.timeSamples) { return (text, nil) }
        guard hasDateWords else {
            let h = rng.below(24), m = rng.below(60)
            let value = "\(CivilDate.pad(h, 2)):\(CivilDate.pad(m, 2))"
            return (rng.chance(0.5) ? value : "\(h):\(CivilDate.pad(m, 2))", value)
        }
        let h12 = 1 + rng.below(12)
        let pm = rng.chance(0.5)
        let h24 = pm ? (h12 == 12 ? 12 : h12 + 12) : (h12 == 12 ? 0 : h12)
        let meridiem = pm ? keyword(.pm) : keyword(.am)
        switch rng.below(9) {
        case 0, 1:
            // "seven thirty pm", "seven oh five", "six o'clock".
            let minute = [0, 5, 10, 15, 20, 30, 40, 45, 50][rng.below(9)]
            var text = words(Int64(h12)) ?? String(h12)
            if minute == 0 {
                if rng.chance(0.5) { text += " " + keyword(.oclock) }
            } else if minute < 10 {
                text += " \(first(numbers.zeroDigits.first ?? numbers.units[0])) \(words(Int64(minute)) ?? "")"
            } else {
                text += " " + (words(Int64(minute)) ?? String(minute))
            }
            if rng.chance(0.7) {
                return ("\(text) \(meridiem)", "\(CivilDate.pad(h24, 2)):\(CivilDate.pad(minute, 2))")
            }
            return (text, "\(CivilDate.pad(h12, 2)):\(CivilDate.pad(minute, 2))")
        case 2:
            let m = rng.below(60)
            let value = "\(CivilDate.pad(h24, 2)):\(CivilDate.pad(m, 2))"
            if rng.chance(0.5) { return (value, value) }
            return ("\(h12):\(CivilDate.pad(m, 2)) \(meridiem)", value)
        case 3:
            return ("\(h12) \(meridiem)", "\(CivilDate.pad(h24, 2)):00")
        case 4:
            return rng.chance(0.5) ? (keyword(.noon), "12:00") : (keyword(.midnight), "00:00")
        case 5:
            let (phrase, minutes, before): (String, Int, Bool) = [
                ("\(keyword(.quarter)) \(keyword(.past))", 15, false), ("\(keyword(.half)) \(keyword(.past))", 30, false),
                ("\(keyword(.quarter)) \(keyword(.to))", 15, true),
                ("\(words(10) ?? "10") \(keyword(.past))", 10, false), ("\(words(20) ?? "20") \(keyword(.to))", 20, true),
            ][rng.below(5)]
            var h = before ? h12 - 1 : h12
            if h == 0 { h = 12 }
            let m = before ? 60 - minutes : minutes
            return ("\(phrase) \(words(Int64(h12)) ?? String(h12))", "\(CivilDate.pad(h, 2)):\(CivilDate.pad(m, 2))")
        case 6:
            let p = rng.below(4)
            let word = first(dates.partsOfDay[p])
            let text: String
            switch rng.below(3) {
            case 0: text = "\(keyword(.in)) \(keyword(.the)) \(word)"
            case 1: text = "\(keyword(.this)) \(word)"
            default: text = word
            }
            return (text, ["MO", "AF", "EV", "NI"][p])
        case 7:
            let evening = rng.chance(0.5)
            let h = evening ? 5 + rng.below(7) : 5 + rng.below(6)
            let part = first(dates.partsOfDay[evening ? 2 : 0])
            let value = "\(CivilDate.pad(evening ? h + 12 : h, 2)):00"
            return ("\(words(Int64(h)) ?? String(h)) \(keyword(.in)) \(keyword(.the)) \(part)", value)
        default:
            let m = 10 + rng.below(50)
            return ("\(words(Int64(h12)) ?? String(h12)) \(words(Int64(m)) ?? String(m))",
                    "\(CivilDate.pad(h12, 2)):\(CivilDate.pad(m, 2))")
        }
    }

    // MARK: Durations

    private mutating func duration() -> (text: String, value: String?)? {
        if let text = fill(dates.durationSamples) { return (text, nil) }
        guard hasDateWords else { return nil }
        let article = numbers.articlesForOne
        func a(_ unit: DurationUnit) -> String {
            guard !article.isEmpty else { return first(numbers.units[1]) }
            return unit == .hour && article.count > 1 ? article[1] : article[0]
        }
        switch rng.below(8) {
        case 0, 1, 2:
            let unit = [DurationUnit.second, .minute, .minute, .hour, .day, .week, .month, .year][rng.below(8)]
            let n = Int64(unit == .second || unit == .minute ? 1 + rng.below(90) : 1 + rng.below(12))
            let count = n == 1 && rng.chance(0.5) ? a(unit) : wordsOrDigits(n, digits: 0.3)
            let letter: String
            switch unit {
            case .second: letter = "T\(n)S"
            case .minute: letter = "T\(n)M"
            case .hour: letter = "T\(n)H"
            case .day: letter = "\(n)D"
            case .week: letter = "\(n)W"
            case .month: letter = "\(n)M"
            default: letter = "\(n)Y"
            }
            return ("\(count) \(unitWord(unit, count: Rational(n)))", "P" + letter)
        case 3:
            let unit = [DurationUnit.hour, .day, .minute][rng.below(3)]
            let value = ["PT1H30M", "P1DT12H", "PT1M30S"][[DurationUnit.hour, .day, .minute].firstIndex(of: unit)!]
            return ("\(a(unit)) \(unitWord(unit, count: Rational(1))) \(keyword(.and)) \(article.first ?? "") \(keyword(.half))", value)
        case 4:
            return ("\(keyword(.half)) \(a(.hour)) \(unitWord(.hour, count: Rational(1)))", "PT30M")
        case 5:
            let h = Int64(1 + rng.below(3)), m = Int64(5 * (1 + rng.below(11)))
            return ("\(wordsOrDigits(h, digits: 0.2)) \(unitWord(.hour, count: Rational(h))) \(keyword(.and)) \(wordsOrDigits(m, digits: 0.2)) \(unitWord(.minute, count: Rational(m)))",
                    "PT\(h)H\(m)M")
        case 6:
            let n = Int64(1 + rng.below(4))
            return ("\(words(n) ?? String(n)) \(keyword(.and)) \(article.first ?? "") \(keyword(.half)) \(unitWord(.hour, count: Rational(2)))",
                    "PT\(n)H30M")
        default:
            return ("\(article.first ?? "") \(keyword(.quarter)) \(keyword(.of)) \(a(.hour)) \(unitWord(.hour, count: Rational(1)))", "PT15M")
        }
    }
}
