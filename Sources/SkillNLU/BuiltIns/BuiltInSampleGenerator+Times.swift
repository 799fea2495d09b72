import BuiltInValues
extension BuiltInSampleGenerator {
    // MARK: Times

    mutating func time() -> (text: String, value: String?) {
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

    mutating func duration() -> (text: String, value: String?)? {
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
